/**
 * The knowledge-gap list (GET /api/v1/knowledge-gaps) at GAPS_MESSAGES (5,000) gap messages of one chatbot:
 * declined questions, thumbs-down and weak Q&A matches in ~GAPS_DISTINCT (1,500) wordings over 90 days, as
 * the dashboard asks for them (all periods, sorted by count, page 1). Times the first read, GAPS_N (20)
 * further reads, and the read after one more gap message arrived; with the process's CPU per read (with
 * PGlite the database runs in this process, so that is the whole cost). Real server on a fresh PGlite data
 * folder (`BENCH_DATABASE_URL=postgres://…` for a throwaway PostgreSQL database).
 * Usage: npm run bench -- knowledge-gaps
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import type { Db } from '../server/src/db/index.ts';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { freePort, percentile, round1 } from './_load.ts';

const MESSAGES = Number(process.env.GAPS_MESSAGES ?? 5000);
const DISTINCT = Number(process.env.GAPS_DISTINCT ?? 1500);
const N = Number(process.env.GAPS_N ?? 20);

const TOPICS = [
  'Parkplätze', 'Hunde', 'Haustiere', 'Frühstück', 'Sauna', 'Schwimmbad', 'Fahrradverleih', 'Ladesäulen', 'WLAN', 'Kinderbetten',
  'Zustellbetten', 'Shuttle', 'Flughafentransfer', 'Gepäckaufbewahrung', 'Spätanreise', 'Frühanreise', 'Stornierung', 'Gutscheine',
  'Tagungsräume', 'Hochzeiten', 'Massagen', 'Yoga', 'Fitnessraum', 'Minibar', 'Klimaanlage', 'Balkon', 'Seeblick', 'Bergblick',
  'Halbpension', 'Vollpension', 'vegane Gerichte', 'glutenfreies Essen', 'Allergiker', 'Rollstuhl', 'Aufzug', 'Garage', 'Wäscheservice',
  'Bügeleisen', 'Föhn', 'Bademantel', 'Skiraum', 'Skipass', 'Wanderkarten', 'Busverbindung', 'Bahnhof', 'Taxi', 'Restaurant', 'Bar',
  'Zimmerservice', 'Safe', 'Rauchen', 'Familienzimmer', 'Suiten', 'Einzelzimmer', 'Doppelzimmer', 'Preise', 'Rabatte', 'Gruppen',
];
const FORMS = ['Haben Sie %s?', 'Gibt es %s?', 'Wie ist das mit %s?', 'Was kostet %s?', 'Wo finde ich Infos zu %s?', 'Sind %s möglich?', 'Bieten Sie %s an?', '%s vorhanden?'];
const PLACES = ['', ' im Winter', ' am Wochenende', ' für Kinder', ' im Sommer', ' für Gruppen', ' im Haupthaus', ' nach 22 Uhr', ' bei Anreise', ' im Nebenhaus'];

/** DISTINCT wordings: a form, a topic and a qualifier; many share their terms, some are near each other. */
function wordings(n: number) {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const form = FORMS[Math.floor(i / TOPICS.length) % FORMS.length];
    const place = PLACES[Math.floor(i / (TOPICS.length * FORMS.length)) % PLACES.length];
    const suffix = i >= TOPICS.length * FORMS.length * PLACES.length ? ` (${i})` : '';
    out.push(form.replace('%s', topic + place) + suffix);
  }
  return out;
}

