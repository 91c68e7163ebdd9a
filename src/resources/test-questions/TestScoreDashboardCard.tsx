import { use } from 'react';
import { Button } from '@mui/material';
import { Link } from 'react-router';
import { useI18nProvider, useTranslate } from 'react-admin';
import type { AppI18nProvider } from '../../providers/i18nProvider.ts';
import { TestScoreCard } from './TestScoreCard.tsx';
import { useTestRuns } from './useTestRuns.ts';

/** The dashboard page's small quality-score card: the current score, its trend, a link to the test questions. */
export function TestScoreDashboardCard({ chatbotId }: { chatbotId: string | null }) {
  // Its texts are in the whole catalogue, not in the first screen's German part (i18n/deShell.ts): a German
  // user who opens the dashboard first would see message keys.
  use((useI18nProvider() as AppI18nProvider).allMessages());
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
