/**
 * What the answer path's writes cost PostgreSQL, apart from retrieval: the CPU of the one backend that runs
 * each statement (read from /proc, so other work on the machine does not count), and how many messages 50
 * visitors of one chatbot get opened and recorded per second when they write at the same time (the rows
 * every answer of a chatbot or organization touches are where they queue).
 * A chatbot with BENCH_CHATS (20,000) chats of 3 messages, 50 visitors' chats growing by BENCH_MESSAGES (2,000).
 * PostgreSQL only (a throwaway database on the server of BENCH_DATABASE_URL, default the local one).
 * Usage: npm run bench -- answer-writes
 */
import fs from 'node:fs';
import pg from 'pg';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { openPostgres } from '../server/src/db/postgres.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import type { Queryable } from '../server/src/db/index.ts';
import { conversationsRepo, type ChatRow } from '../server/src/repositories/conversations.ts';
import { rateLimitsRepo } from '../server/src/repositories/rateLimits.ts';
import { round1 } from './_load.ts';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const CHATS = Number(process.env.BENCH_CHATS ?? 20_000);
const VISITORS = 50;

/** CPU (user + system) a process has used, in ms; USER_HZ is 100 on Linux. */
function cpuMs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** One connection of its own (its backend's pid is what /proc is read for), as the repositories' Queryable. */
async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  const c: Queryable = {
    query: async <T,>(text: string, params?: unknown[]) => {
      const r = await client.query(text, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    exec: async (text: string) => {
      await client.query(text);
    },
  };
  return { c, pid, end: () => client.end() };
}

const throwaway = await createThrowawayDatabase(BASE, 'bench_writes');
const db = await openPostgres(throwaway.url, 2);
try {
  await migrate(db);
  const user = await createAccount(db, { email: 'writes@example.test', password: 'bench-password-1', trialDays: 14 });
  const org = user.organization_id;
  const bot = (
    await db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://example.test', 'de', 'completed') returning id`, [org])
  ).rows[0].id;
  await db.query(
    `insert into chats (chatbot_id, organization_id, visitor_id, lang, created_at, last_message_at, message_count)
     select $1, $2, 'v' || i, 'de', now() - i * interval '5 minutes', now() - i * interval '5 minutes', 3 from generate_series(1, $3::int) i`,
    [bot, org, CHATS],
  );
  await db.query(
    `insert into messages (chat_id, chatbot_id, organization_id, question, answer, created_at)
     select c.id, c.chatbot_id, c.organization_id, 'Was kostet der Versand nach Österreich? #' || c.visitor_id, 'Antwort ' || n || ' für ' || c.visitor_id,
            c.created_at + n * interval '30 seconds'
       from chats c, generate_series(1, 3) n where c.chatbot_id = $1`,
    [bot],
  );
  await db.query(`update chats c set search = (select to_tsvector('simple', string_agg(m.question || ' ' || m.answer, ' ')) from messages m where m.chat_id = c.id)`);
  await db.query('vacuum analyze chats');
  await db.query('vacuum analyze messages');

  const one = await connect(throwaway.url);
  const chats: ChatRow[] = [];
  for (let i = 0; i < VISITORS; i++) chats.push(await conversationsRepo.start(one.c, { chatbotId: bot, organizationId: org, visitorId: `x${i}`, lang: 'de', source: 'widget' }));
  const answer = {
    answer:
      'Der Versand nach Österreich kostet 4,90 € und dauert zwei bis drei Werktage. Ab einem Bestellwert von 50 € liefern wir versandkostenfrei. Rücksendungen sind innerhalb von 30 Tagen kostenlos möglich; das Etikett finden Sie in Ihrem Kundenkonto unter „Bestellungen“.',
    sources: [1, 2, 3].map((i) => ({ type: 'webpage' as const, id: crypto.randomUUID(), url: `https://example.test/versand-${i}`, title: `Versand ${i}`, score: 0.5 })),
    score: 0.8,
    answeredBy: 'retrieval' as const,
  };
  const question = (i: number) => `Was kostet der Versand nach Österreich, Frage ${i}?`;
  const visitorCounts = (k: number) => [
    { key: `bench:v:${k}`, windowMs: 60_000, n: 1 },
    { key: `bench:bot:${bot}`, windowMs: 60_000, n: 1 },
  ];

  // One after the other, on one connection: each statement's own CPU.
  const single: Record<string, number> = {};
  const statements: [string, (i: number) => Promise<unknown>][] = [
    ['rate_limits', (i) => rateLimitsRepo.incrementMany(one.c, visitorCounts(i % VISITORS))],
    ['open_for_message', (i) => conversationsRepo.openForMessage(one.c, bot, chats[i % VISITORS].id, org, 1_000_000)],
    ['record_message', (i) => conversationsRepo.recordMessage(one.c, chats[i % VISITORS], question(i), answer)],
  ];
  for (const [name, run] of statements) {
    const before = cpuMs(one.pid);
    for (let i = 0; i < MESSAGES; i++) await run(i);
    single[name] = (cpuMs(one.pid) - before) / MESSAGES;
    console.log(`${name.padEnd(18)} ${single[name].toFixed(3)} ms backend CPU a statement`);
  }
  await one.end();

  // 50 visitors at once, each: its rate-limit counts, opening its chat for a message, recording it.
  const many = await Promise.all(Array.from({ length: VISITORS }, () => connect(throwaway.url)));
  const cpuBefore = many.reduce((a, x) => a + cpuMs(x.pid), 0);
  const t0 = performance.now();
  await Promise.all(
    many.map(async ({ c }, k) => {
      for (let i = 0; i < MESSAGES / VISITORS; i++) {
        await rateLimitsRepo.incrementMany(c, visitorCounts(k));
        await conversationsRepo.openForMessage(c, bot, chats[k].id, org, 1_000_000);
        await conversationsRepo.recordMessage(c, chats[k], question(i), answer);
      }
    }),
  );
  const wallMs = performance.now() - t0;
  const concurrentCpu = (many.reduce((a, x) => a + cpuMs(x.pid), 0) - cpuBefore) / MESSAGES;
  await Promise.all(many.map((x) => x.end()));
  console.log(`${VISITORS} visitors at once: ${Math.round(MESSAGES / (wallMs / 1000))} messages/s, ${concurrentCpu.toFixed(2)} ms backend CPU a message`);
  console.log(
    JSON.stringify({
      bench: 'answer-writes',
      chats: CHATS,
      messages: MESSAGES,
      rate_limits_cpu_ms: Number(single.rate_limits.toFixed(3)),
      open_for_message_cpu_ms: Number(single.open_for_message.toFixed(3)),
      record_message_cpu_ms: Number(single.record_message.toFixed(3)),
      concurrent_messages_per_s: round1(MESSAGES / (wallMs / 1000)),
      concurrent_cpu_ms_per_message: Number(concurrentCpu.toFixed(2)),
    }),
  );
} finally {
  await db.close();
  await throwaway.drop();
}
