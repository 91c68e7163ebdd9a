import type { Queryable } from '../db/index.ts';
import type { ListPage } from '../repositories/listing.ts';

export type ScrapeJobType = 'spider' | 'sitemap' | 'single' | 'rescrape' | 'selective';
export type ScrapeJobStatus = 'initialized' | 'running' | 'completed' | 'failed';

export interface ScrapeJobRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  website_id: string;
  lang: string;
  type: ScrapeJobType;
  status: ScrapeJobStatus;
  url: string | null;
  urls: string[];
  scrape_subsites: boolean;
  only_new: boolean;
  remove_missing: boolean;
  schedule_id: string | null;
  pages_found: number;
  pages_trained: number;
  pages_added: number;
  pages_changed: number;
  pages_unchanged: number;
  pages_removed: number;
  pages_failed: number;
  not_trained: string[];
  limit_reached: string | null;
  error: string | null;
  error_details: Record<string, unknown> | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

type Stats = Pick<ScrapeJobRow, 'pages_found' | 'pages_trained' | 'pages_added' | 'pages_changed' | 'pages_unchanged' | 'pages_removed' | 'pages_failed'>;

/** The API's sort fields and the columns they order by. */
export const SCRAPE_JOBS_SORTABLE = { createdAt: 'created_at', status: 'status', type: 'type', finishedAt: 'finished_at', id: 'id' };

export interface ScrapeJobFilter {
  chatbotId: string;
  lang?: string;
  websiteId?: string;
  status?: ScrapeJobStatus;
  type?: ScrapeJobType;
}

