import type { Queryable } from '../db/index.ts';
import type { ScheduleRow } from '../training/schedules.ts';
import type { ListPage } from './listing.ts';

/** The API's sort fields and the columns they order by. */
export const SCHEDULES_SORTABLE = { url: 'url', createdAt: 'created_at', lastRunAt: 'last_run_at', status: 'status', id: 'id' };

export interface ScheduleFilter {
  chatbotId: string;
  lang?: string;
  websiteId?: string;
  webpageId?: string;
  id?: string[];
}

/** Training schedules as the API edits them; running them is training/schedules.ts. */
export const schedulesRepo = {
  async list(db: Queryable, organizationId: string, f: ScheduleFilter, page: ListPage) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (f.lang) where += ` and lang = $${params.push(f.lang)}`;
    if (f.websiteId) where += ` and website_id = $${params.push(f.websiteId)}`;
    if (f.webpageId) where += ` and webpage_id = $${params.push(f.webpageId)}`;
    if (f.id) where += ` and id = any($${params.push(f.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from training_schedules where ${where}`, params)).rows[0].n;
    const rows = await db.query<ScheduleRow>(`select * from training_schedules where ${where} order by ${page.orderBy}, id limit ${page.limit} offset ${page.offset}`, params);
    return { total, rows: rows.rows };
  },
  async create(
    db: Queryable,
    s: {
      organizationId: string; chatbotId: string; websiteId: string; webpageId: string | null; lang: string; url: string;
      cron: string; preset: string | null; includeSubsites: boolean; status: ScheduleRow['status']; nextRunAt: string | null;
    },
  ) {
    const r = await db.query<ScheduleRow>(
      `insert into training_schedules (organization_id, chatbot_id, website_id, webpage_id, lang, url, cron, preset, include_subsites, status, next_run_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
      [s.organizationId, s.chatbotId, s.websiteId, s.webpageId, s.lang, s.url, s.cron, s.preset, s.includeSubsites, s.status, s.nextRunAt],
    );
    return r.rows[0];
  },
  async update(
    db: Queryable,
    id: string,
    s: { cron: string; preset: string | null; includeSubsites: boolean; status: ScheduleRow['status']; nextRunAt: string | null },
  ) {
    const r = await db.query<ScheduleRow>(
      'update training_schedules set cron = $2, preset = $3, include_subsites = $4, status = $5, next_run_at = $6 where id = $1 returning *',
      [id, s.cron, s.preset, s.includeSubsites, s.status, s.nextRunAt],
    );
    return r.rows[0];
  },
  async remove(db: Queryable, id: string) {
    await db.query('delete from training_schedules where id = $1', [id]);
  },
  async byId(db: Queryable, id: string) {
    return (await db.query<ScheduleRow>('select * from training_schedules where id = $1', [id])).rows[0];
  },
  /** Active schedules due at `now`, the longest overdue first (at most 100). */
  async due(db: Queryable, now: string) {
    const r = await db.query<ScheduleRow & { next_run_at: string }>(
      `select * from training_schedules where status = 'active' and next_run_at <= $1 order by next_run_at limit 100`,
      [now],
    );
    return r.rows;
  },
  /** Moves a still-due run on to `nextRunAt`; false when a concurrent dispatcher claimed it first. */
  async claimRun(db: Queryable, id: string, now: string, nextRunAt: string | null) {
    const r = await db.query(
      `update training_schedules set next_run_at = $3 where id = $1 and status = 'active' and next_run_at <= $2`,
      [id, now, nextRunAt],
    );
    return r.rowCount > 0;
  },
  async recordRun(db: Queryable, id: string, jobId: string) {
    await db.query('update training_schedules set last_run_at = now(), last_job_id = $2 where id = $1', [id, jobId]);
  },
  /** Schedules of single pages follow their pages to another website (and its language). */
  async moveWebpagesToWebsite(db: Queryable, website: { id: string; lang: string }, webpageIds: string[]) {
    await db.query('update training_schedules set website_id = $1, lang = $2 where webpage_id = any($3::uuid[])', [website.id, website.lang, webpageIds]);
  },
};
