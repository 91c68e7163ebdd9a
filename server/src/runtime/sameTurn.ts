/**
 * Statements of concurrent answers that arrive in the same turn of the event loop, run as one. On two
 * cores each statement's socket write wakes a PostgreSQL backend that takes the core from the server, and
 * each writing statement waits for its own commit flush: fifty visitors' recordings as one multi-row
 * statement cost one round trip and one flush instead of fifty.
 */
import { isConnectionLost } from '../db/postgres.ts';
import { AppError } from '../errors.ts';

/**
 * `many` gets the inputs of one turn's calls, in call order, and returns their results in that order (each a
 * value or a promise). A
 * single call runs `one`. When `many` fails, each call runs alone through `one`, so one visitor's bad input
 * fails that visitor's call only (a failed statement changed nothing, so running its parts again is safe);
 * a lost connection fails them all instead, as its statement may have been committed.
 */
export function sameTurn<I, O>(many: (inputs: I[]) => Promise<(O | Promise<O>)[]>, one: (input: I) => Promise<O>) {
  type Call = { input: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  const lost = (e: unknown) => isConnectionLost(e) || (e instanceof AppError && e.status === 503);
  let pending: Call[] = [];
  const alone = (c: Call) => one(c.input).then(c.resolve, c.reject);
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length === 1) return void alone(batch[0]);
    many(batch.map((c) => c.input)).then(
      // An entry may be a promise of its own (work for that call after the statement): its failure is that call's.
      (results) => batch.forEach((c, i) => void Promise.resolve(results[i]).then(c.resolve, c.reject)),
      (e: unknown) => {
        if (lost(e)) batch.forEach((c) => c.reject(e));
        else batch.forEach((c) => void alone(c));
      },
    );
  };
  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      if (!pending.length) setImmediate(flush);
      pending.push({ input, resolve, reject });
    });
}

/** One batcher per database (tests open several). */
export function perDatabase<D extends object, F>(make: (db: D) => F) {
  const made = new WeakMap<D, F>();
  return (db: D) => {
    let f = made.get(db);
    if (!f) made.set(db, (f = make(db)));
    return f;
  };
}
