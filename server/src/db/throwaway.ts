import pg from 'pg';

/**
 * A fresh, uniquely named database on the PostgreSQL server of `base`, for one test file or bench run;
 * `drop` removes it (forcing off any connection left open).
 */
export async function createThrowawayDatabase(base: string, prefix = 't'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
