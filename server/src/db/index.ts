import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, QueryResult } from './types.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR/pgdata (or in memory for ':memory:').
 * Each driver is imported when it is chosen: neither is in the start's first modules, so the database begins
 * to open without first loading the driver it does not use.
 */
export async function openDb(config: Pick<Config, 'DATABASE_URL' | 'dataDir' | 'DATA_DIR'>): Promise<Db> {
  if (config.DATABASE_URL) return (await import('./postgres.ts')).openPostgres(config.DATABASE_URL);
  const { openPglite } = await import('./pglite.ts');
  if (config.DATA_DIR === ':memory:') return openPglite(null);
  return openPglite(path.join(config.dataDir, 'pgdata'));
}
