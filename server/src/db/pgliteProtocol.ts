/** The messages between the server (pglite.ts) and the embedded database's thread (pgliteThread.ts). */

export interface ThreadOptions {
  /** The data folder, or null for a database in memory. */
  dataDir: string | null;
  /** A data folder dumped with dumpDataDir to start from (the tests' migrated copy). */
  template?: Blob;
}

/** `tx`: the open transaction the statement belongs to (from `begin`); without it, the database's own turn. */
export type Request =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; planOnce?: boolean }
  | { id: number; op: 'exec'; tx?: number; text: string }
  | { id: number; op: 'begin'; tx?: undefined }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; tx?: undefined; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close'; tx?: undefined };

/** The answer to request `id` (0: the database opened, or why not). */
export type Reply = { id: number; result: unknown; error?: undefined } | { id: number; error: ErrorMessage };

/** An error as data: a thread's message keeps an Error's message but drops PostgreSQL's fields (code, detail, constraint…). */
export type ErrorMessage = { name: string; message: string; stack?: string; fields: Record<string, unknown> };

export function asMessage(e: unknown): ErrorMessage {
  if (typeof e !== 'object' || e === null) return { name: 'Error', message: String(e), fields: {} };
  // Own fields of plain values: PostgreSQL's (code, detail, constraint…) and Emscripten's file errors' errno,
  // whose errors are not always Error instances.
  const fields = Object.fromEntries(Object.entries(e).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)));
  const { name, message, stack } = e as Partial<Error>;
  return { name: String(name ?? 'Error'), message: String(message ?? ''), stack, fields };
}

/** The error again, with the fields callers test (`code === '23505'`, `constraint`). */
export function fromMessage(m: ErrorMessage): Error {
  const e = Object.assign(new Error(m.message), m.fields);
  e.name = m.name;
  if (m.stack) e.stack = m.stack;
  return e;
}
