/**
 * The daily retention job (services/privacy.ts runRetention): accounts whose owner deleted them go with
 * all their rows and files, then chats and leads older than their chatbot's retention period. Deleting
 * an account also queues a run at once, so its data does not wait for the next night.
 */
import type { AppContext } from '../context.ts';
import { runRetention } from '../services/privacy.ts';
import type { Jobs } from './boss.ts';

export const RETENTION_QUEUE = 'privacy-retention';
/** 03:17 UTC: after midnight in Europe, off the full hour other schedules use. */
const DAILY = '17 3 * * *';

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

/** "stately": at most one run queued and one running; a request during a run still gets a run after it. */
const ready = new WeakMap<object, Promise<unknown>>();
function ensureQueue(jobs: Jobs) {
  let p = ready.get(jobs.boss);
  if (!p) {
    p = jobs.createQueue(RETENTION_QUEUE, { name: RETENTION_QUEUE, policy: 'stately', retryLimit: 5, retryDelay: 60, retryBackoff: true });
    p.catch(() => ready.delete(jobs.boss));
    ready.set(jobs.boss, p);
  }
  return p;
}

/** Runs the retention job soon (an account was deleted); the daily schedule is the fallback. */
export async function queueRetention(ctx: Pick<AppContext, 'jobs'>) {
  await ensureQueue(ctx.jobs);
  await ctx.jobs.send(RETENTION_QUEUE, {});
}

export async function registerRetentionWorker(ctx: Ctx) {
  await ensureQueue(ctx.jobs);
  await ctx.jobs.work(RETENTION_QUEUE, async () => {
    await runRetention(ctx);
  });
  await ctx.jobs.schedule(RETENTION_QUEUE, DAILY, {});
}
