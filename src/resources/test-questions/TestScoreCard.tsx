import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { TestRun } from './types.ts';
import { runPending } from './useTestRuns.ts';

const TestScoreChart = lazy(() => import('./TestScoreChart.tsx'));

/**
 * The current quality score (the latest completed run) and its trend per training run. On the test-question
 * screen and, smaller, on the dashboard page.
 */
export function TestScoreCard({ runs, running, action, chartHeight = 180 }: { runs: TestRun[] | undefined; running?: boolean; action?: ReactNode; chartHeight?: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const done = (runs ?? []).filter((r) => r.status === 'completed' && r.score !== null);
  const last = done[done.length - 1];
  // Due but not started (a training change's run waits a few seconds, so a burst of edits is one run).
  const queued = !!runs?.some((r) => r.status === 'queued') && !runs.some((r) => r.status === 'running');
  const busy = running || runPending(runs);
  return (
    <Card data-testid="test-score-card">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }} justifyContent="space-between">
          <Box>
            <Typography variant="h6" component="h2">{translate('testQuestions.score.title')}</Typography>
            {!runs ? (
              <Skeleton width={160} height={48} />
            ) : last ? (
              <>
                <Typography variant="h4" component="p" data-testid="test-score" data-score={last.score ?? ''}>
                  {(last.score ?? 0).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 })}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="test-score-detail">
                  {translate('testQuestions.score.value', { passed: last.passed, total: last.total })} ·{' '}
                  {translate('testQuestions.score.lastRun', { date: new Date(last.finishedAt ?? last.startedAt).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }) })}
                </Typography>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="test-score-none">{translate('testQuestions.score.none')}</Typography>
            )}
          </Box>
          {action}
        </Stack>
        {busy && (
          <Box sx={{ mt: 1 }} role="status" aria-live="polite">
            <Typography variant="body2" color="text.secondary" data-testid="test-score-pending">{translate(queued ? 'testQuestions.score.queued' : 'testQuestions.score.running')}</Typography>
            <LinearProgress aria-label={translate(queued ? 'testQuestions.score.queued' : 'testQuestions.score.running')} />
          </Box>
        )}
        {done.length > 1 && (
          <Box sx={{ mt: 2 }} data-testid="test-score-trend" role="img" aria-label={translate('testQuestions.score.trend')}>
            <Typography variant="subtitle2" component="h3">{translate('testQuestions.score.trend')}</Typography>
            <Suspense fallback={<Skeleton variant="rounded" height={chartHeight} />}>
              <TestScoreChart runs={done} height={chartHeight} />
            </Suspense>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
