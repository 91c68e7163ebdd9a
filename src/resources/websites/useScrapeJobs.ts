import { useEffect, useRef } from 'react';
import { useGetList, useRefresh } from 'react-admin';
import { isRunning, type ScrapeJob } from './types.ts';

export const POLL_MS = 1500;

/**
 * The website's latest scrape jobs. While one is initialized or running they are polled, and the pages
 * list refreshes with them, so "being trained" turns into a date without a manual reload.
 */
export function useScrapeJobs(scope: Record<string, string>, websiteId: string | undefined) {
  const refresh = useRefresh();
  const result = useGetList<ScrapeJob>(
    'scrape-jobs',
    { filter: { ...scope, websiteId }, pagination: { page: 1, perPage: 5 }, sort: { field: 'createdAt', order: 'DESC' } },
    {
      enabled: !!websiteId,
      refetchInterval: (query) => ((query.state.data as { data?: ScrapeJob[] } | undefined)?.data?.some(isRunning) ? POLL_MS : false),
    },
  );
  const running = (result.data ?? []).some(isRunning);
  const wasRunning = useRef(running);
  useEffect(() => {
    // The last poll saw the jobs end: reload pages and domains once more for their final state.
    if (wasRunning.current && !running) refresh();
    wasRunning.current = running;
  }, [running, refresh]);
  return { jobs: result.data ?? [], running, refetch: result.refetch };
}
