import path from 'node:path';
import type { Config } from '../config.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, QueryResult } from './types.ts';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR/pgdata (or in memory for ':memory:'). */
export function openDb(config: Pick<Config, 'DATABASE_URL' | 'dataDir' | 'DATA_DIR'>): Promise<Db> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  if (config.DATA_DIR === ':memory:') return openPglite(null);
  return openPglite(path.join(config.dataDir, 'pgdata'));
}
