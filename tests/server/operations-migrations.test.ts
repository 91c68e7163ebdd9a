import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../server/src/db/throwaway.ts';
import { openPglite } from '../../server/src/db/pglite.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { migrate, MigrationOrderError } from '../../server/src/db/migrate.ts';
import type { Db } from '../../server/src/db/index.ts';

const base = process.env.TEST_DATABASE_URL;
const shipped = fs.readdirSync(path.resolve(__dirname, '../../server/migrations')).filter((f) => /^\d+_.+\.sql$/.test(f));
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

/** A fresh database: a throwaway PostgreSQL one when TEST_DATABASE_URL is set, else PGlite in memory. */
async function freshDatabase(): Promise<{ open: () => Promise<Db> }> {
  if (!base) return { open: () => openPglite(null) };
  const t = await createThrowawayDatabase(base, 'mig');
  cleanup.push(t.drop);
  return { open: () => openPostgres(t.url, 2) };
}

async function opened(open: () => Promise<Db>) {
  const db = await open();
  cleanup.push(() => db.close());
  return db;
}

async function recorded(db: Db) {
  return (await db.query<{ name: string; n: number }>('select name, count(*)::int as n from schema_migrations group by name order by name')).rows;
}

describe('migrations', () => {
  it('run once when two processes start together on one PostgreSQL database', async (ctx) => {
    ctx.skip(!base, 'needs PostgreSQL (TEST_DATABASE_URL): PGlite is one connection inside one process, two processes cannot share it');
    const fresh = await freshDatabase();
    // Two pools = two sessions, as two server processes have; both migrate the empty database at once.
    const [a, b] = await Promise.all([opened(fresh.open), opened(fresh.open)]);
    const [byA, byB] = await Promise.all([migrate(a), migrate(b)]);
    expect([...byA, ...byB].sort()).toEqual([...shipped].sort());
    expect(byA.filter((f) => byB.includes(f))).toEqual([]);
    const rows = await recorded(a);
    expect(rows.map((r) => r.name)).toEqual([...shipped].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // A third start finds nothing to do.
    expect(await migrate(b)).toEqual([]);
  });

  it('refuses to start when a file numbered below an applied one was never applied, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, '001_first.sql'), 'create table first_table (id int);');
    fs.writeFileSync(path.join(dir, '003_third.sql'), 'create table third_table (id int);');
    const db = await opened((await freshDatabase()).open);
    expect(await migrate(db, dir)).toEqual(['001_first.sql', '003_third.sql']);

    // Committed later but numbered between applied files: refused before anything runs.
    fs.writeFileSync(path.join(dir, '002_late.sql'), 'create table late_table (id int);');
    fs.writeFileSync(path.join(dir, '004_next.sql'), 'create table next_table (id int);');
    const refused = await migrate(db, dir).catch((e) => e);
    expect(refused).toBeInstanceOf(MigrationOrderError);
    expect(refused.message).toContain(path.join(dir, '002_late.sql'));
    expect(refused.message).toContain('003_third.sql');
    expect((await recorded(db)).map((r) => r.name)).toEqual(['001_first.sql', '003_third.sql']);
    expect((await db.query("select to_regclass('next_table') as t")).rows[0]).toEqual({ t: null });

    // Renumbered above the applied ones, it runs (after 004, in number order).
    fs.renameSync(path.join(dir, '002_late.sql'), path.join(dir, '005_late.sql'));
    expect(await migrate(db, dir)).toEqual(['004_next.sql', '005_late.sql']);
  });

  it('keeps using a schema_migrations table written before the lock existed', async () => {
    const db = await opened((await freshDatabase()).open);
    // The table as earlier versions created it, with the first shipped migration recorded but not run.
    await db.exec(`create table schema_migrations (name text primary key, applied_at timestamptz not null default now());
      insert into schema_migrations(name) values ('${shipped[0]}');`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dir, shipped[0]), 'select 1 / 0;'); // would fail if it ran again
    fs.writeFileSync(path.join(dir, '999_new.sql'), 'create table new_table (id int);');
    expect(await migrate(db, dir)).toEqual(['999_new.sql']);
  });
});