export const scrapeJobsRepo = {
  /** One page of the organization's jobs for a chatbot, with the total the filter matches. */
  async list(db: Queryable, organizationId: string, f: ScrapeJobFilter, page: ListPage) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (f.lang) where += ` and lang = $${params.push(f.lang)}`;
    if (f.websiteId) where += ` and website_id = $${params.push(f.websiteId)}`;
    if (f.status) where += ` and status = $${params.push(f.status)}`;
    if (f.type) where += ` and type = $${params.push(f.type)}`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from scrape_jobs where ${where}`, params)).rows[0].n;
    const rows = await db.query<ScrapeJobRow>(`select * from scrape_jobs where ${where} order by ${page.orderBy}, id limit ${page.limit} offset ${page.offset}`, params);
    return { total, rows: rows.rows };
  },
  async create(
    db: Queryable,
    j: {
      organizationId: string; chatbotId: string; websiteId: string; lang: string; type: ScrapeJobType; url?: string | null;
      urls?: string[]; scrapeSubsites?: boolean; onlyNew?: boolean; removeMissing?: boolean; scheduleId?: string | null;
    },
  ) {
    const r = await db.query<ScrapeJobRow>(
      `insert into scrape_jobs (organization_id, chatbot_id, website_id, lang, type, url, urls, scrape_subsites, only_new, remove_missing, schedule_id)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11) returning *`,
      [j.organizationId, j.chatbotId, j.websiteId, j.lang, j.type, j.url ?? null, JSON.stringify(j.urls ?? []), !!j.scrapeSubsites, !!j.onlyNew, !!j.removeMissing, j.scheduleId ?? null],
    );
    return r.rows[0];
  },
  async byId(db: Queryable, id: string) {
    return (await db.query<ScrapeJobRow>('select * from scrape_jobs where id = $1', [id])).rows[0] ?? null;
  },
  /** initialized → running; a retried job that was running continues. Null when already finished. */
  async start(db: Queryable, id: string) {
    const r = await db.query<ScrapeJobRow>(
      `update scrape_jobs set status = 'running', started_at = coalesce(started_at, now())
        where id = $1 and status in ('initialized', 'running') returning *`,
      [id],
    );
    return r.rows[0] ?? null;
  },
  async progress(db: Queryable, id: string, s: Stats) {
    await db.query(
      `update scrape_jobs set pages_found = $2, pages_trained = $3, pages_added = $4, pages_changed = $5, pages_unchanged = $6,
         pages_removed = $7, pages_failed = $8 where id = $1`,
      [id, s.pages_found, s.pages_trained, s.pages_added, s.pages_changed, s.pages_unchanged, s.pages_removed, s.pages_failed],
    );
  },
  async finish(
    db: Queryable, id: string, status: 'completed' | 'failed', s: Stats, notTrained: string[], limitReached: string | null,
    error: string | null, details: Record<string, unknown> | null,
  ) {
    await this.progress(db, id, s);
    await db.query(
      `update scrape_jobs set status = $2, not_trained = $3::jsonb, limit_reached = $4, error = $5, error_details = $6::jsonb, finished_at = now()
        where id = $1`,
      [id, status, JSON.stringify(notTrained), limitReached, error, details ? JSON.stringify(details) : null],
    );
    await this.release(db, id);
  },
  /** A job whose process kept dying: failed, unless it ended meanwhile. */
  async abandon(db: Queryable, id: string, message: string) {
    await db.query(
      `update scrape_jobs set status = 'failed', error = 'Unknown', error_details = $2::jsonb, finished_at = now()
        where id = $1 and status in ('initialized', 'running')`,
      [id, JSON.stringify({ message })],
    );
    await this.release(db, id);
  },
  /**
   * The pages this job marked as "being trained" are released, whatever happened. Its page log keeps only the
   * pages it added, changed or removed: the crawl report a failing test question names (services/testQuestions.ts).
   */
  async release(db: Queryable, id: string) {
    await db.query('update webpages set training_job_id = null where training_job_id = $1', [id]);
    await db.query(`delete from scrape_job_pages where job_id = $1 and outcome not in ('added', 'changed', 'removed')`, [id]);
  },
  /** The initial setup's crawl of a chatbot that has not ended (its setup job is being retried). */
  async unfinishedSetupCrawl(db: Queryable, chatbotId: string) {
    const r = await db.query<ScrapeJobRow>(
      `select * from scrape_jobs where chatbot_id = $1 and type = 'spider' and schedule_id is null and status in ('initialized', 'running')
        order by created_at desc limit 1`,
      [chatbotId],
    );
    return r.rows[0] ?? null;
  },
  /** Whether a spider or sitemap crawl of one of the websites has run (or is under way). */
  async anyWholeSiteCrawl(db: Queryable, websiteIds: string[]) {
    const r = await db.query(
      `select 1 from scrape_jobs where website_id = any($1::uuid[]) and type in ('spider', 'sitemap') and status <> 'failed' limit 1`,
      [websiteIds],
    );
    return r.rows.length > 0;
  },
  /** The latest crawl of a training schedule that has not ended. */
  async unfinishedOfSchedule(db: Queryable, scheduleId: string) {
    const r = await db.query<ScrapeJobRow>(
      `select * from scrape_jobs where schedule_id = $1 and status in ('initialized', 'running') order by created_at desc limit 1`,
      [scheduleId],
    );
    return r.rows[0] ?? null;
  },
  /** Logs how the job handled a page (in the transaction that stored it), so a resumed crawl does it once. */
  async recordPage(db: Queryable, id: string, url: string, outcome: PageOutcome) {
    await db.query('insert into scrape_job_pages (job_id, url, outcome) values ($1, $2, $3) on conflict do nothing', [id, url, outcome]);
  },
  /** The pages an earlier attempt of this job handled. */
  async handledPages(db: Queryable, id: string) {
    const r = await db.query<{ url: string; outcome: PageOutcome }>('select url, outcome from scrape_job_pages where job_id = $1', [id]);
    return new Map(r.rows.map((x) => [x.url, x.outcome]));
  },
};

export type PageOutcome = 'added' | 'changed' | 'unchanged' | 'removed' | 'failed';

/** The counts an earlier attempt reached, taken up by the attempt that resumes it. */
export function statsOf(handled: Map<string, PageOutcome>): Stats {
  const n = (o: PageOutcome) => [...handled.values()].filter((x) => x === o).length;
  return {
    pages_found: 0, pages_trained: n('added') + n('changed'), pages_added: n('added'), pages_changed: n('changed'),
    pages_unchanged: n('unchanged'), pages_removed: n('removed'), pages_failed: n('failed'),
  };
}

/** The API's view of a scrape job. */
export function toApiScrapeJob(j: ScrapeJobRow) {
  return {
    id: j.id,
    chatbotId: j.chatbot_id,
    websiteId: j.website_id,
    lang: j.lang,
    type: j.type,
    status: j.status,
    url: j.url,
    urls: j.urls,
    scrapeSubsites: j.scrape_subsites,
    onlyNew: j.only_new,
    scheduleId: j.schedule_id,
    pagesFound: j.pages_found,
    pagesTrained: j.pages_trained,
    pagesAdded: j.pages_added,
    pagesChanged: j.pages_changed,
    pagesUnchanged: j.pages_unchanged,
    pagesRemoved: j.pages_removed,
    pagesFailed: j.pages_failed,
    /** Pages rendered in a browser because scripts fill their content (see render.ts). */
    pagesRendered: Number(j.error_details?.pagesRendered ?? 0),
    /** Pages whose content scripts fill but that could not be rendered (no Chromium, CRAWL_RENDER=off, a cap): only their static text is indexed. */
    pagesMaybeIncomplete: Array.isArray(j.error_details?.pagesMaybeIncomplete) ? (j.error_details.pagesMaybeIncomplete as string[]) : [],
    notTrained: j.not_trained,
    limitReached: j.limit_reached,
    error: j.error,
    errorDetails: j.error_details,
    createdAt: j.created_at,
    startedAt: j.started_at,
    finishedAt: j.finished_at,
  };
}
