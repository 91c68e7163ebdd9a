export interface Website {
  id: string;
  chatbotId: string;
  lang: string;
  domain: string;
  pages: number;
  lastTrained: string | null;
  beingTrained: boolean;
  createdAt: string;
  /** Only in the answer to adding a website: pages of its language taken over from the same site collected in another language. */
  adoptedPages?: number;
  /** Only in the answer to adding a website: the site was already collected in another language, so no crawl was started. */
  alreadyCrawled?: boolean;
}

export type ScrapeJobStatus = 'initialized' | 'running' | 'completed' | 'failed';

export interface ScrapeJob {
  id: string;
  websiteId: string;
  type: 'spider' | 'sitemap' | 'single' | 'rescrape' | 'selective';
  status: ScrapeJobStatus;
  url: string | null;
  scheduleId: string | null;
  pagesFound: number;
  pagesTrained: number;
  pagesAdded: number;
  pagesChanged: number;
  pagesUnchanged: number;
  pagesRemoved: number;
  pagesFailed: number;
  /** Pages rendered in a browser because scripts fill them (absent from older servers). */
  pagesRendered?: number;
  /** Pages scripts fill that could not be rendered: only their static text is trained. */
  pagesMaybeIncomplete?: string[];
  notTrained: string[];
  limitReached: string | null;
  error: string | null;
  errorDetails: { causes?: string[]; message?: string } | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface Schedule {
  id: string;
  websiteId: string;
  webpageId: string | null;
  url: string;
  cron: string;
  preset: string | null;
  includeSubsites: boolean;
  status: 'active' | 'paused';
  lastRunAt: string | null;
  nextRunAt: string | null;
  nextRuns: string[];
}

export const isRunning = (j: Pick<ScrapeJob, 'status'>) => j.status === 'initialized' || j.status === 'running';
