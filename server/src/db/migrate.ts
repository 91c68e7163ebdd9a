import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './types.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Advisory lock key of the migrations: every process on one database takes the same lock, so two
 * servers started together migrate one after the other and the second finds the work done.
 */
export const MIGRATION_LOCK_KEY = 7_241_012_004;

export class MigrationOrderError extends Error {
  override name = 'MigrationOrderError';
}

const numberOf = (file: string) => Number(/^(\d+)_/.exec(file)![1]);

/**
 * Applies NNN_name.sql files of `dir` in order, each once, each in its own transaction, recorded in
 * schema_migrations. Each transaction first takes the advisory lock and then re-reads what is applied,
 * so concurrent runs never apply a file twice (PGlite has one connection: the lock is granted at once).
 * Refuses to start when a file numbered below the highest applied one was never applied: it was
 * committed out of order, and running it after its successors could leave another schema than a fresh
 * database gets.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort((a, b) => numberOf(a) - numberOf(b) || a.localeCompare(b));
  const done = await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    return appliedNames(tx);
  });
  refuseOutOfOrder(files, done, dir);

  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lock(tx);
      if ((await appliedNames(tx)).has(file)) return false; // another process applied it while this one waited
      await tx.exec(sql);
      await tx.query('insert into schema_migrations(name) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** Held until the transaction ends; blocks while another process holds it. */
async function lock(tx: Queryable) {
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}

async function appliedNames(tx: Queryable) {
  return new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
}

function refuseOutOfOrder(files: string[], done: Set<string>, dir: string) {
  const numbered = [...done].filter((n) => /^\d+_/.test(n));
  if (numbered.length === 0) return;
  const highest = numbered.reduce((a, b) => (numberOf(b) > numberOf(a) ? b : a));
  const late = files.filter((f) => !done.has(f) && numberOf(f) < numberOf(highest));
  if (late.length === 0) return;
  throw new MigrationOrderError(
    `Migration ${late.map((f) => path.join(dir, f)).join(', ')} is numbered below ${highest}, which is already applied, ` +
      `but was never applied itself: it was added out of order. Renumber it above ${highest} (or apply it by hand and ` +
      `record it in schema_migrations).`,
  );
}
