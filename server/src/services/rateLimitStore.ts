/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL. API processes keep no state
 * of their own (README, Scaling out), so with DATABASE_URL set the limits must hold across all of them:
 * a visitor sent to another process by the load balancer is counted by the same counter. With PGlite
 * there is one process, and the plugin's in-memory store is used (nothing to share, no round trip).
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/index.ts';
import { rateLimitsRepo, type Counter } from '../repositories/rateLimits.ts';

type Callback = (err: Error | null, result?: Counter) => void;

/** One in this many counts also drops ended windows, so the table stays small without a timer. */
const PURGE_EVERY = 500;

/**
 * Counts that arrive in the same turn of the event loop go to the database as one statement: under load
 * many visitors' requests arrive together, and the chatbot's own counter, which all of them raise, is then
 * written once per batch instead of once per request. Each caller still gets its own count: the k-th of n
 * requests of a key in a batch sees the count before the batch plus k.
 */
function batchedIncrements(db: Db) {
  let pending = new Map<string, { windowMs: number; callbacks: Callback[] }>();
  const flush = () => {
    const batch = pending;
    pending = new Map();
    const entries = [...batch].map(([key, e]) => ({ key, windowMs: e.windowMs, n: e.callbacks.length }));
    rateLimitsRepo.incrementMany(db, entries).then(
      (counts) => {
        for (const [key, e] of batch) {
          const c = counts.get(key)!;
          e.callbacks.forEach((cb, k) => cb(null, { current: c.count - e.callbacks.length + 1 + k, ttl: c.ttl }));
        }
      },
      (err: Error) => {
        for (const e of batch.values()) for (const cb of e.callbacks) cb(err);
      },
    );
  };
  return (key: string, windowMs: number, cb: Callback) => {
    if (!pending.size) setImmediate(flush);
    const e = pending.get(key);
    if (e) e.callbacks.push(cb);
    else pending.set(key, { windowMs, callbacks: [cb] });
  };
}

export function databaseRateLimitStore(db: Db) {
  const increment = batchedIncrements(db);
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      if (Math.random() * PURGE_EVERY < 1) void rateLimitsRepo.purgeEnded(db).catch(() => {});
      increment(this.prefix + key, timeWindow, cb);
    }

    read(key: string, cb: Callback) {
      rateLimitsRepo.read(db, this.prefix + key).then((c) => cb(null, c), cb);
    }

    /** A route's own limits count apart from other routes' (the plugin asks each route for a child). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string; url?: string } }) {
      const route = routeOptions.routeInfo ? `${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}:` : '';
      return new DatabaseRateLimitStore(routeOptions, `${this.prefix}${route}`);
    }
  };
}

/** The plugin options that choose the store: shared counters on PostgreSQL, in memory on PGlite. */
export const sharedRateLimitStore = (db: Db) => (db.kind === 'postgres' ? { store: databaseRateLimitStore(db) } : {});
