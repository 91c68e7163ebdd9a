import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { DataFolderError, folderProblem } from '../dataFolders.ts';
import { isPlannedOnce } from './planOnce.ts';
import { fromMessage, type Reply, type Request, type ThreadOptions } from './pgliteProtocol.ts';
import type { Db, Queryable, QueryResult } from './types.ts';

/** A request before it is numbered (each kind of request keeps its own fields). */
type Unnumbered<R> = R extends Request ? Omit<R, 'id'> : never;

/** Set by scripts/build-server.mjs; undefined when the sources run (tsx, the tests). */
declare const __SERVER_BUILD__: string | undefined;

/** The embedded database with its own dump (a backup, the tests' template). */
export type PgliteDb = Db & { kind: 'pglite'; dumpDataDir(compression: 'none' | 'gzip'): Promise<Blob> };

/**
 * How the database's thread starts. Built: pgliteThread.js beside this bundle (`import.meta['url']` is written so
 * the build's rewrite to the source's address leaves it alone). From the sources: pgliteThread.ts through tsx's
 * CommonJS hook, which a thread can register for itself (Node 20 does not apply `--import` hooks to a thread's
 * first module).
 */
function newThread(options: ThreadOptions): Worker {
  if (typeof __SERVER_BUILD__ === 'string') return new Worker(new URL('./pgliteThread.js', import.meta['url']), { workerData: options });
  const require = createRequire(import.meta.url);
  const tsx = JSON.stringify(require.resolve('tsx/cjs/api'));
  const entry = JSON.stringify(fileURLToPath(new URL('./pgliteThread.ts', import.meta.url)));
  return new Worker(`require(${tsx}).register(); require(${entry});`, { eval: true, workerData: options });
}

/**
 * Embedded PostgreSQL (PGlite), run on a thread of its own (pgliteThread.ts): the server's thread sends each
 * statement and awaits its answer, and stays free meanwhile to accept connections and do its own work.
 * `template`: a data folder dumped with dumpDataDir to start from (the tests' migrated copy).
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<PgliteDb> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const thread = newThread({ dataDir, template });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let gone: Error | null = null;
  // The thread keeps the process alive only while it opens or a statement is awaited, as the database did on the
  // server's own thread: a command-line run that forgets to close the database still ends.
  const settle = (id: number, settleWith: (w: { resolve(v: unknown): void; reject(e: Error): void }) => void) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if (waiting.size === 0) thread.unref();
    settleWith(w);
  };
  thread.on('message', (reply: Reply) => settle(reply.id, (w) => (reply.error ? w.reject(fromMessage(reply.error)) : w.resolve(reply.result))));
  const end = (e: Error) => {
    gone ??= e;
    for (const id of [...waiting.keys()]) settle(id, (w) => w.reject(gone!));
  };
  thread.on('error', end);
  thread.on('exit', (code) => end(new Error(`the embedded database's thread ended (exit code ${code})`)));

  const answer = <T>(id: number) => new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  const call = <T>(req: Unnumbered<Request>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    thread.ref();
    const answered = answer<T>(id);
    thread.postMessage({ ...req, id });
    return answered;
  };

  // Answer 0 is the thread's report that the database opened (or why it did not).
  await answer(0).catch((e: unknown) => {
    void thread.terminate();
    if (!dataDir) throw e;
    // PGlite's own errors can carry its minified source; the operator needs the folder and the reason.
    throw new DataFolderError(`The embedded database in DATA_DIR (${dataDir}) could not be opened: ${folderProblem(e)}`);
  });

  const on = (tx?: number): Queryable => ({
    async exec(text: string) {
      await call({ op: 'exec', tx, text });
    },
    query<T>(text: string, params?: unknown[]): Promise<QueryResult<T>> {
      return call({ op: 'query', tx, text, params, planOnce: isPlannedOnce(text) });
    },
  });
  let closing: Promise<void> | null = null;
  return {
    kind: 'pglite',
    ...on(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (e) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw e;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    dumpDataDir: (compression) => call({ op: 'dump', compression }),
    close: () =>
      (closing ??= (async () => {
        if (gone) return;
        await call({ op: 'close' });
        await thread.terminate();
      })()),
  };
}
