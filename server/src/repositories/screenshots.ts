import type { Queryable } from '../db/index.ts';

/** Screenshots by URL, so the registration wizard's polling does not start Chromium again. */
export const screenshotsRepo = {
  async fresh(db: Queryable, url: string, maxAgeSeconds: number) {
    const r = await db.query<{ image: string }>(
      `select image from screenshot_cache where url = $1 and taken_at > now() - make_interval(secs => $2)`,
      [url, maxAgeSeconds],
    );
    return r.rows[0]?.image ?? null;
  },
  async save(db: Queryable, url: string, image: string) {
    await db.query(
      `insert into screenshot_cache(url, image) values ($1, $2)
       on conflict (url) do update set image = excluded.image, taken_at = now()`,
      [url, image],
    );
    // Old entries are dropped opportunistically: the table never grows beyond a day's screenshots.
    await db.query(`delete from screenshot_cache where taken_at < now() - interval '1 day'`);
  },
};
