import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { startJobs } from './jobs/boss.ts';
import { QUEUES, registerWorkers } from './jobs/workers.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';
import { checkDataFolders, DataFolderError } from './dataFolders.ts';
import { uploadDir } from './training/storage.ts';

/**
 * `npm run worker`: only the job workers (initial setup, crawling, training…), as a separate
 * process against the shared PostgreSQL. The API can then run with RUN_WORKERS=false.
 */
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
if (!config.DATABASE_URL) {
  // PGlite is an embedded, single-process database: a second process cannot open the same data folder.
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database (PGlite) the workers run inside `npm start`; ' +
      'set DATABASE_URL=postgres://… for separate worker processes.',
  );
  process.exit(1);
}

try {
  // Workers read uploaded documents: a folder they cannot use is said at start, in one line.
  checkDataFolders(config, uploadDir(config));
} catch (e) {
  if (!(e instanceof DataFolderError)) throw e;
  console.error(e.message);
  process.exit(1);
}

const db = await openDb(config);
await migrate(db);
const jobs = await startJobs(db, { databaseUrl: config.DATABASE_URL, queues: QUEUES });
const issuer = config.OIDC_ISSUER ?? `${config.publicUrl}/oidc`;
const ctx: AppContext = {
  config,
  db,
  keys: null,
  issuer,
  audience: config.OIDC_AUDIENCE ?? `${config.publicUrl}/api/v1`,
  // Workers serve no HTTP requests, so they never verify tokens.
  verifyToken: async () => {
    throw unauthorized('The worker process does not accept requests');
  },
  jobs,
};
await registerWorkers(ctx);
console.log(`worker ready: queues ${QUEUES.join(', ')} on PostgreSQL`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: finishing running jobs`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await jobs.stop();
    await db.close();
    process.exit(0);
  });
}
