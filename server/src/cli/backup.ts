import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { PgliteDb } from '../db/pglite.ts';
import { AppError } from '../errors.ts';
import { folderProblem } from '../dataFolders.ts';

/**
 * Backup and restore of the embedded database: a backup is PGlite's own dump of its data folder
 * (a gzip'd tar of DATA_DIR/pgdata). PostgreSQL has its own tools, which the operator uses instead.
 */
export const POSTGRES_BACKUP_MESSAGE =
  'DATABASE_URL is set: the data lives in PostgreSQL, so back it up with pg_dump ("pg_dump -Fc -f FILE $DATABASE_URL") and restore it with pg_restore ("pg_restore --clean -d $DATABASE_URL FILE"). backup and restore here are for the embedded database (DATA_DIR).';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const notABackup = (file: string, why: string) =>
  new AppError(400, 'ValidationFailed', `${file} is not a backup of the embedded database (${why}); nothing was changed.`);
const cannot = (what: string, file: string, e: unknown) => new AppError(422, 'ValidationFailed', `Cannot ${what} ${file}: ${folderProblem(e)}`);

/** Writes the open embedded database's dump to `file` (complete or not at all: a temporary file renamed at the end). */
export async function backupTo(db: Db, file: string) {
  const pg = db as Partial<PgliteDb>;
  if (db.kind !== 'pglite' || !pg.dumpDataDir) throw new AppError(400, 'ValidationFailed', POSTGRES_BACKUP_MESSAGE);
  // Written pages go to the data files first, so the dump does not lean on replaying the log.
  await db.exec('checkpoint');
  const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  const tmp = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(tmp, dump, { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw cannot('write the backup to', file, e);
  }
  return { command: 'backup' as const, file, bytes: dump.length };
}

/**
 * Replaces DATA_DIR/pgdata with the database in `file`. The backup is first opened in a folder of its own
 * and must hold this product's database (its migrations table); only then is the current folder moved
 * aside (kept as pgdata.before-restore-TIME) and the restored one moved in. No server may hold DATA_DIR.
 */
export async function restoreFrom(config: Pick<Config, 'dataDir'>, file: string) {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw cannot('read', file, e);
  }
  if (!bytes.subarray(0, 2).equals(GZIP_MAGIC)) throw notABackup(file, 'not a gzip file');
  const target = path.join(config.dataDir, 'pgdata');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = path.join(config.dataDir, `pgdata.restoring-${stamp}`);
  try {
    await openAndCheck(incoming, bytes, file);
  } catch (e) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw e;
  }
  const previous = fs.existsSync(target) ? path.join(config.dataDir, `pgdata.before-restore-${stamp}`) : null;
  if (previous) fs.renameSync(target, previous);
  fs.renameSync(incoming, target);
  return { command: 'restore' as const, file, previous };
}

async function openAndCheck(folder: string, bytes: Buffer, file: string) {
  const { openPglite } = await import('../db/pglite.ts');
  let db: Db;
  try {
    db = await openPglite(folder, new Blob([new Uint8Array(bytes)]));
  } catch {
    throw notABackup(file, 'it does not open as a database');
  }
  try {
    const migrated = await db.query<{ n: number }>(`select count(*)::int n from pg_tables where tablename = 'schema_migrations'`);
    if (!migrated.rows[0].n) throw notABackup(file, 'it holds no Chatbot Studio database');
  } finally {
    await db.close();
  }
}
