import { Cron } from 'croner';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { schedulesRepo } from '../repositories/schedules.ts';
import { runScrapeJob } from './crawler.ts';
import { scrapeJobsRepo } from './scrapeJobs.ts';

export const TRAINING_SCHEDULE_QUEUE = 'training-schedule';

/** The dashboard's simple presets; the default is once a year on 1 January at 00:00. */
export { SCHEDULE_PRESETS, DEFAULT_CRON, presetOf, type SchedulePreset } from '../../../contract/schedules.ts';

/**
 * A cron expression pg-boss can run: five fields (minute hour day month weekday), parsed
 * by croner. Returns the next runs (UTC) or throws InvalidCron.
 */
export function nextRuns(cron: string, count = 5, from?: Date): string[] {
  const expr = cron.trim().replace(/\s+/g, ' ');
  if (expr.split(' ').length !== 5) throw badRequest('InvalidCron', 'A cron expression has five fields: minute hour day month weekday', { cron });
  let job: Cron;
  try {
    job = new Cron(expr, { paused: true, timezone: 'UTC', legacyMode: true });
  } catch (e) {
    throw badRequest('InvalidCron', `Invalid cron expression: ${(e as Error).message}`, { cron });
  }
  const runs = job.nextRuns(count, from ?? new Date());
  job.stop();
  if (!runs.length) throw badRequest('InvalidCron', 'The cron expression never runs', { cron });
  return runs.map((d) => d.toISOString());
}


export interface ScheduleRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  website_id: string;
  webpage_id: string | null;
  lang: string;
  url: string;
  cron: string;
  preset: string | null;
  include_subsites: boolean;
  status: 'active' | 'paused';
  last_run_at: string | null;
  next_run_at: string | null;
  last_job_id: string | null;
  created_at: string;
}

export const toApiSchedule = (s: ScheduleRow) => {
  let runs: string[] = [];
  try {
    runs = s.status === 'active' ? nextRuns(s.cron, 3) : [];
  } catch {
    /* stored expressions were validated; an unparsable one simply shows no runs */
  }
  return {
    id: s.id, chatbotId: s.chatbot_id, websiteId: s.website_id, webpageId: s.webpage_id, lang: s.lang, url: s.url,
    interval: s.cron, cron: s.cron, preset: s.preset, includeSubsites: s.include_subsites, status: s.status,
    lastRunAt: s.last_run_at, nextRunAt: s.next_run_at, lastJobId: s.last_job_id, nextRuns: runs, createdAt: s.created_at,
  };
};

/**
 * pg-boss 10 holds one cron schedule per queue, so training schedules are not each a pg-boss
 * schedule: one minutely pg-boss schedule (TRAINING_TICK_QUEUE) dispatches every training
 * schedule whose next run is due, and each row keeps its own next_run_at from its cron.
 */
export const TRAINING_TICK_QUEUE = 'training-schedule-tick';

export function nextRunAfter(cron: string, from = new Date()): string | null {
  try {
    return nextRuns(cron, 1, from)[0];
  } catch {
    return null;
  }
}

/** Claims each due schedule (moving its next run on, so two workers never take the same run) and queues it. */
export async function dispatchDueSchedules(ctx: Pick<AppContext, 'db' | 'jobs'>, now = new Date()) {
  const due = await schedulesRepo.due(ctx.db, now.toISOString());
  let queued = 0;
  for (const s of due) {
    // Still due at claim time: a concurrent dispatcher that claimed it first has moved it on.
    if (!(await schedulesRepo.claimRun(ctx.db, s.id, now.toISOString(), nextRunAfter(s.cron, now)))) continue;
    await ctx.jobs.send(TRAINING_SCHEDULE_QUEUE, { scheduleId: s.id }, { retryLimit: 1, expireInSeconds: 3600 });
    queued++;
  }
  return queued;
}

/**
 * One scheduled rerun: the page (and its subpages, if asked) or the whole website is crawled
 * again; the job reports pages added, changed and removed.
 */
export async function runSchedule(ctx: Pick<AppContext, 'db' | 'config'>, scheduleId: string) {
  const s = await schedulesRepo.byId(ctx.db, scheduleId);
  if (!s || s.status !== 'active') return null;
  const site = !s.webpage_id;
  const job = await scrapeJobsRepo.create(ctx.db, {
    organizationId: s.organization_id, chatbotId: s.chatbot_id, websiteId: s.website_id, lang: s.lang,
    type: s.include_subsites ? 'spider' : site ? 'rescrape' : 'single',
    url: s.url, scrapeSubsites: s.include_subsites,
    // A whole-site rerun also notices pages that disappeared.
    removeMissing: site && s.include_subsites,
    scheduleId: s.id,
  });
  await schedulesRepo.recordRun(ctx.db, s.id, job.id);
  return runScrapeJob(ctx, job.id);
}
