// Degenerate content and questions (issue 13, "bad input"): a chatbot whose BENCH_PASSAGES (200,000) passages are
// all one identical sentence, so every word of a question is in every passage, asked normal questions (words of
// that sentence) and 1,000-character questions of one repeated word, beside a chatbot of as many passages of
// ordinary text asked the same kinds of questions (the yardstick). The whole answer (retrieval and composition, no
// language model): p50/p95 and CPU a question, from PostgreSQL's candidates (how a process answers while it builds
// a chatbot's postings index) and from the postings index.
// PGlite by default; BENCH_DATABASE_URL for PostgreSQL (a throwaway database).
import { answerQuestion } from '../server/src/runtime/answer.ts';
import { retrieve, useSearchSettings, type PostingsUse } from '../server/src/services/retrieval.ts';
import { benchDb, pct, round, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 200_000);
const QUESTIONS = 40;
const { db, orgId, chatbotId, close } = await benchDb();
const v = vocabulary();
const sentence = `${v.sentence(24)}.`;
const words = sentence.slice(0, -1).split(' ');

// The same count of passages of ordinary text (as `retrieval` seeds them), asked the same kinds of questions: the yardstick.
const ordinaryBot = (await db.query<{ id: string }>(
  `insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://ordinary.test', 'de', 'completed') returning id`, [orgId],
)).rows[0].id;
const t0 = performance.now();
for (let done = 0; done < N; done += 5000) {
  const n = Math.min(5000, N - done);
  await db.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, text, tsv)
     select $1, $2, 'de', 'webpage', gen_random_uuid(), 0, $3, to_tsvector('german', $3) from generate_series(1, $4)`,
    [orgId, chatbotId, sentence, n],
  );
  const texts = Array.from({ length: n }, () => `${v.sentence(24)}.`);
  await db.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, text, tsv)
     select $1, $2, 'de', 'webpage', gen_random_uuid(), 0, t, to_tsvector('german', t) from unnest($3::text[]) t`,
    [orgId, ordinaryBot, texts],
  );
}
await db.query('analyze passages');
console.log(`loaded ${N} identical and ${N} ordinary passages in ${round((performance.now() - t0) / 1000, 1)} s (${db.kind})`);

const asked = {
  identical: {
    normal: Array.from({ length: QUESTIONS }, (_, i) => `Wie ist ${words.slice(i % 20, (i % 20) + 3 + (i % 4)).join(' ')}?`),
    repeated_word: Array.from({ length: QUESTIONS }, (_, i) => `${words[i % words.length]} `.repeat(1000).slice(0, 1000)),
  },
  ordinary: {
    normal: Array.from({ length: QUESTIONS }, (_, i) => `Wie ist ${v.sentence(3 + (i % 4))}?`),
    repeated_word: Array.from({ length: QUESTIONS }, () => `${v.pick()} `.repeat(1000).slice(0, 1000)),
  },
};

async function measure(chatbot: string, questions: string[]) {
  const lat: number[] = [];
  const cpu0 = process.cpuUsage();
  for (const question of questions) {
    const t = performance.now();
    await answerQuestion(db, { chatbotId: chatbot, lang: 'de', question });
    lat.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  return { p50_ms: round(pct(lat, 50)), p95_ms: round(pct(lat, 95)), cpu_ms: round((cpu.user + cpu.system) / 1000 / questions.length) };
}

const results: Record<string, unknown> = {};
for (const use of ['off', 'wait'] as PostingsUse[]) {
  useSearchSettings(db, { SEARCH_POSTINGS: use });
  const from = use === 'off' ? 'candidates' : 'postings';
  for (const [kind, chatbot] of [['identical', chatbotId], ['ordinary', ordinaryBot]] as const) {
    const b0 = performance.now();
    await retrieve(db, { chatbotId: chatbot, lang: 'de', question: asked[kind].normal[0] }); // 'wait': builds the postings index
    if (use === 'wait') results[`${kind}_build_ms`] = round(performance.now() - b0);
    await measure(chatbot, asked[kind].normal.slice(0, 5));
    for (const q of ['normal', 'repeated_word'] as const) {
      results[`${kind}_${from}_${q}`] = await measure(chatbot, asked[kind][q]);
      console.log(kind, from, q, JSON.stringify(results[`${kind}_${from}_${q}`]));
    }
  }
}
await close();
console.log(JSON.stringify({ bench: 'degenerate', db: db.kind, passages: N, questions: QUESTIONS, ...results }));
