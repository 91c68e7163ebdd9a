import { loadConfig, type Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { registerWorkers } from './jobs/workers.ts';
import { timed, type StartTimings } from './startTimings.ts';

/**
 * Opens the database, migrates, builds the app and listens. Used by main.ts, which hands in `db` opened while
 * the app's modules loaded, and by the tests, which hand in a copy of their migrated template; it is migrated
 * all the same.
 */
export async function startServer(config: Config = loadConfig(), opts: { db?: Db; timings?: StartTimings } = {}) {
  const timings = opts.timings ?? {};
  const db = opts.db ?? (await timed(timings, 'database', openDb(config)));
  await timed(timings, 'migrations', migrate(db));
  const app = await timed(timings, 'app', buildApp(config, db));
  await timed(timings, 'listen', app.listen({ port: config.PORT, host: config.HOST }));
  // Workers start once the server answers: their first polls of every queue would otherwise come before the start's
  // own queries (PGlite has one connection). Jobs sent meanwhile wait in their queue.
  if (config.RUN_WORKERS) await timed(timings, 'workers', registerWorkers(app.ctx));
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app.close(); // stops accepting, finishes in-flight requests, stops job workers
      await db.close(); // PGlite flushes its files here
    })());
  return { app, db, config, close };
}
