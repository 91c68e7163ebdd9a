import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/** A data folder the server cannot use; its message is the one line an operator sees at start. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

const REASONS: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'it exists and is not a folder',
};

// PGlite's file system (Emscripten) throws { name: 'ErrnoError', errno } with Emscripten's own numbers.
const EMSCRIPTEN_CODES: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 20: 'EEXIST', 51: 'ENOSPC', 54: 'ENOTDIR', 63: 'EPERM', 69: 'EROFS' };

/** The reason behind a file-system error (Node's or PGlite's), in words; the first line of anything else. */
export function folderProblem(e: unknown): string {
  const err = (e ?? {}) as { code?: string; name?: string; errno?: number; message?: string };
  const code = err.code ?? (err.name === 'ErrnoError' && err.errno !== undefined ? (EMSCRIPTEN_CODES[err.errno] ?? `errno ${err.errno}`) : '');
  if (REASONS[code]) return `${REASONS[code]} (${code})`;
  return (typeof err.message === 'string' && err.message ? err.message : code || String(e)).split('\n')[0].slice(0, 300);
}

// Enough bytes to need a fresh block: a full disk refuses them even when a tiny write would still fit.
const PROBE = Buffer.alloc(64 * 1024);

/**
 * Creates `dir` if needed and writes, syncs and removes a probe file in it, so a read-only, full or
 * misplaced folder stops the start with one clear line instead of a stack trace from deep inside the
 * database or the first upload.
 */
export function assertWritableFolder(variable: string, dir: string) {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(probe, 'w');
    try {
      fs.writeSync(fd, PROBE);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    throw new DataFolderError(`${variable} ${dir} is not writable: ${folderProblem(e)}. Point ${variable} at a writable folder with free space.`);
  } finally {
    try {
      fs.unlinkSync(probe);
    } catch {
      /* never written */
    }
  }
}

/**
 * The folders this configuration writes to: the embedded database's DATA_DIR and the uploads' folder
 * (`uploads`, from training/storage.ts; not imported here so the database layer stays light).
 */
export function checkDataFolders(config: Config, uploads: string) {
  if (!config.DATABASE_URL && config.DATA_DIR !== ':memory:') assertWritableFolder('DATA_DIR', config.dataDir);
  if (config.S3_BUCKET) return;
  if (config.UPLOAD_DIR) assertWritableFolder('UPLOAD_DIR', uploads);
  else if (config.DATA_DIR !== ':memory:') assertWritableFolder('DATA_DIR', uploads);
}
