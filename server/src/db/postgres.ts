import pg from 'pg';
import { AppError } from '../errors.ts';
import { isPlannedOnce } from './planOnce.ts';
import { resultTypeChanged } from './resultTypeChanged.ts';
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

/**
 * Statements with parameters run as named prepared statements: each connection's backend parses and analyses
 * one once, and later runs send only its values (the answer path's ~8 statements are the same texts every
 * time). Each run is still planned with its own values (plan_cache_mode, set per connection below), as an
 * unnamed statement is, so a chatbot's size still chooses its plan; statements marked with planOnce run on
 * connections of their own that keep one plan per statement (see planOnce.ts). Names are handed out to the first
 * MAX_PREPARED texts only, so statements whose text varies (a list of placeholders as long as its input) cannot
 * make the backends keep ever more of them; the rest run unnamed as before.
 */
const MAX_PREPARED = 500;
const statementNames = new Map<string, string | null>();

function statement(text: string, values: unknown[] | undefined): pg.QueryConfig {
  if (!values?.length) return { text, values };
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = `s${statementNames.size}`));
  return name ? { name, text, values } : { text, values };
}

/** A prepared statement whose result columns changed under it (see resultTypeChanged): its text runs unnamed from now on. */
function changedResultType(e: unknown, text: string) {
  if (!resultTypeChanged(e)) return false;
  statementNames.set(text, null);
  return true;
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  // A bounded wait for a connection: without it a request queues for one forever while the database is gone.
  // Prepared statements are planned for each run's values (see statement()).
  const open = (planCacheMode: string) => {
    const p = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, options: `-c plan_cache_mode=${planCacheMode}` });
    p.on('error', () => {}); // idle client errors surface on the next query instead of crashing
    return p;
  };
  const pool = open('force_custom_plan');
  // Opens its connections when a statement marked planOnce first runs outside a transaction.
  const planOncePool = open('force_generic_plan');
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(text) {
      await c.query(text).catch(unavailable);
    },
    async query(text, params) {
      const on = c === pool && isPlannedOnce(text) ? planOncePool : c;
      const run = () => on.query(statement(text, params as unknown[] | undefined));
      // Outside a transaction the refused statement is run once more, unnamed; inside one the transaction is aborted.
      const r = await run().catch((e) => (changedResultType(e, text) && on instanceof pg.Pool ? run() : Promise.reject(e))).catch(unavailable);
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
    close: async () => {
      await Promise.all([pool.end(), planOncePool.end()]);
    },
    pool,
  } as Db & { pool: pg.Pool };
}
