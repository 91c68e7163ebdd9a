import { Button } from '@mui/material';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import { TestScoreCard } from './TestScoreCard.tsx';
import { useTestRuns } from './useTestRuns.ts';

/** The dashboard page's small quality-score card: the current score, its trend, a link to the test questions. */
export function TestScoreDashboardCard({ chatbotId }: { chatbotId: string | null }) {
  const translate = useTranslate();
  const runs = useTestRuns(chatbotId);
  return (
    <TestScoreCard
      runs={runs.data}
      chartHeight={140}
      action={<Button component={Link} to="/test-questions" size="small" sx={{ flexShrink: 0, whiteSpace: 'nowrap', alignSelf: 'flex-start' }} data-testid="dashboard-open-tests">{translate('testQuestions.score.open')}</Button>}
    />
  );
}
