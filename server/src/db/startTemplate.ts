import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server's folder relative to this source file's, set by scripts/build-server.mjs (esbuild's
 * `define`); undefined when the sources run (tsx, the tests), which then never use a start template.
 */
declare const __SERVER_BUILD__: string | undefined;

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The start template of the built server: an embedded database with every migration applied and pg-boss's
 * schema made, built with the server so it always matches its migrations. Null when the sources run.
 */
export const startTemplateDir = () => (typeof __SERVER_BUILD__ === 'string' ? path.resolve(here, __SERVER_BUILD__, 'pgdata-template') : null);

/**
 * A first start on an empty data folder copies the start template instead of creating the database
 * (PostgreSQL's initdb inside WASM) and running every migration: seconds of WASM work become a file copy.
 * Copied beside and renamed into place, so an interrupted copy is never taken for a database.
 * Returns whether it copied.
 */
export function seedFromStartTemplate(pgdata: string, template = startTemplateDir()): boolean {
  if (!template || !fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) return false;
  const tmp = `${pgdata}.seed-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(template, tmp, { recursive: true, mode: fs.constants.COPYFILE_FICLONE }); // a copy-on-write clone where the file system has them
  fs.rmSync(pgdata, { recursive: true, force: true }); // an empty folder only (checked above)
  fs.renameSync(tmp, pgdata);
  return true;
}
