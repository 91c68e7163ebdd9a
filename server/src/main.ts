import { ConfigError, loadConfig } from './config.ts';
import { MigrationOrderError } from './db/migrate.ts';
import { checkDataFolders, DataFolderError } from './dataFolders.ts';
import { uploadDir } from './training/storage.ts';

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

const started = Date.now();
const server = await (async () => {
  // Before the app is even loaded: an unusable folder is reported at once.
  checkDataFolders(config, uploadDir(config));
  const { startServer } = await import('./server.ts');
  return startServer(config);
})().catch((e: unknown) => {
  // A migration committed out of order or an unusable data folder is an operator's problem to fix, not a crash: say what to do.
  if (e instanceof MigrationOrderError || e instanceof DataFolderError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
});
server.app.log.info(`ready on ${config.publicUrl} in ${Date.now() - started} ms (${server.db.kind})`);

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
