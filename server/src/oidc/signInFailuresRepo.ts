import type { Queryable } from '../db/index.ts';

/** The sign_in_failures table: failed sign-ins counted per key (an account or a client address). */
export const signInFailuresRepo = {
  /** Counts one failure; the count starts again after `windowSeconds` without one. Atomic under concurrency. */
  async increment(db: Queryable, key: string, windowSeconds: number): Promise<number> {
    const r = await db.query<{ failures: number }>(
      `insert into sign_in_failures as f (key, failures, expires_at) values ($1, 1, now() + make_interval(secs => $2::int))
       on conflict (key) do update set
         failures = case when f.expires_at <= now() then 1 else f.failures + 1 end,
         locked_until = case when f.expires_at <= now() then null else f.locked_until end,
         expires_at = excluded.expires_at
       returning failures`,
      [key, windowSeconds],
    );
    return r.rows[0].failures;
  },

  async lock(db: Queryable, key: string, seconds: number) {
    await db.query('update sign_in_failures set locked_until = now() + make_interval(secs => $2::int) where key = $1', [key, seconds]);
  },

  /** Whole seconds until none of the keys is locked any more (0: none is). */
  async secondsLocked(db: Queryable, keys: string[]): Promise<number> {
    const r = await db.query<{ wait: number }>(
      `select coalesce(max(ceil(extract(epoch from (locked_until - now())))), 0)::int as wait
       from sign_in_failures where key = any($1::text[]) and locked_until > now() and expires_at > now()`,
      [keys],
    );
    return r.rows[0].wait;
  },

  async clear(db: Queryable, key: string) {
    await db.query('delete from sign_in_failures where key = $1', [key]);
  },

  async deleteExpired(db: Queryable) {
    await db.query('delete from sign_in_failures where expires_at < now()');
  },
};
