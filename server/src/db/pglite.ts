import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { DataFolderError, folderProblem } from '../dataFolders.ts';
import type { Db, Queryable, QueryResult } from './types.ts';

/**
 * Embedded PostgreSQL. The same extensions are loaded every time a data folder is
 * opened: a folder written with an extension cannot be reopened without it.
 * `template`: a data folder dumped with dumpDataDir to start from (the tests' migrated copy).
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, vector }, loadDataDir: template }).catch((e: unknown) => {
    if (!dataDir) throw e;
    // PGlite's own errors can carry its minified source; the operator needs the folder and the reason.
    throw new DataFolderError(`The embedded database in DATA_DIR (${dataDir}) could not be opened: ${folderProblem(e)}`);
  });
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async exec(text: string) {
      await q.exec(text);
    },
    async query<T>(text: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(text, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (!pg.closed) await pg.close();
    },
    raw: pg,
  } as Db & { raw: PGlite };
}
