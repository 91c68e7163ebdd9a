import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../server/src/db/throwaway.ts';
import { openPglite } from '../../server/src/db/pglite.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { planOnce } from '../../server/src/db/planOnce.ts';
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

/** How a database session planned the statements it prepared (pg_prepared_statements is per session). */
const PLANS = 'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1';
const plansOf = async (db: Db, text: string, query = PLANS) => (await db.query<{ generic_plans: number; custom_plans: number }>(query, [text])).rows[0];

/** Runs a statement for the keys 1 to 8, each time checking that it reads that key's row of t(a, b = a::text). */
async function readKeysOneToEight(db: Db, text: string, params: (a: number) => unknown[]) {
  for (let a = 1; a <= 8; a++) expect((await db.query(text, params(a))).rows).toEqual([{ b: String(a) }]);
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

describe.runIf(base)('statements marked planOnce (PostgreSQL)', () => {
  /** Asked on the statement's own connection: planOnce statements run on one of their own. */
  const plans = (db: Db, text: string, onPlanOnceConnection: boolean) =>
    plansOf(db, text, onPlanOnceConnection ? planOnce(`${PLANS} /* plan-once connection */`) : PLANS);

  it('are planned once and run with that plan; other statements are planned for each run\'s values', async () => {
    const db = await oneConnection();
    await db.exec('create table t (a int primary key, b text); insert into t select n, n::text from generate_series(1, 100) n');
    const once = planOnce('select b from t where a = $1 /* by key */');
    const each = 'select b from t where a = $1 /* per run */';
    await readKeysOneToEight(db, once, (a) => [a]);
    await readKeysOneToEight(db, each, (a) => [a]);
    expect(await plans(db, once, true)).toEqual({ generic_plans: 8, custom_plans: 0 });
    expect(await plans(db, each, false)).toEqual({ generic_plans: 0, custom_plans: 8 });
  });

  it('run inside a transaction on its connection, and see its writes', async () => {
    const db = await oneConnection();
    await db.exec('create table t (a int primary key, b text)');
    const read = planOnce('select b from t where a = $1 /* in a transaction */');
    const seen = await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, 'one']);
      return (await tx.query(read, [1])).rows;
    });
    expect(seen).toEqual([{ b: 'one' }]);
    expect((await db.query(read, [1])).rows).toEqual([{ b: 'one' }]);
  });

  it('answer with the columns a table has now after another process altered it', async () => {
    const db = await oneConnection();
    await db.exec('create table t (a int); insert into t values (1), (2)');
    const read = () => db.query(planOnce('select * from t where a = $1 /* altered */'), [2]);
    expect((await read()).rows).toEqual([{ a: 2 }]);
    expect((await read()).rows).toEqual([{ a: 2 }]);
    await db.exec("alter table t add column b text default 'x'");
    expect((await read()).rows).toEqual([{ a: 2, b: 'x' }]);
    expect((await read()).rows).toEqual([{ a: 2, b: 'x' }]);
  });
});

describe('statements marked planOnce (PGlite)', () => {
  // One embedded database for these tests (opening one takes seconds), each test with tables of its own.
  let shared: Promise<Db> | null = null;
  afterAll(async () => (await shared)?.close());
  const open = () => (shared ??= openPglite(null));

  it('are prepared once and run with one plan; other statements are not kept', async () => {
    const db = await open();
    await db.exec('create table t1 (a int primary key, b text, c jsonb, d uuid[]); insert into t1 select n, n::text, null, null from generate_series(1, 100) n');
    const once = planOnce('select b from t1 where a = any($1::int[]) /* by keys, embedded */');
    const each = 'select b from t1 where a = $1 /* per run, embedded */';
    await readKeysOneToEight(db, once, (a) => [[a]]);
    await readKeysOneToEight(db, each, (a) => [a]);
    expect(await plansOf(db, once)).toEqual({ generic_plans: 8, custom_plans: 0 });
    expect(await plansOf(db, each)).toBeUndefined();
    // Values of every kind go in and come back as through an unmarked statement; rowCount counts the rows written.
    const write = planOnce('update t1 set b = $2, c = $3::jsonb, d = $4::uuid[] where a = $1 returning a, b, c, d /* values */');
    const id = crypto.randomUUID();
    const r = await db.query(write, [5, null, JSON.stringify({ x: [1, 'ü'] }), [id]]);
    expect(r).toEqual({ rows: [{ a: 5, b: null, c: { x: [1, 'ü'] }, d: [id] }], rowCount: 1 });
    expect((await db.query(write, [1000, 'none', null, null])).rowCount).toBe(0);
  });

  it('fail as other statements do, and the database goes on', async () => {
    const db = await open();
    await db.exec('create table t2 (a int primary key)');
    const insert = planOnce('insert into t2 values ($1) /* twice */');
    await db.query(insert, [1]);
    await expect(db.query(insert, [1])).rejects.toMatchObject({ code: '23505' });
    await db.query(insert, [2]);
    await db.transaction(async (tx) => tx.query(insert, [3]));
    expect((await db.query('select a from t2 order by a')).rows).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    // The session's own plan choice is left as it was.
    expect((await db.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('answer with the columns a table has now after it was altered', async () => {
    const db = await open();
    await db.exec('create table t3 (a int); insert into t3 values (1), (2)');
    const read = () => db.query(planOnce('select * from t3 where a = $1 /* altered, embedded */'), [2]);
    expect((await read()).rows).toEqual([{ a: 2 }]);
    await db.exec("alter table t3 add column b text default 'x'");
    expect((await read()).rows).toEqual([{ a: 2, b: 'x' }]);
    expect((await read()).rows).toEqual([{ a: 2, b: 'x' }]);
  });
});
