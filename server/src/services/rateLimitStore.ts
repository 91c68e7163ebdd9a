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

export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      if (Math.random() * PURGE_EVERY < 1) void rateLimitsRepo.purgeEnded(db).catch(() => {});
      rateLimitsRepo.increment(db, this.prefix + key, timeWindow).then((c) => cb(null, c), cb);
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
