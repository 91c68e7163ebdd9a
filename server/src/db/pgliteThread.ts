/**
 * The embedded database's own thread (started by pglite.ts). PGlite runs PostgreSQL as WebAssembly on the thread
 * that calls it; here that is not the server's thread, so opening the database runs beside the loading of the
 * app's modules, and a statement no longer stops the server from accepting connections and answering others.
 * Requests and answers are the messages of pgliteProtocol.ts; a transaction stays open here between the
 * statements the server sends for it, and ends when the server says commit or roll back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
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

async function handle(pg: PGlite, req: Request) {
  const on = req.tx ? transactions.get(req.tx)?.tx : pg;
  if (!on) throw new Error(`transaction ${req.tx} is not open`);
  switch (req.op) {
    case 'query': {
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
