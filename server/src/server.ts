import { loadConfig, type Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';

/**
 * Opens the database, migrates, builds the app and listens. Used by main.ts and by the tests, which may
 * hand in `db`, already open (a copy of their migrated template); it is migrated all the same.
 */
export async function startServer(config: Config = loadConfig(), opts: { db?: Db } = {}) {
  const db = opts.db ?? (await openDb(config));
  await migrate(db);
  const app = await buildApp(config, db);
  await app.listen({ port: config.PORT, host: config.HOST });
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app.close(); // stops accepting, finishes in-flight requests, stops job workers
      await db.close(); // PGlite flushes its files here
    })());
  return { app, db, config, close };
}