async function seed(db: Db) {
  const user = await createAccount(db, { email: 'bench-gaps@example.test', password: 'bench-password-1', trialDays: 14 });
  const bot = (
    await db.query<{ id: string }>(
      `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://hotel.example', 'de', 'completed') returning id`,
      [user.organization_id],
    )
  ).rows[0];
  await db.query('insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, $2, true)', [bot.id, 'de']);
  const chats = Math.ceil(MESSAGES / 2);
  await db.query(
    `insert into chats(chatbot_id, organization_id, visitor_id, lang, category, created_at, message_count)
     select $1, $2, 'v' || g, 'de', 'general', now() - make_interval(secs => (g * 7776000.0 / $3)), 2 from generate_series(1, $3) g`,
    [bot.id, user.organization_id, chats],
  );
  // Two questions per chat; 70 % declined, 20 % answered but rated down, 10 % a weak Q&A match; skewed so
  // that some wordings are asked often.
  await db.query(
    `insert into messages(chat_id, chatbot_id, organization_id, question, answer, answered_by, score, feedback_rating, created_at)
     select c.id, c.chatbot_id, c.organization_id, ($3::text[])[1 + floor(power(random(), 2) * array_length($3::text[], 1))::int],
            case when r < 0.7 then 'Dazu habe ich leider keine Antwort gefunden.' else 'Eine Antwort aus den Inhalten.' end,
            case when r < 0.7 then 'fallback' when r < 0.9 then 'retrieval' else 'qna' end,
            case when r >= 0.9 then 0.4 end, case when r >= 0.7 and r < 0.9 then 'down' end,
            c.created_at + make_interval(secs => k * 30)
       from (select c.*, k, random() as r from chats c cross join generate_series(0, 1) k where c.chatbot_id = $1) c
      limit $2`,
    [bot.id, MESSAGES, wordings(DISTINCT)],
  );
  await db.query('analyze messages');
  return { user, botId: bot.id, chatId: (await db.query<{ id: string }>('select id from chats where chatbot_id = $1 limit 1', [bot.id])).rows[0].id };
}

const throwaway = process.env.BENCH_DATABASE_URL ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL, 'bench_gaps') : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gaps-'));
const port = await freePort();
const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_WORKERS: 'false', DATABASE_URL: throwaway?.url ?? '' });
const server = await startServer(config);

try {
  const { user, botId, chatId } = await seed(server.db);
  const { keys, issuer, audience } = server.app.ctx;
  const token = await mintAccessToken(keys!, { issuer, audience, clientId: config.OIDC_CLIENT_ID, subject: user.subject, email: user.email, isAdmin: false, ttlSeconds: 3600 });
  const filter = encodeURIComponent(JSON.stringify({ chatbotId: botId, lang: 'de', period: 'all' }));
  const url = `http://127.0.0.1:${port}/api/v1/knowledge-gaps?filter=${filter}&range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["count","DESC"]')}`;
  const read = async () => {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { count: number }[];
    const ms = performance.now() - t;
    const c = process.cpuUsage(cpu);
    if (r.status !== 200) throw new Error(`list answered ${r.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, cpuMs: (c.user + c.system) / 1000, total: Number(r.headers.get('content-range')?.split('/')[1]), first: body[0]?.count };
  };
  const first = await read();
  const again: Awaited<ReturnType<typeof read>>[] = [];
  for (let i = 0; i < N; i++) again.push(await read());
  // One more gap message: the next read sees it.
  await server.db.query(
    `insert into messages(chat_id, chatbot_id, organization_id, question, answer, answered_by, created_at)
     select id, chatbot_id, organization_id, 'Gibt es eine Eisbahn im Ort?', 'Dazu habe ich leider keine Antwort gefunden.', 'fallback', now() from chats where id = $1`,
    [chatId],
  );
  const afterNew = await read();
  const ms = again.map((r) => r.ms);
  const cpu = again.map((r) => r.cpuMs);
  console.log(`${MESSAGES} gap messages, ${first.total} groups (largest ${first.first}); first read ${round1(first.ms)} ms (${round1(first.cpuMs)} ms CPU)`);
  console.log(`next ${N} reads: p50 ${round1(percentile(ms, 50))} ms, p95 ${round1(percentile(ms, 95))} ms, CPU p50 ${round1(percentile(cpu, 50))} ms`);
  console.log(`after one new question: ${round1(afterNew.ms)} ms (${round1(afterNew.cpuMs)} ms CPU), ${afterNew.total} groups`);
  console.log(JSON.stringify({
    bench: 'knowledge-gaps', db: throwaway ? 'postgres' : 'pglite', messages: MESSAGES, groups: first.total,
    first_ms: round1(first.ms), first_cpu_ms: round1(first.cpuMs),
    p50_ms: round1(percentile(ms, 50)), p95_ms: round1(percentile(ms, 95)), cpu_p50_ms: round1(percentile(cpu, 50)),
    after_new_ms: round1(afterNew.ms), after_new_cpu_ms: round1(afterNew.cpuMs), groups_after_new: afterNew.total,
  }));
} finally {
  await server.close();
  await throwaway?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
