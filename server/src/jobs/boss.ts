import PgBoss from 'pg-boss';
import type { Db } from '../db/index.ts';

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface Jobs {
  /** Queues a job; returns its id. */
  send<T extends object>(queue: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Registers a worker for a queue (only in processes that run workers). */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: { batchSize?: number; pollingIntervalSeconds?: number }): Promise<void>;
  /** Cron schedule (pg-boss 10 keeps one schedule per queue; per-page schedules run from a tick queue). */
  schedule(queue: string, cron: string, data: object): Promise<void>;
  unschedule(queue: string): Promise<void>;
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * pg-boss on the same database. On PGlite it runs through the `db` option: one
 * connection, `exec` for multi-statement text and `query` otherwise.
 */
export async function startJobs(db: Db, opts: { databaseUrl?: string; queues: string[] }): Promise<Jobs> {
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
            return db.query(text, values ?? []);
          },
        },
      });
  boss.on('error', (err) => console.error('[jobs]', err.message));
  await boss.start();
  for (const q of opts.queues) await boss.createQueue(q).catch(() => {});
  const known = new Set(opts.queues);
  const ensureQueue = async (q: string) => {
    if (known.has(q)) return;
    await boss.createQueue(q).catch(() => {});
    known.add(q);
  };
  return {
    boss,
    async send(queue, data, options) {
      await ensureQueue(queue);
      return boss.send(queue, data, options ?? {});
    },
    async work(queue, handler, options) {
      await ensureQueue(queue);
      await boss.work(queue, { batchSize: options?.batchSize ?? 1, pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, { id: job.id, name: job.name });
      });
    },
    async schedule(queue, cron, data) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
