/**
 * p50/p95 latency of GET /api/v1/users/lookup under 50 concurrent clients, against the real server
 * started here on a fresh PGlite data folder (as `npm start` runs it, workers included).
 * Usage: npm run bench -- lookup   (LOOKUP_N=5000 LOOKUP_CONCURRENCY=50 to change;
 * BENCH_DATABASE_URL=postgres://… runs it against a throwaway database on that PostgreSQL instead)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import { freePort, percentile, round1, runLoad } from './_load.ts';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';

const N = Number(process.env.LOOKUP_N ?? 5000);
const CONCURRENCY = Number(process.env.LOOKUP_CONCURRENCY ?? 50);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lookup-'));
const pgDb = process.env.BENCH_DATABASE_URL ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL, 'bench') : null;
const port = await freePort();
const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
});
const server = await startServer(config);
try {
  // A registered customer: account, trial subscription and a chatbot, so lookup reads all three.
  const user = await createAccount(server.db, { email: 'bench@example.test', password: 'bench-password-1', trialDays: 14 });
  const bot = await server.db.query<{ id: string }>(
    `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://example.test', 'de', 'completed') returning id`,
    [user.organization_id],
  );
  await server.db.query('insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, $2, true)', [bot.rows[0].id, 'de']);
  const { keys, issuer, audience } = server.app.ctx;
  const token = await mintAccessToken(keys!, {
    issuer,
    audience,
    clientId: config.OIDC_CLIENT_ID,
    subject: user.subject,
    email: user.email,
    isAdmin: false,
    ttlSeconds: 3600,
  });

  const url = `http://127.0.0.1:${port}/api/v1/users/lookup`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await check.json()) as { chatbot?: { id: string } };
  if (check.status !== 200 || body.chatbot?.id !== bot.rows[0].id) throw new Error(`lookup answered ${check.status}: ${JSON.stringify(body)}`);

  const r = await runLoad({ url, headers: { authorization: `Bearer ${token}` }, n: N, concurrency: CONCURRENCY, warmup: 200 });
  if (r.errors) throw new Error(`${r.errors} of ${N} requests failed: ${JSON.stringify(r.statuses)}`);
  const p50 = round1(percentile(r.latencies, 50));
  const p95 = round1(percentile(r.latencies, 95));
  const p99 = round1(percentile(r.latencies, 99));
  const rps = Math.round((N / r.wallMs) * 1000);
  console.log(
    `GET /api/v1/users/lookup, ${N} requests, ${CONCURRENCY} concurrent, ${server.db.kind}, node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} (other processes skew the figures)`,
  );
  console.log(`p50 ${p50} ms   p95 ${p95} ms   p99 ${p99} ms   max ${round1(Math.max(...r.latencies))} ms   ${rps} req/s`);
  console.log(JSON.stringify({ bench: 'lookup', db: server.db.kind, n: N, concurrency: CONCURRENCY, p50_ms: p50, p95_ms: p95, p99_ms: p99, rps }));
} finally {
  await server.close();
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
