import { Alert, AlertTitle, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UpgradePrompt } from '../../components/UpgradePrompt.tsx';
import { MaybeIncompletePages } from './MaybeIncompletePages.tsx';
import { NoValidUrlsAlert } from './NoValidUrlsAlert.tsx';
import { UrlListToggle } from './UrlListToggle.tsx';
import type { ScrapeJob } from './types.ts';

/**
 * What the latest finished job means for the user: nothing found (with the causes), or a plan limit that
 * stopped it: which pages were trained and which were not; and pages that may be incomplete.
 */
export function JobOutcome({ job }: { job: ScrapeJob }) {
  const translate = useTranslate();
  if (job.status === 'failed' && job.error === 'NoValidUrlsFound') return <NoValidUrlsAlert causes={job.errorDetails?.causes ?? []} />;
  if (job.status === 'failed') return <Alert severity="error" data-testid="job-failed">{translate('training.jobs.failed')}</Alert>;
  const incomplete = <MaybeIncompletePages urls={job.pagesMaybeIncomplete ?? []} />;
  if (!job.limitReached) return incomplete;
  const planLimit = job.limitReached === 'monthlyTrainingCycles' || job.limitReached === 'maxWebpages';
  return (
    <Stack spacing={1} data-testid="job-limit" data-limit={job.limitReached}>
      {incomplete}
      <Alert severity="warning">
        <AlertTitle>{translate(`training.jobs.limit.${planLimit ? job.limitReached : 'bounds'}`)}</AlertTitle>
        {translate('training.jobs.limit.partial', { trained: job.pagesTrained, notTrained: job.notTrained.length })}
        {job.notTrained.length > 0 && <UrlListToggle urls={job.notTrained} showLabel="training.jobs.limit.showList" hideLabel="training.jobs.limit.hideList" />}
      </Alert>
      {planLimit && <UpgradePrompt reason={job.limitReached as 'monthlyTrainingCycles' | 'maxWebpages'} compact />}
    </Stack>
  );
}
