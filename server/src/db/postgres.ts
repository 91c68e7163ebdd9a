import pg from 'pg';
import type { Db, Queryable } from './types.ts';

// Return BIGINT counts as numbers and keep DATE as text, the same as PGlite does.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(text) {
      await c.query(text);
    },
    async query(text, params) {
      const r = await c.query(text, params as unknown[]);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    pool,
  } as Db & { pool: pg.Pool };
}
