import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { MigrationOrderError } from './db/migrate.ts';
import { seedFromStartTemplate } from './db/startTemplate.ts';
import { checkDataFolders, DataFolderError } from './dataFolders.ts';
import { uploadDir } from './training/storage.ts';
import { timed, type StartTimings } from './startTimings.ts';

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

// boot: from the process's start to here (Node itself, then this file's imports: configuration, database drivers).
const timings: StartTimings = { boot: Math.round(performance.now()) };
const server = await (async () => {
  // Before the app is even loaded: an unusable folder is reported at once.
  checkDataFolders(config, uploadDir(config));
  const seeding = performance.now();
  if (!config.DATABASE_URL && config.DATA_DIR !== ':memory:' && seedFromStartTemplate(path.join(config.dataDir, 'pgdata')))
    timings.template = Math.round(performance.now() - seeding);
  // The database opens (PGlite compiles its WASM on background threads) while the app's modules load.
  const [db, { startServer }] = await Promise.all([timed(timings, 'database', openDb(config)), timed(timings, 'modules', import('./server.ts'))]);
  return startServer(config, { db, timings });
})().catch((e: unknown) => {
  // A migration committed out of order or an unusable data folder is an operator's problem to fix, not a crash: say what to do.
  if (e instanceof MigrationOrderError || e instanceof DataFolderError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
});
// Where a start's time went (the database opens while the modules load): the README's startup figures come from here.
server.app.log.info({ timings }, `ready on ${config.publicUrl} ${Math.round(performance.now())} ms after the process started (${server.db.kind})`);

// Graceful shutdown: finish requests and jobs, then close the database so nothing is lost.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    server.app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await server.close();
    process.exit(0);
  });
}
