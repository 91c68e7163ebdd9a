/**
 * Chat history with 100,000 chats (300,000 messages) in one chatbot: p50/p95 of the list call
 * (page + total, as the dashboard sends it), of a keyset page (page 40 reached by the X-Next-Cursor of
 * page 39: the page alone, no total) and of the counts call under typical filters, and the
 * CSV export of 10,000 chats (time, size, peak memory of the server process).
 * Storage: PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created in it), else PGlite.
 * Usage: npm run bench -- history   (HISTORY_CHATS=100000 HISTORY_ROUNDS=20 to change)
 * HISTORY_REUSE=1 keeps the seeded chats for the next run (PGlite: a folder in the temporary directory,
 * PostgreSQL: a database bench_history_<chats>) and takes them from there when they are present: seeding
 * 100,000 chats takes minutes on PGlite. Delete the folder or drop the database to seed again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import { usersRepo } from '../server/src/repositories/users.ts';
import { freePort, percentile, round1 } from './_load.ts';

const CHATS = Number(process.env.HISTORY_CHATS ?? 100_000);
const ROUNDS = Number(process.env.HISTORY_ROUNDS ?? 20);
// The export takes 10,000 chats, or all of them when fewer were seeded (HISTORY_CHATS below 10,000).
const EXPORT_CHATS = Math.min(10_000, CHATS);

const REUSE = !!process.env.HISTORY_REUSE;

/** The kept database of HISTORY_REUSE on the PostgreSQL server of `base`, created when missing. */
async function keptDatabase(base: string) {
  const name = `bench_history_${CHATS}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    if (!(await c.query('select 1 from pg_database where datname = $1', [name])).rowCount) await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: undefined };
}

// BENCH_DATABASE_URL: a throwaway PostgreSQL database, dropped at the end; else PGlite in a temporary folder.
const pgBase = process.env.BENCH_DATABASE_URL;
const throwaway = pgBase ? await (REUSE ? keptDatabase(pgBase) : createThrowawayDatabase(pgBase, 'bench_history')) : null;
const databaseUrl = throwaway?.url;
const dropDb = throwaway?.drop;

const keptDir = path.join(os.tmpdir(), `bench-history-kept-${CHATS}`);
const dataDir = REUSE ? (fs.mkdirSync(keptDir, { recursive: true }), keptDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
const port = await freePort();
const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const server = await startServer(config);
const storage = databaseUrl ? 'postgresql' : 'pglite';
try {
  const email = 'bench@example.test';
  const kept = REUSE ? await usersRepo.byEmail(server.db, email) : undefined;
  const user = kept ?? (await createAccount(server.db, { email, password: 'bench-password-1', trialDays: 14 }));
  const org = user.organization_id;
  const keptBot = kept && (await server.db.query<{ id: string }>('select id from chatbots where organization_id = $1', [org])).rows[0];
  const bot =
    keptBot?.id ??
    (
      await server.db.query<{ id: string }>(
        `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://example.test', 'de', 'completed') returning id`,
        [org],
      )
    ).rows[0].id;
  const { keys, issuer, audience } = server.app.ctx;
  const token = await mintAccessToken(keys!, { issuer, audience, clientId: config.OIDC_CLIENT_ID, subject: user.subject, email: user.email, isAdmin: false, ttlSeconds: 7200 });

  // A year of chats: every third one with a lead, some read, some favorites, 3 messages each.
  let t = performance.now();
  const seeded = keptBot && (await server.db.query<{ n: number }>('select count(*)::int as n from chats where chatbot_id = $1', [bot])).rows[0].n === CHATS;
  if (seeded) console.log(`reusing ${CHATS} seeded chats in ${databaseUrl ? 'bench_history_' + CHATS : dataDir}`);
  else await seed();
  async function seed() {
    for (let from = 1; from <= CHATS; from += 20_000) {
      const to = Math.min(CHATS, from + 19_999);
      await server.db.query(
        `insert into chats (chatbot_id, organization_id, visitor_id, lang, category, read, favorite, created_at, last_message_at, message_count, lead)
         select $1, $2, 'v' || i, 'de', (array['general','contact','hr'])[1 + i % 3], i % 4 = 0, i % 50 = 0,
                now() - i * interval '5 minutes', now() - i * interval '5 minutes' + interval '2 minutes', 3,
                case when i % 3 = 1 then jsonb_build_object('name', 'Käthe ' || i, 'email', 'k' || i || '@example.test') end
           from generate_series($3::int, $4::int) i`,
        [bot, org, from, to],
      );
    }
    // Bulk seeding: the chats' search words (which the runtime adds per message) are filled in by one backfill.
    await server.db.query(
      `insert into messages (chat_id, chatbot_id, organization_id, question, answer, created_at)
       select c.id, c.chatbot_id, c.organization_id,
              (array['Was kostet der Versand nach Österreich?','Haben Sie offene Stellen?','Wie lange dauert die Lieferung?','Kann ich zurückgeben?'])[1 + (abs(hashtext(c.visitor_id)) + n) % 4] || ' #' || c.visitor_id,
              'Antwort ' || n || ' für ' || c.visitor_id, c.created_at + n * interval '30 seconds'
         from chats c, generate_series(1, 3) n where c.chatbot_id = $1`,
      [bot],
    );
    await server.db.query(
      `update chats c set search = (select to_tsvector('simple', string_agg(m.question || ' ' || coalesce(m.answer, ''), ' ' order by m.created_at)) from messages m where m.chat_id = c.id)
        where c.chatbot_id = $1`,
      [bot],
    );
    // What autovacuum does on a live database: statistics and the visibility map (index-only counts).
    await server.db.query('vacuum analyze chats');
    await server.db.query('vacuum analyze messages');
    console.log(`seeded ${CHATS} chats, ${CHATS * 3} messages on ${storage} in ${Math.round(performance.now() - t)} ms`);
  }

  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: `Bearer ${token}` };
  const qs = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const filters: [string, Record<string, unknown>][] = [
    ['all', {}],
    ['contact+unread', { category: 'contact', read: false }],
    ['favorite', { favorite: true }],
    ['last 30 days', { from: day(30), to: day(0) }],
    ['text, rare "v4711"', { q: 'v4711' }],
    ['text, in 75% "versand österreich"', { q: 'versand österreich' }],
    ['hr+read+90 days+text', { category: 'hr', read: true, from: day(90), q: 'stellen' }],
  ];
  const pages: [string, [number, number]][] = [['first page', [0, 24]], ['page 40', [975, 999]]];

  async function timed(url: string) {
    const s = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return performance.now() - s;
  }

  /** The cursor after page 39 (chats 951-975), walked from the first page by cursor as a client would. */
  async function cursorBeforePage40(filter: Record<string, unknown>) {
    let after: string | null = null;
    for (let page = 0; page < 39; page++) {
      const range = [page * 25, page * 25 + 24];
      const res: Response = await fetch(`${base}/chats?${qs({ filter, range, sort: ['createdAt', 'DESC'] })}${after ? `&after=${encodeURIComponent(after)}` : ''}`, { headers });
      await res.arrayBuffer();
      after = res.headers.get('x-next-cursor');
      if (!after) return null; // fewer than 40 pages match
    }
    return after;
  }

  const listAll: number[] = [];
  const countsAll: number[] = [];
  const keysetAll: number[] = [];
  for (const [name, f] of filters) {
    const filter = { chatbotId: bot, lang: 'de', ...f };
    const lat: number[] = [];
    const cnt: number[] = [];
    const key: number[] = [];
    for (const [, range] of pages) await timed(`${base}/chats?${qs({ filter, range, sort: ['createdAt', 'DESC'] })}`); // warm-up
    const after = await cursorBeforePage40(filter);
    const keysetUrl = after && `${base}/chats?${qs({ filter, range: [975, 999], sort: ['createdAt', 'DESC'] })}&after=${encodeURIComponent(after)}`;
    for (let i = 0; i < ROUNDS; i++) {
      for (const [, range] of pages) lat.push(await timed(`${base}/chats?${qs({ filter, range, sort: ['createdAt', 'DESC'] })}`));
      if (keysetUrl) key.push(await timed(keysetUrl));
      cnt.push(await timed(`${base}/chats/counts?${qs({ filter })}`));
    }
    listAll.push(...lat);
    countsAll.push(...cnt);
    keysetAll.push(...key);
    const keyset = key.length ? `keyset page 40 p50 ${round1(percentile(key, 50))} ms  p95 ${round1(percentile(key, 95))} ms` : 'keyset: under 40 pages';
    console.log(`${name.padEnd(36)} list p50 ${round1(percentile(lat, 50))} ms  p95 ${round1(percentile(lat, 95))} ms   ${keyset}   counts p50 ${round1(percentile(cnt, 50))} ms  p95 ${round1(percentile(cnt, 95))} ms`);
  }

  // Export: peak resident memory of this process (the server) above the level before the export.
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  t = performance.now();
  const res = await fetch(`${base}/chats/export?${qs({ filter: { chatbotId: bot } })}&amount=${EXPORT_CHATS}&locale=de&tz=Europe%2FBerlin`, { headers });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const exportMs = performance.now() - t;
  clearInterval(sampler);
  if (res.headers.get('x-export-chats') !== String(EXPORT_CHATS)) throw new Error(`export said ${res.headers.get('x-export-chats')} chats`);
  console.log(`export of ${EXPORT_CHATS} chats (${EXPORT_CHATS * 3} rows): ${Math.round(exportMs)} ms, ${(bytes / 1e6).toFixed(1)} MB, peak RSS +${((peak - before) / 1e6).toFixed(1)} MB (${(peak / 1e6).toFixed(0)} MB total)`);

  console.log(
    JSON.stringify({
      bench: 'history',
      storage,
      chats: CHATS,
      list_p50_ms: round1(percentile(listAll, 50)),
      list_p95_ms: round1(percentile(listAll, 95)),
      keyset_p50_ms: round1(percentile(keysetAll, 50)),
      keyset_p95_ms: round1(percentile(keysetAll, 95)),
      counts_p95_ms: round1(percentile(countsAll, 95)),
      export_chats: EXPORT_CHATS,
      export_ms: Math.round(exportMs),
      export_mb: Number((bytes / 1e6).toFixed(1)),
      export_peak_rss_delta_mb: Number(((peak - before) / 1e6).toFixed(1)),
    }),
  );
} finally {
  await server.close();
  // HISTORY_KEEP_DB=1 leaves the PostgreSQL database for EXPLAIN ANALYZE by hand.
  if (process.env.HISTORY_KEEP_DB) console.log(`kept ${databaseUrl}`);
  else await dropDb?.();
  if (!REUSE) fs.rmSync(dataDir, { recursive: true, force: true });
}
