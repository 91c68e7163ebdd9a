import type { Queryable } from '../db/index.ts';
import { planOnce } from '../db/planOnce.ts';

export interface Counter {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Fixed-window counters in PostgreSQL, so that all API processes behind a load balancer count together. */
export const rateLimitsRepo = {
  /** Counts one request: a new window starts when the last one has ended. One statement, atomic under concurrency. */
  async increment(db: Queryable, key: string, windowMs: number): Promise<Counter> {
    const c = (await this.incrementMany(db, [{ key, windowMs, n: 1 }])).get(key)!;
    return { current: c.count, ttl: c.ttl };
  },

  /**
   * Counts `n` requests for each key in one statement (the store batches what arrives together). Rows are
   * locked in key order, so two batches never wait for each other in a circle. Returns each key's count
   * after adding its requests, and the time left of its window.
   *
   * Its commit does not wait for the disk (synchronous_commit off for this statement's transaction): the
   * chatbot's counter is one row that every batch raises, and a commit waiting for a disk flush kept it locked
   * that long. A database crash may forget the last counts of a window that lasts a minute anyway.
   */
  async incrementMany(db: Queryable, entries: { key: string; windowMs: number; n: number }[]): Promise<Map<string, { count: number; ttl: number }>> {
    const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const r = await db.query<{ key: string; count: number; ttl: number }>(
      planOnce(`insert into rate_limits as r (key, count, reset_at)
       select x.key, x.n, now() + make_interval(secs => x.window_ms / 1000)
         from unnest($1::text[], $2::int[], $3::float8[]) with ordinality as x(key, n, window_ms, ord)
        where set_config('synchronous_commit', 'off', true) = 'off'
        order by x.ord
       on conflict (key) do update set
         count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       returning key, count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`),
      [sorted.map((e) => e.key), sorted.map((e) => e.n), sorted.map((e) => e.windowMs)],
    );
    return new Map(r.rows.map((row) => [row.key, { count: row.count, ttl: row.ttl }]));
  },

  async read(db: Queryable, key: string): Promise<Counter> {
    const r = await db.query<{ count: number; ttl: number }>(
      `select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl from rate_limits where key = $1 and reset_at > now()`,
      [key],
    );
    return r.rows[0] ? { current: r.rows[0].count, ttl: r.rows[0].ttl } : { current: 0, ttl: 0 };
  },

  /** Windows that ended a while ago: nothing reads them again. */
  async purgeEnded(db: Queryable) {
    await db.query(`delete from rate_limits where reset_at < now() - interval '10 minutes'`);
  },
};
