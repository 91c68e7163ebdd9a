import { afterEach, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../server/src/db/throwaway.ts';
import { openPglite } from '../../server/src/db/pglite.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import type { Db } from '../../server/src/db/index.ts';

const base = process.env.TEST_DATABASE_URL;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

/** One connection, so a PostgreSQL statement prepared by the first query is the one the next queries reuse. */
async function oneConnection(): Promise<Db> {
  if (!base) return openPglite(null);
  const t = await createThrowawayDatabase(base, 'stmt');
  cleanup.push(t.drop);
  const db = await openPostgres(t.url, 1);
  cleanup.unshift(() => db.close());
  return db;
}

describe('statements with parameters', () => {
  it('answer with the columns a table has now after another process altered it (PostgreSQL prepares them)', async () => {
    const db = await oneConnection();
    await db.exec('create table t (a int); insert into t values (1), (2)');
    const read = () => db.query('select * from t where a = $1', [2]);
    expect((await read()).rows).toEqual([{ a: 2 }]);
    expect((await read()).rows).toEqual([{ a: 2 }]);
    await db.exec("alter table t add column b text default 'x'");
    expect((await read()).rows).toEqual([{ a: 2, b: 'x' }]);
    expect((await read()).rows).toEqual([{ a: 2, b: 'x' }]);
  });
});
