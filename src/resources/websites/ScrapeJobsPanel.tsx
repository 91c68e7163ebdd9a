import { Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { JobOutcome } from './JobOutcome.tsx';
import { isRunning, type ScrapeJob } from './types.ts';

const COLOR = { initialized: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

/** The website's latest scrape jobs with their type, status and what they found, added, changed and removed. */
export function ScrapeJobsPanel({ jobs }: { jobs: ScrapeJob[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!jobs.length) return null;
  const latestDone = jobs.find((j) => !isRunning(j));
  return (
    <Stack spacing={1}>
      {latestDone && latestDone === jobs[0] && <JobOutcome job={latestDone} />}
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="scrape-jobs">
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {translate('training.jobs.title')}
        </Typography>
        <Stack spacing={0.75}>
          {jobs.map((j) => (
            <Box key={j.id} data-testid="scrape-job" data-status={j.status} data-type={j.type}>
              <Stack direction="row" spacing={1} alignItems="center">
                <Chip
                  size="small"
                  color={COLOR[j.status]}
                  icon={isRunning(j) ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
                  label={translate(`training.jobs.status.${j.status}`)}
                />
                <Typography variant="body2" fontWeight={500} sx={{ flex: 1 }}>
                  {translate(`training.jobs.type.${j.type}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {new Date(j.createdAt).toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { dateStyle: 'short', timeStyle: 'short' })}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ pl: { sm: 1 }, mt: 0.25 }}>
                {translate('training.jobs.counts', {
                  found: j.pagesFound, trained: j.pagesTrained, added: j.pagesAdded, changed: j.pagesChanged, unchanged: j.pagesUnchanged, removed: j.pagesRemoved,
                })}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
