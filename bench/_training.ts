import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { openDb, type Db } from '../server/src/db/index.ts';
import { migrate } from '../server/src/db/migrate.ts';

/**
 * A migrated database for the training benches: PGlite in memory, or PostgreSQL when
 * BENCH_DATABASE_URL is set (a throwaway database is created and dropped). With BENCH_KEEP_DB=1 the
 * database named in BENCH_DATABASE_URL itself is used and kept (create it once), so a bench can find
 * what an earlier run seeded there (see seededChatbot) instead of seeding a million rows again.
 */
export async function benchDb(): Promise<{ db: Db; config: ReturnType<typeof loadConfig>; orgId: string; chatbotId: string; close: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  const keep = Boolean(base && process.env.BENCH_KEEP_DB === '1');
  let url: string | undefined = keep ? base : undefined;
  let drop = async () => {};
  if (base && !keep) {
    const pg = (await import('pg')).default;
    const name = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: ':memory:', LOG_LEVEL: 'silent', CRAWL_ALLOW_PRIVATE: 'true',
    UPLOAD_DIR: path.join(os.tmpdir(), 'chatbot-bench-uploads'),
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const db = await openDb(config);
  await migrate(db);
  const org = (await db.query<{ id: string }>(`insert into organizations(name) values ('bench') returning id`)).rows[0].id;
  await db.query(`insert into subscriptions(organization_id, plan_id, status) values ($1, 'enterprise', 'active')`, [org]);
  const bot = (await db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://bench.test', 'de', 'completed') returning id`, [org])).rows[0].id;
  return { db, config, orgId: org, chatbotId: bot, close: async () => { await db.close(); await drop(); } };
}

/**
 * A chatbot of org 'bench' an earlier run kept (BENCH_KEEP_DB=1) with exactly `passages` passages and
 * `pairs` question-answer pairs, if any: its ids and its pairs' questions (PostgreSQL only).
 */
export async function seededChatbot(db: Pick<Db, 'query' | 'kind'>, passages: number, pairs: number) {
  if (db.kind !== 'postgres' || process.env.BENCH_KEEP_DB !== '1') return null;
  const r = await db.query<{ org: string; bot: string }>(
    `select o.id as org, b.id as bot from organizations o join chatbots b on b.organization_id = o.id
      where o.name = 'bench'
        and (select count(*) from passages p where p.chatbot_id = b.id and p.source_type = 'webpage') = $1
        and (select count(*) from qna q where q.chatbot_id = b.id) = $2
      order by b.created_at desc limit 1`, [passages, pairs]);
  if (!r.rows[0]) return null;
  const q = await db.query<{ question: string }>('select question from qna where chatbot_id = $1 order by question', [r.rows[0].bot]);
  return { ...r.rows[0], questions: q.rows.map((row) => row.question) };
}

/** A visitor's question of the answer benches: 3 to 6 of the vocabulary's words (the same draws in every bench that asks them). */
export const visitorQuestion = (v: ReturnType<typeof vocabulary>) => `Wie ist ${v.sentence(3 + Math.floor(v.rnd() * 4))}?`;

/** Deterministic pseudo-German words with a Zipf-like frequency, so texts and questions look like language to the index. */
export function vocabulary(size = 6000, seed = 42, stream?: number) {
  // mulberry32: 32-bit integer arithmetic, so the sequence stays exact and long.
  let s = seed >>> 0;
  const rnd = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const syl = ['ber', 'lin', 'ka', 'to', 'schu', 'mi', 'ra', 'zu', 'ge', 'lo', 'fahr', 'rad', 'haus', 'wer', 'kau', 'lie', 'fe', 'rung', 'zeit', 'an', 'ge', 'bot', 'preis', 'kun', 'den', 'dienst', 'stadt', 'markt', 'ver', 'trag'];
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syl[Math.floor(rnd() * syl.length)];
    words.add(w);
  }
  const list = [...words];
  // Another stream over the same words: texts drawn after it do not depend on how much of the first was used.
  if (stream !== undefined) s = (seed * 7919 + stream * 104729) >>> 0;
  // Zipf (p ∝ 1/rank) over content words, the 50 most frequent ranks left out as the stop words
  // the text-search configuration drops anyway: the commonest word is about 0.4% of all words.
  const OFFSET = 50;
  const pick = () => list[Math.min(list.length - 1, Math.floor(OFFSET * Math.exp(rnd() * Math.log((list.length + OFFSET) / OFFSET))) - OFFSET)];
  const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
  return { list, pick, sentence, rnd };
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * A trial-free chatbot (enterprise plan, German) with `n` passages of several pseudo-German sentences each, like
 * chunked web pages: what the answer benches (answer, openloop, scaleout) ask their questions against.
 */
/** A chatbot an earlier answer bench seeded on this database with n passages, if any (PostgreSQL only). */
export async function reusableChatbot(db: Pick<Db, 'query' | 'kind'>, n: number) {
  if (db.kind !== 'postgres') return null;
  const r = await db.query<{ org: string; bot: string }>(
    `select o.id as org, b.id as bot from organizations o join chatbots b on b.organization_id = o.id
      where o.name = 'bench-answer' and (select count(*) from passages p where p.chatbot_id = b.id) = $1 limit 1`, [n]);
  return r.rows[0] ?? null;
}

export async function seedAnswerChatbot(db: Pick<Db, 'query'>, n: number, name: string, v = vocabulary()) {
  const org = (await db.query<{ id: string }>(`insert into organizations(name) values ($1) returning id`, [name])).rows[0].id;
  await db.query(`insert into subscriptions(organization_id, plan_id, status) values ($1, 'enterprise', 'active')`, [org]);
  const bot = (await db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://bench.test', 'de', 'completed') returning id`, [org])).rows[0].id;
  await db.query(`insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'de', true)`, [bot]);
  for (let done = 0; done < n; done += 5000) {
    const texts = Array.from({ length: Math.min(5000, n - done) }, () => Array.from({ length: 6 }, () => `${v.sentence(10 + Math.floor(v.rnd() * 12))}.`).join(' '));
    await db.query(
      `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, text, tsv)
       select $1, $2, 'de', 'webpage', gen_random_uuid(), 0, x.t, to_tsvector('german', x.t) from unnest($3::text[]) as x(t)`,
      [org, bot, texts],
    );
  }
  await db.query('analyze passages');
  return { org, bot };
}
