import PgBoss from 'pg-boss';
import type { Db } from '../db/index.ts';
import { startRecovery, type Recovery } from './recovery.ts';
import { giveUpJob } from './givenUp.ts';

/** `retried`: an earlier attempt of this job started (and failed, or its process died). */
export type JobHandler<T> = (data: T, job: { id: string; name: string; retried: boolean }) => Promise<void>;

export interface Jobs {
  /** Queues a job; returns its id. */
  send<T extends object>(queue: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Registers a worker for a queue (only in processes that run workers). */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: { batchSize?: number; pollingIntervalSeconds?: number }): Promise<void>;
  /** Cron schedule (pg-boss 10 keeps one schedule per queue; per-page schedules run from a tick queue). */
  schedule(queue: string, cron: string, data: object): Promise<void>;
  unschedule(queue: string): Promise<void>;
  /** Makes a queue unless it exists; safe when several processes make the same queues at once. */
  createQueue(name: string, options?: PgBoss.Queue): Promise<void>;
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * pg-boss on the same database. On PGlite it runs through the `db` option: one
 * connection, `exec` for multi-statement text and `query` otherwise.
 */
export async function startJobs(db: Db, opts: { databaseUrl?: string; queues: string[] }): Promise<Jobs> {
  let stopping = false;
  const boss = opts.databaseUrl
    ? new PgBoss({ connectionString: opts.databaseUrl, max: 4 })
    : new PgBoss({
        db: {
          executeSql: async (text: string, values?: unknown[]) => {
            if (!values || values.length === 0) {
              // Multi-statement text (pg-boss's own migrations) has no parameters.
              if (text.includes(';') && /;\s*\S/.test(text)) {
                await db.exec(text);
                return { rows: [] };
              }
            }
            try {
              return await db.query(text, values ?? []);
            } catch (e) {
              // pg-boss does not wait for its own bookkeeping (a job's completion or failure): a worker whose fetch
              // was under way when stop() looked for running jobs reports on a database closed after stop(). The
              // job stays active in the database, and the next start retries it (recovery.ts).
              if (!stopping) throw e;
              console.error('[jobs] after stop, not recorded:', (e as Error).message);
              return { rows: [] };
            }
          },
        },
      });
  boss.on('error', (err) => console.error('[jobs]', err.message));
  await boss.start();
  /**
   * pg-boss makes a queue's table partition in its create: two processes starting together can deadlock there
   * (PostgreSQL aborts one of them, 40P01), or one finds the queue made by the other. A queue that exists
   * afterwards is done; an aborted create is tried again, as PostgreSQL advises for deadlocks.
   */
  const createQueue = async (name: string, options?: PgBoss.Queue) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, options);
        return;
      } catch (e) {
        if (await boss.getQueue(name)) return;
        if ((e as { code?: string }).code !== '40P01' || attempt === 5) throw e;
      }
    }
  };
  // One query for the queues that exist (all of them after a first start) instead of a refused create per queue;
  // a create still refused was made by another process meanwhile.
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const q of opts.queues) if (!existing.has(q)) await createQueue(q);
  const known = new Set(opts.queues);
  // This process's workers by queue: a job sent here wakes them at once instead of at their next poll.
  const localWorkers = new Map<string, string[]>();
  let recovery: Recovery | null = null;
  let recoveryStarting: Promise<Recovery> | null = null;
  const ensureQueue = async (q: string) => {
    if (known.has(q)) return;
    await createQueue(q);
    known.add(q);
  };
  return {
    boss,
    createQueue,
    async send(queue, data, options) {
      await ensureQueue(queue);
      const id = await boss.send(queue, data, options ?? {});
      for (const worker of localWorkers.get(queue) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async work(queue, handler, options) {
      await ensureQueue(queue);
      // A process that runs workers beats and retries dead processes' jobs, starting before its first fetch.
      recoveryStarting ??= startRecovery(db, {
        // The embedded database has one process: whatever is active at its start was left by a crash.
        everythingActiveAtStart: db.kind === 'pglite',
        onGiveUp: (job) => giveUpJob(db, job),
        log: (message) => console.error('[jobs]', message),
      });
      recovery = await recoveryStarting;
      const workOptions = { batchSize: options?.batchSize ?? 1, pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 0.5, includeMetadata: true as const };
      // Filled in when work() returns; the handler may in principle run before that (it then skips the wake-up).
      const worker: { id?: string } = {};
      worker.id = await boss.work(queue, workOptions, async (jobs) => {
        // Jobs fetched while stopping are not started; they stay for the next start (see executeSql above).
        if (stopping) throw new Error('jobs are stopping');
        // The whole batch is this process's from now on, not only the job it starts with.
        for (const job of jobs) await recovery?.claim(queue, job.id);
        for (const job of jobs) {
          try {
            await handler(job.data as never, { id: job.id, name: job.name, retried: job.retryCount > 0 });
          } finally {
            await recovery?.release(job.id).catch(() => {});
          }
        }
        // A worker that found work fetches again at once: a queue of many short jobs (a crawl's pages) drains at
        // the speed of its jobs, not one job per polling interval. An empty fetch waits out the interval as before.
        if (worker.id) boss.notifyWorker(worker.id);
      });
      localWorkers.set(queue, [...(localWorkers.get(queue) ?? []), worker.id]);
    },
    async schedule(queue, cron, data) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await recovery?.stop();
    },
  };
}
