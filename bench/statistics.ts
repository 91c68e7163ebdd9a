/**
 * p50/p95 latency of the dashboard's one statistics call (GET /api/v1/statistics) with 100k messages in
 * 20k chats of the customer's chatbot over the last 60 days, plus another tenant's 20k messages that must
 * not count. Real server on a fresh PGlite data folder (or DATABASE_URL), as `npm start` runs it.
 * Usage: npm run bench -- statistics   (STATS_MESSAGES=100000 STATS_N=400 STATS_CONCURRENCY=4 to change)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import type { Db } from '../server/src/db/index.ts';
import { freePort, percentile, round1, runLoad } from './_load.ts';

const MESSAGES = Number(process.env.STATS_MESSAGES ?? 100_000);
const N = Number(process.env.STATS_N ?? 400);
const CONCURRENCY = Number(process.env.STATS_CONCURRENCY ?? 4);
const PER_CHAT = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-statistics-'));
const port = await freePort();
const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL ?? '' });
const server = await startServer(config);

/** `messages` messages in chats of PER_CHAT each, spread over 60 days; every 7th chat left a lead. */
async function seed(db: Db, email: string, messages: number) {
  const user = await createAccount(db, { email, password: 'bench-password-1', trialDays: 14 });
  const bot = (
    await db.query<{ id: string }>(
      `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://example.test', 'de', 'completed') returning id`,
      [user.organization_id],
    )
  ).rows[0];
  await db.query('insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, $2, true)', [bot.id, 'de']);
  const chats = Math.ceil(messages / PER_CHAT);
  await db.query(
    `insert into chats(chatbot_id, organization_id, visitor_id, lang, category, read, favorite, lead, created_at, message_count)
     select $1, $2, 'v' || g, 'de', case when g % 7 = 0 then 'contact' when g % 23 = 0 then 'hr' else 'general' end,
            g % 3 = 0, g % 11 = 0, case when g % 7 = 0 then '{"email":"x@example.test"}'::jsonb end,
            now() - make_interval(secs => (g * 5183999.0 / $3)), $4
       from generate_series(1, $3) g`,
    [bot.id, user.organization_id, chats, PER_CHAT],
  );
  await db.query(
    `insert into messages(chat_id, chatbot_id, organization_id, question, answer, created_at)
     select c.id, c.chatbot_id, c.organization_id, 'Wann habt ihr geöffnet?', 'Montag bis Samstag 6 bis 18 Uhr.',
            c.created_at + make_interval(secs => k * 20)
       from chats c cross join generate_series(0, $2 - 1) k
      where c.chatbot_id = $1`,
    [bot.id, PER_CHAT],
  );
  await db.query('analyze chats');
  await db.query('analyze messages');
  return { user, botId: bot.id };
}

try {
  const t0 = performance.now();
  const { user, botId } = await seed(server.db, 'bench@example.test', MESSAGES);
  await seed(server.db, 'other@example.test', Math.round(MESSAGES / 5));
  const seedMs = Math.round(performance.now() - t0);
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
  const url = `http://127.0.0.1:${port}/api/v1/statistics?chatbotId=${botId}&tz=Europe%2FBerlin`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await check.json()) as { totals?: { messages: number; chats: number; contactsCollected: number }; messagesPerDay?: unknown[] };
  if (check.status !== 200 || body.totals?.messages !== Math.ceil(MESSAGES / PER_CHAT) * PER_CHAT)
    throw new Error(`statistics answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
  console.log(`seeded ${body.totals.messages} messages in ${body.totals.chats} chats (+ another tenant's) in ${seedMs} ms; ${body.totals.contactsCollected} contacts`);

  const r = await runLoad({ url, headers: { authorization: `Bearer ${token}` }, n: N, concurrency: CONCURRENCY, warmup: 20 });
  if (r.errors) throw new Error(`${r.errors} of ${N} requests failed: ${JSON.stringify(r.statuses)}`);
  const p50 = round1(percentile(r.latencies, 50));
  const p95 = round1(percentile(r.latencies, 95));
  const p99 = round1(percentile(r.latencies, 99));
  console.log(
    `GET /api/v1/statistics, ${N} requests, ${CONCURRENCY} concurrent, ${server.db.kind}, node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} (other processes skew the figures)`,
  );
  console.log(`p50 ${p50} ms   p95 ${p95} ms   p99 ${p99} ms   max ${round1(Math.max(...r.latencies))} ms`);
  console.log(JSON.stringify({ bench: 'statistics', messages: body.totals.messages, n: N, concurrency: CONCURRENCY, db: server.db.kind, p50_ms: p50, p95_ms: p95, p99_ms: p99 }));
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
