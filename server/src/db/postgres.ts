import pg from 'pg';
import { AppError } from '../errors.ts';
import type { Db, Queryable } from './types.ts';

// Return BIGINT counts as numbers and keep DATE as text, the same as PGlite does.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

/**
 * Errors that mean the connection, not the statement, failed: a restarted or unreachable server, a terminated
 * backend (57P01–57P03, class 08), too many connections (53300), and pg's own messages for a socket that closed.
 */
const CONNECTION_LOST = /^(08|57P0[123]|53300$)/;
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_MESSAGE = /^Connection terminated|not queryable|timeout exceeded when trying to connect/;

export function isConnectionLost(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  if (!err || typeof err !== 'object') return false;
  const code = typeof err.code === 'string' ? err.code : '';
  return CONNECTION_LOST.test(code) || NETWORK.has(code) || (typeof err.message === 'string' && LOST_MESSAGE.test(err.message));
}

/**
 * A lost connection is the database's outage, not the request's fault: 503 ServerBusy (with Retry-After, see
 * plugins/app/backpressure.ts) for the requests in flight. The pool drops the broken client, so the next query
 * opens a new connection and the server recovers without a restart.
 */
function unavailable(e: unknown): never {
  if (isConnectionLost(e)) throw new AppError(503, 'ServerBusy', 'Database connection lost, retry in a moment', { cause: String((e as Error).message) });
  throw e;
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  // A bounded wait for a connection: without it a request queues for one forever while the database is gone.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(text) {
      await c.query(text).catch(unavailable);
    },
    async query(text, params) {
      const r = await c.query(text, params as unknown[]).catch(unavailable);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
  });
  // A checked-out client has no listener of the pool's: its socket error (a terminated backend between two
  // statements of a transaction) would be an uncaught 'error' event and end the process.
  const ignore = () => {};
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect().catch(unavailable);
      client.on('error', ignore);
      let broken: Error | undefined;
      try {
        await client.query('begin').catch(unavailable);
        const result = await fn(wrap(client));
        await client.query('commit').catch(unavailable);
        return result;
      } catch (e) {
        if (e instanceof AppError && e.status === 503) broken = e;
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.removeListener('error', ignore);
        // A client whose connection was lost is destroyed, not handed to the next request.
        client.release(broken);
      }
    },
    close: () => pool.end(),
    pool,
  } as Db & { pool: pg.Pool };
}
