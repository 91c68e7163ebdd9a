/**
 * CSV export of 100,000 chats (200,000 messages) of one chatbot through GET /api/v1/chats/export: rows,
 * time, size, and the server's extra memory while it streams (peak RSS and heap above the level before the
 * export; the server runs in this process, the download is counted, not kept). A full garbage collection
 * runs every 200 ms (less often when the machine is busy), so the peaks are mostly what the export holds, not
 * garbage V8 has not yet collected (without it V8 lets dead batches pile up before it collects them: +182 MB
 * heap, +211 MB RSS at 100,000 chats); retained_heap_delta_mb is the heap right after those collections.
 * Storage: PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created in it), else PGlite.
 * Usage: npm run bench -- export   (EXPORT_CHATS=100000 to change)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import { freePort } from './_load.ts';

const CHATS = Number(process.env.EXPORT_CHATS ?? 100_000);
const PER_CHAT = 2;

// BENCH_DATABASE_URL: a throwaway PostgreSQL database, dropped at the end; else PGlite in a temporary folder.
const throwaway = process.env.BENCH_DATABASE_URL ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL, 'bench_export') : null;
const databaseUrl = throwaway?.url;
const dropDb = throwaway?.drop;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const port = await freePort();
const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const server = await startServer(config);
const storage = databaseUrl ? 'postgresql' : 'pglite';
const mb = (bytes: number) => Number((bytes / 1e6).toFixed(1));
try {
  const user = await createAccount(server.db, { email: 'bench@example.test', password: 'bench-password-1', trialDays: 14 });
  const org = user.organization_id;
  const bot = (
    await server.db.query<{ id: string }>(
      `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://example.test', 'de', 'completed') returning id`,
      [org],
    )
  ).rows[0].id;
  const { keys, issuer, audience } = server.app.ctx;
  const token = await mintAccessToken(keys!, { issuer, audience, clientId: config.OIDC_CLIENT_ID, subject: user.subject, email: user.email, isAdmin: false, ttlSeconds: 7200 });

  let t = performance.now();
  await server.db.query(
    `insert into chats (chatbot_id, organization_id, visitor_id, lang, category, created_at, last_message_at, message_count, lead)
     select $1, $2, 'v' || i, 'de', (array['general','contact','hr'])[1 + i % 3], now() - i * interval '5 minutes', now() - i * interval '5 minutes', $4,
            case when i % 3 = 1 then jsonb_build_object('name', 'Käthe ' || i, 'email', 'k' || i || '@example.test') end
       from generate_series(1, $3::int) i`,
    [bot, org, CHATS, PER_CHAT],
  );
  // Bulk seeding: the export does not read chats.search, which stays empty here.
  await server.db.query(
    `insert into messages (chat_id, chatbot_id, organization_id, question, answer, created_at)
     select c.id, c.chatbot_id, c.organization_id, 'Was kostet der Versand nach Österreich; und "wie lange"? #' || c.visitor_id,
            'Der Versand nach Österreich kostet 9,90 € und dauert drei bis fünf Werktage. ' || c.visitor_id, c.created_at + n * interval '30 seconds'
       from chats c, generate_series(1, $2::int) n where c.chatbot_id = $1`,
    [bot, PER_CHAT],
  );
  await server.db.query('vacuum analyze chats');
  await server.db.query('vacuum analyze messages');
  console.log(`seeded ${CHATS} chats, ${CHATS * PER_CHAT} messages on ${storage} in ${Math.round(performance.now() - t)} ms`);

  const url = `http://127.0.0.1:${port}/api/v1/chats/export?filter=${encodeURIComponent(JSON.stringify({ chatbotId: bot }))}&amount=${CHATS}&locale=de&tz=Europe%2FBerlin`;
  // gc() without --expose-gc on the command line (the bench runner starts each bench the same way).
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage();
  let ticks = 0;
  let retainedHeap = before.heapUsed;
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    if (++ticks % 20 === 0) {
      gc();
      retainedHeap = Math.max(retainedHeap, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  t = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const ms = performance.now() - t;
  clearInterval(sampler);
  const rows = lines - 1; // the header line; no cell here holds a line break
  if (res.headers.get('x-export-chats') !== String(CHATS) || rows !== CHATS * PER_CHAT) throw new Error(`export said ${res.headers.get('x-export-chats')} chats, ${rows} rows`);
  console.log(`export of ${CHATS} chats (${rows} rows): ${Math.round(ms)} ms, ${mb(bytes)} MB, peak RSS +${mb(peakRss - before.rss)} MB, peak heap +${mb(peakHeap - before.heapUsed)} MB, heap right after a collection +${mb(retainedHeap - before.heapUsed)} MB`);
  console.log(
    JSON.stringify({
      bench: 'export',
      storage,
      chats: CHATS,
      rows,
      ms: Math.round(ms),
      mb: mb(bytes),
      peak_rss_delta_mb: mb(peakRss - before.rss),
      peak_heap_delta_mb: mb(peakHeap - before.heapUsed),
      retained_heap_delta_mb: mb(retainedHeap - before.heapUsed),
    }),
  );
} finally {
  await server.close();
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
