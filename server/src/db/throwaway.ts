import fs from 'node:fs';
import pg from 'pg';
import { startJobs } from '../jobs/boss.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/**
 * A fresh, uniquely named database on the PostgreSQL server of `base`, for one test file or bench run;
 * `drop` removes it (forcing off any connection left open). With `template` it starts as a copy of
 * that database (made by createPostgresTemplate) instead of empty.
 */
export async function createThrowawayDatabase(
  base: string,
  prefix = 't',
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
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
  await run(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Brings an empty database to where every server start gets before it serves: all migrations applied and
 * pg-boss's schema with the product's queues. pg-boss records when it last ran maintenance and cron; a copy
 * must look as a fresh schema does, so those times are cleared.
 */
export async function bringToStartState(db: Db, databaseUrl: string | undefined, queues: string[]) {
  await migrate(db);
  const jobs = await startJobs(db, { databaseUrl, queues });
  await jobs.stop();
  await db.query('update pgboss.version set maintained_on = null, cron_on = null, monitored_on = null');
}

/**
 * A migrated template database on the PostgreSQL server of `base`, made once per test run: each test
 * file's database is then created from it (createThrowawayDatabase's `template`), a file copy instead of
 * running every migration again. Its connections are closed, as copying requires.
 */
export async function createPostgresTemplate(base: string, queues: string[]) {
  const template = await createThrowawayDatabase(base, 'template');
  const db = await openPostgres(template.url, 2);
  try {
    await bringToStartState(db, template.url, queues);
  } finally {
    await db.close();
  }
  return template;
}

/** A migrated PGlite, dumped uncompressed to `file` (loading a plain tarball is faster than a gzipped one). */
export async function createPgliteTemplate(file: string, queues: string[]) {
  const db = await openPglite(null);
  try {
    await bringToStartState(db, undefined, queues);
    const dump = await db.dumpDataDir('none');
    fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** A throwaway PGlite in memory that starts as a copy of the template `file` of createPgliteTemplate. */
export function openThrowawayPglite(file: string): Promise<Db> {
  return openPglite(null, new Blob([fs.readFileSync(file)]));
}
