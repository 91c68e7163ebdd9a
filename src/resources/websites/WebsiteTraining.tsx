import { useState } from 'react';
import { Alert, Box, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { UpgradePrompt } from '../../components/UpgradePrompt.tsx';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { WebpageList } from '../webpages/WebpageList.tsx';
import type { Webpage } from '../webpages/types.ts';
import { AddWebsiteDialog } from './AddWebsiteDialog.tsx';
import { DomainBar } from './DomainBar.tsx';
import { WebsiteActions } from './WebsiteActions.tsx';
import { NoValidUrlsAlert } from './NoValidUrlsAlert.tsx';
import { ScheduleDialog, type ScheduleTarget } from './ScheduleDialog.tsx';
import { ScheduleList } from './ScheduleList.tsx';
import { ScrapeJobsPanel } from './ScrapeJobsPanel.tsx';
import { POLL_MS, useScrapeJobs } from './useScrapeJobs.ts';
import { useTrainingAction } from './useTrainingAction.ts';
import type { Website } from './types.ts';

/**
 * /training/website: the domains of the active language, the chosen domain's actions, scrape jobs,
 * schedules and pages. While a job runs the jobs and pages are polled, so the screen follows the crawl.
 */
export function WebsiteTraining() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { filter: scope } = useTrainingScope();
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [schedule, setSchedule] = useState<ScheduleTarget | null>(null);
  const { data: websites = [], isPending, refetch: refetchSites } = useGetList<Website>('websites', {
    filter: scope, pagination: { page: 1, perPage: 100 }, sort: { field: 'domain', order: 'ASC' },
  });
  const website = websites.find((w) => w.id === chosen) ?? websites[0];
  const jobs = useScrapeJobs(scope, website?.id);
  const action = useTrainingAction(() => void jobs.refetch());
  const polling = jobs.running ? POLL_MS : false;

  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Stack spacing={2} data-testid="website-training">
      <DomainBar websites={websites} selected={website?.id} onSelect={setChosen} onAdd={() => setAdding(true)} />
      {!website && <Alert severity="info" data-testid="no-websites">{translate('training.website.noWebsites')}</Alert>}
      {website && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', mr: 1 }} data-testid="website-domain-title">
                {website.domain}
              </Typography>
              <Chip size="small" label={translate('training.website.pageCount', { smart_count: website.pages })} data-testid="website-page-count" />
              {jobs.running && <Chip size="small" color="info" label={translate('training.website.beingTrained')} data-testid="website-being-trained" />}
              {!jobs.running && website.lastTrained && (
                <Typography variant="caption" color="text.secondary">
                  {translate('training.website.lastTrained', { date: new Date(website.lastTrained).toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }) })}
                </Typography>
              )}
            </Stack>
            <WebsiteActions website={website} scope={scope} run={action.run} busy={action.busy} running={jobs.running} onSchedule={() => setSchedule({ websiteId: website.id, url: website.domain })} />
          </Paper>
          {action.notice?.kind === 'limit' && <UpgradePrompt reason="monthlyTrainingCycles" max={action.notice.details.cycles} />}
          {action.notice?.kind === 'noValidUrls' && <NoValidUrlsAlert causes={action.notice.causes} onClose={action.clearNotice} />}
          <ScrapeJobsPanel jobs={jobs.jobs} />
          <ScheduleList scope={scope} websiteId={website.id} onEdit={(s) => setSchedule({ websiteId: s.websiteId, webpageId: s.webpageId ?? undefined, url: s.url, schedule: s })} />
          <Box>
            <WebpageList
              key={website.id}
              scope={scope}
              websiteId={website.id}
              polling={polling}
              run={action.run}
              busy={action.busy}
              onSchedule={(p: Webpage) => setSchedule({ webpageId: p.id, url: p.url })}
            />
          </Box>
        </>
      )}
      <AddWebsiteDialog
        open={adding}
        onClose={() => setAdding(false)}
        scope={scope}
        onAdded={(w) => {
          setAdding(false);
          setChosen(w.id);
          if (w.alreadyCrawled)
            notify('training.website.alreadyCollected', { type: 'success', messageArgs: { smart_count: w.adoptedPages ?? 0 }, autoHideDuration: 10_000 });
          void refetchSites();
          void jobs.refetch();
        }}
      />
      <ScheduleDialog target={schedule} scope={scope} onClose={() => setSchedule(null)} />
    </Stack>
  );
}
