/**
 * The embedded database on its own thread (server/src/db/pgliteThread.ts) behaves as it did on the server's:
 * values and PostgreSQL's error fields come back intact, a transaction commits or rolls back whole, a statement
 * outside it waits for its end, and the folder dumps through the thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThrowawayPglite } from '../../server/src/db/throwaway.ts';
import type { PgliteDb } from '../../server/src/db/pglite.ts';
import { PGLITE_TEMPLATE_ENV } from './globalSetup.ts';

const template = process.env[PGLITE_TEMPLATE_ENV];

describe.skipIf(!template || process.env.TEST_DATABASE_URL)('PGlite on its own thread', () => {
  let db: PgliteDb;
  beforeAll(async () => {
    db = (await openThrowawayPglite(template!)) as PgliteDb;
    await db.exec('create table thread_probe (id int primary key, note text)');
  });
  afterAll(() => db?.close());

  it('returns dates, bytes and numbers as they are', async () => {
    const { rows } = await db.query<{ at: Date; bytes: Uint8Array; n: number; list: number[] }>(
      `select timestamptz '2026-11-26 12:00:00+00' as at, $1::bytea as bytes, 42::bigint as n, array[1,2] as list`,
      [new Uint8Array([1, 2, 3])],
    );
    expect(rows[0].at).toBeInstanceOf(Date);
    expect(rows[0].at.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect([...rows[0].bytes]).toEqual([1, 2, 3]);
    expect(rows[0]).toMatchObject({ n: 42, list: [1, 2] });
  });

  it("keeps PostgreSQL's error code and constraint, which callers test", async () => {
    await db.query('insert into thread_probe values (1, $1)', ['first']);
    const e = await db.query('insert into thread_probe values (1, $1)', ['again']).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
  });

  it('commits a transaction whole, rolls a failed one back whole, and lets a statement outside wait for its end', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('insert into thread_probe values (2, $1)', ['rolled back']);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');

    let inside = false;
    const committed = db.transaction(async (tx) => {
      inside = true;
      await tx.query('insert into thread_probe values (3, $1)', ['committed']);
      await tx.query('insert into thread_probe values (4, $1)', ['committed']);
    });
    // Sent while the transaction is open: it sees the transaction's rows all or none, never half.
    const outside = db.query<{ ids: number[] }>('select array_agg(id order by id) as ids from thread_probe');
    await committed;
    expect(inside).toBe(true);
    expect((await outside).rows[0].ids).toEqual([1, 3, 4]);
  });

  it('dumps its data folder through the thread', async () => {
    const dump = await db.dumpDataDir('none');
    expect(dump.size).toBeGreaterThan(1_000_000);
  });
});
