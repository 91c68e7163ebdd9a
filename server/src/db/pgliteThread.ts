/**
 * The embedded database's own thread (started by pglite.ts). PGlite runs PostgreSQL as WebAssembly on the thread
 * that calls it; here that is not the server's thread, so opening the database runs beside the loading of the
 * app's modules, and a statement no longer stops the server from accepting connections and answering others.
 * Requests and answers are the messages of pgliteProtocol.ts; a transaction stays open here between the
 * statements the server sends for it, and ends when the server says commit or roll back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { resultTypeChanged } from './resultTypeChanged.ts';
import { asMessage, type Reply, type Request, type ThreadOptions } from './pgliteProtocol.ts';

const port = parentPort!;
const { dataDir, template } = workerData as ThreadOptions;

/** An open transaction: its handle, and how to end it once the server asks (commit or roll back). */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean, replyId: number): void;
}
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;
/** Thrown inside PGlite's transaction to roll it back; not an error to report. */
const ROLLBACK = Symbol('rollback');

const send = (reply: Reply) => port.postMessage(reply);
const fail = (id: number, e: unknown) => send({ id, error: asMessage(e) });

// The same extensions every time: a folder written with an extension cannot be reopened without it.
const opening = PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, vector }, loadDataDir: template });
opening.then(
  () => send({ id: 0, result: 'open' }),
  (e: unknown) => fail(0, e),
);

function begin(pg: PGlite, id: number) {
  let endTo = 0;
  pg.transaction(async (tx) => {
    const txId = nextTransaction++;
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(txId, {
        tx,
        end: (c, replyId) => {
          endTo = replyId;
          resolve(c);
        },
      });
      send({ id, result: txId });
    });
    transactions.delete(txId);
    if (!commit) throw ROLLBACK;
  }).then(
    () => send({ id: endTo, result: null }),
    (e: unknown) => (e === ROLLBACK ? send({ id: endTo, result: null }) : endTo ? fail(endTo, e) : fail(id, e)),
  );
}

/**
 * Statements marked planOnce (planOnce.ts), by text: prepared under a name at their first run, then only bound and
 * run with one generic plan, as on PostgreSQL's plan-once connections. PGlite's query() parses, analyses and plans
 * every statement anew: for the answer path's statements by key that was a third of the embedded database's time
 * of an answer. PostgreSQL re-plans a prepared statement by itself when a table it reads changes; null: the text
 * runs through query() (its result columns changed under it, see below).
 */
const prepared = new Map<string, { name: string; types: number[] } | null>();
const { serialize } = protocol;

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** As pg.query(text, params) outside a transaction, for a statement marked planOnce (null: not prepared, run it so). */
function queryPrepared(pg: PGlite, text: string, params: unknown[]) {
  if (prepared.get(text) === null) return null;
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      let statement = prepared.get(text);
      if (!statement) {
        const name = `planned_once_${prepared.size + 1}`;
        const described = await pg.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
        prepared.set(text, (statement = { name, types: parse.parseDescribeStatementResults(described.messages) }));
      }
      // Values as query() sends them: text, by the serializer of the parameter's type.
      const values = params.map((v, i) => (v === null || v === undefined ? null : (pg.serializers[statement.types[i]]?.(v) ?? String(v))));
      // The session's plan_cache_mode stays as it is for every other statement (planned for its values).
      const { messages } = await pg.execProtocol(
        concat([
          serialize.query('set plan_cache_mode = force_generic_plan'),
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
          serialize.query('reset plan_cache_mode'),
        ]),
      );
      const [, result] = parse.parseResults(messages, pg.parsers); // after the SET's result
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    }),
  );
}

/** A prepared statement whose result columns changed under it (see resultTypeChanged): its text runs through query() from then on. */
function changedResultType(e: unknown, text: string) {
  if (!resultTypeChanged(e)) return false;
  prepared.set(text, null);
  return true;
}

async function handle(pg: PGlite, req: Request): Promise<unknown> {
  const on = req.tx ? transactions.get(req.tx)?.tx : pg;
  if (!on) throw new Error(`transaction ${req.tx} is not open`);
  switch (req.op) {
    case 'query': {
      if (req.planOnce && !req.tx) {
        const once = queryPrepared(pg, req.text, req.params ?? []);
        if (once) return once.catch((e: unknown) => (changedResultType(e, req.text) ? handle(pg, req) : Promise.reject(e)));
      }
      const r = await on.query(req.text, req.params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    }
    case 'exec':
      await on.exec(req.text);
      return null;
    case 'dump':
      return pg.dumpDataDir(req.compression);
    case 'close':
      if (!pg.closed) await pg.close();
      return null;
  }
}

port.on('message', (req: Request) => {
  void opening.then(
    (pg) => {
      if (req.op === 'begin') return begin(pg, req.id);
      if (req.op === 'end') {
        const open = transactions.get(req.tx);
        return open ? open.end(req.commit, req.id) : fail(req.id, new Error(`transaction ${req.tx} is not open`));
      }
      handle(pg, req).then(
        (result) => send({ id: req.id, result }),
        (e: unknown) => fail(req.id, e),
      );
    },
    () => fail(req.id, new Error('the embedded database did not open')),
  );
});
