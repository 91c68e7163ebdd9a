import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError, badRequest } from '../errors.ts';
import { concurrencyLimit } from '../services/concurrencyLimit.ts';
import type { DocType } from './documents.ts';
import type { SheetImport } from './qna.ts';

/** What one extraction may cost (values below). */
export interface ExtractionLimits {
  maxPages: number;
  maxCharacters: number;
  maxInflatedBytes: number;
}

const LIMIT_WORDS = {
  pages: (max: number) => `${max} pages`,
  characters: (max: number) => `${max} characters of text`,
  inflatedBytes: (max: number) => `${Math.round(max / 2 ** 20)} MB unpacked`,
  seconds: (max: number) => `${max} seconds to read`,
  memoryMb: (max: number) => `${max} MB of memory to read`,
};

/** A limit a file goes beyond: 413 FileTooLarge, naming the limit, so the dashboard shows "file too large". */
export const overLimit = (limit: keyof typeof LIMIT_WORDS, max: number) =>
  new AppError(413, 'FileTooLarge', `The file is too large: it needs more than ${LIMIT_WORDS[limit](max)}`, { limit, max });

/**
 * What reading one uploaded file may cost. Characters: the index keeps at most 3,000 units of about
 * 600 characters (indexer.ts, chunk.ts), so text beyond about 2 million characters would never be
 * searched; plans have no column for it. Inflated bytes: a DOCX or XLSX of the largest upload
 * inflates to a few times its size, a zip bomb to thousands of times.
 */
export const EXTRACTION_LIMITS: ExtractionLimits = {
  maxPages: 2000,
  maxCharacters: 2_000_000,
  maxInflatedBytes: 100 * 1024 * 1024,
};
export const EXTRACTION_MAX_SECONDS = 60;
/** The child's JavaScript heap; buffers outside it are bounded by the upload and inflation limits. */
export const EXTRACTION_MAX_MEMORY_MB = 512;
/** Children at once: each may use the memory above, and the machine's cores serve the API too. */
const MAX_CHILDREN = 2;

export type ExtractionRequest =
  | { kind: 'document'; type: 'pdf' | 'docx'; buf: Uint8Array; limits: ExtractionLimits }
  | { kind: 'qnaSheet'; buf: Uint8Array; limits: ExtractionLimits }
  | { kind: 'sheetRows'; import: SheetImport; buf: Uint8Array; limits: ExtractionLimits };
export type ExtractionResult =
  | { ok: true; value: unknown }
  | { ok: false; error: { status: number; key: string; message: string; details?: unknown } };

/** Set by scripts/build-server.mjs; undefined when the sources run (tsx, the tests). */
declare const __SERVER_BUILD__: string | undefined;

/**
 * How the child starts. Built: extractChild.js beside this bundle, without a TypeScript loader (`import.meta['url']`
 * is written so the build's rewrite to the source's address leaves it alone). From the sources: extractChild.ts
 * through tsx, the loader the server runs with.
 */
const childCommand = () =>
  typeof __SERVER_BUILD__ === 'string'
    ? { file: fileURLToPath(new URL('./extractChild.js', import.meta['url'])), loaderArgs: [] }
    : {
      file: fileURLToPath(new URL('./extractChild.ts', import.meta.url)),
      loaderArgs: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
    };

const slot = concurrencyLimit(MAX_CHILDREN);

/** What V8 writes when a heap is full ("Reached heap limit Allocation failed - JavaScript heap out of memory"). */
const OUT_OF_MEMORY = /heap out of memory|allocation failed/i;
const OUT_OF_MEMORY_LONGEST = 'heap out of memory'.length;

/**
 * A child's stderr as it comes: whether V8 ran out of heap, and the last line for an unreadable file's reason.
 * The out-of-memory line is noticed in the chunk it arrives in (or across two), not in the kept tail: V8's
 * native stack trace follows it and can push it out of the tail, which answered such a file 415 instead of 413
 * depending on where the heap ran out.
 */
export function childErrorOutput(keep = 2000) {
  let tail = '';
  let outOfMemory = false;
  return {
    add(chunk: string) {
      outOfMemory ||= OUT_OF_MEMORY.test(tail.slice(-OUT_OF_MEMORY_LONGEST) + chunk);
      tail = (tail + chunk).slice(-keep);
    },
    get outOfMemory() {
      return outOfMemory;
    },
    get lastLine() {
      return tail.trim().split('\n').pop();
    },
  };
}

/**
 * Runs one extraction in a child process with a heap limit and a deadline: a file that needs more
 * gets 413 FileTooLarge naming the limit; the child's memory goes back to the system when it ends.
 */
function runInChild(req: ExtractionRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { file, loaderArgs } = childCommand();
    const child = fork(file, [], {
      execArgv: [...loaderArgs, `--max-old-space-size=${EXTRACTION_MAX_MEMORY_MB}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const stderr = childErrorOutput();
    let result: ExtractionResult | undefined;
    let timedOut = false;
    child.stderr!.on('data', (c: Buffer) => stderr.add(c.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, EXTRACTION_MAX_SECONDS * 1000);
    child.on('message', (m: ExtractionResult) => (result = m));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    // 'close', not 'exit': it comes after the IPC channel is drained, so the answer has arrived.
    child.on('close', () => {
      clearTimeout(timer);
      if (result?.ok) return resolve(result.value);
      if (result) return reject(new AppError(result.error.status, result.error.key, result.error.message, result.error.details));
      if (timedOut) return reject(overLimit('seconds', EXTRACTION_MAX_SECONDS));
      if (stderr.outOfMemory) return reject(overLimit('memoryMb', EXTRACTION_MAX_MEMORY_MB));
      reject(new AppError(415, 'FileTypeNotSupported', 'The file could not be read', { reason: stderr.lastLine }));
    });
    child.send(req);
  });
}

/** An empty upload is a missing file, whatever its name says. */
export function refuseEmptyFile(buf: Buffer) {
  if (buf.length === 0) throw badRequest('ValidationFailed', 'The file is empty', [{ path: 'file', message: 'empty' }]);
}

/**
 * The text of an uploaded document. PDF and Word files are read outside the API process; plain text is
 * only decoded, linear in the bounded upload, so it is read here: a child's start alone took 0.5–1.5 s.
 */
export async function documentText(buf: Buffer, type: DocType): Promise<string> {
  if (type === 'txt') return plainText(buf, EXTRACTION_LIMITS);
  return (await slot(() => runInChild({ kind: 'document', type, buf, limits: EXTRACTION_LIMITS }))) as string;
}

function plainText(buf: Buffer, limits: ExtractionLimits) {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  if (text.length > limits.maxCharacters) throw overLimit('characters', limits.maxCharacters);
  return text;
}

/** The question-answer rows of an uploaded spreadsheet, read outside the API process. */
export async function readQnaSheetInSandbox(buf: Buffer): Promise<{ question: string; answer: string; row: number }[]> {
  refuseEmptyFile(buf);
  return (await slot(() => runInChild({ kind: 'qnaSheet', buf, limits: EXTRACTION_LIMITS }))) as { question: string; answer: string; row: number }[];
}

/** The rows of an uploaded spreadsheet or CSV file (cells as text), read outside the API process. */
export async function readSheetRowsInSandbox(buf: Buffer, kind: SheetImport): Promise<{ row: number; values: string[] }[]> {
  refuseEmptyFile(buf);
  return (await slot(() => runInChild({ kind: 'sheetRows', import: kind, buf, limits: EXTRACTION_LIMITS }))) as { row: number; values: string[] }[];
}
