import type { Queryable } from '../db/index.ts';

export interface Counter {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Fixed-window counters in PostgreSQL, so that all API processes behind a load balancer count together. */
export const rateLimitsRepo = {
  /** Counts one request: a new window starts when the last one has ended. One statement, atomic under concurrency. */
  async increment(db: Queryable, key: string, windowMs: number): Promise<Counter> {
    const r = await db.query<{ count: number; ttl: number }>(
      `insert into rate_limits as r (key, count, reset_at) values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
       on conflict (key) do update set
         count = case when r.reset_at <= now() then 1 else r.count + 1 end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
      [key, windowMs],
    );
    return { current: r.rows[0].count, ttl: r.rows[0].ttl };
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
