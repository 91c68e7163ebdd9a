import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * DATA_DIR/server.json tells the operator CLI that a server holds the embedded
 * database (PGlite allows one process only) and how to reach it: its loopback URL
 * and a per-start secret. Readable by the owner only.
 */
export interface ServerFile {
  url: string;
  secret: string;
  pid: number;
}

/** Only an embedded database on disk needs the hand-over; PostgreSQL takes many clients. */
export const usesServerFile = (config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>) => !config.DATABASE_URL && config.DATA_DIR !== ':memory:';

export const serverFilePath = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'server.json');

export function writeServerFile(config: Pick<Config, 'dataDir'>, content: ServerFile) {
  const file = serverFilePath(config);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(content), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readServerFile(config: Pick<Config, 'dataDir'>): ServerFile | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(serverFilePath(config), 'utf8'));
    return typeof parsed.url === 'string' && typeof parsed.secret === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Removes the file if it is still the one this server wrote. */
export function removeServerFile(config: Pick<Config, 'dataDir'>, secret?: string) {
  const current = readServerFile(config);
  if (current && secret && current.secret !== secret) return;
  fs.rmSync(serverFilePath(config), { force: true });
}
