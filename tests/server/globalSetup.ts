// Once per run of the server suite: one migrated template database, which each test file's server starts
// from as a copy (tests/server/helpers.ts) instead of creating and migrating its own. On PGlite that skips
// initdb and the migrations per file, on PostgreSQL the migrations; startServer still runs migrate() on the
// copy, which finds everything applied. The copy is the test's own: nothing written in one file reaches another.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgliteTemplate, createPostgresTemplate } from '../../server/src/db/throwaway.ts';
import { QUEUES } from '../../server/src/jobs/workers.ts';

/** Where helpers.ts finds the template: set here, inherited by the test processes started after it. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const template = await createPostgresTemplate(base, QUEUES);
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return () => template.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await createPgliteTemplate(file, QUEUES);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
