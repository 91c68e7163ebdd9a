// Composing answers without a language model, apart from retrieval and the database: the answer bench's chatbot
// (BENCH_PASSAGES passages, 100,000; on PostgreSQL with BENCH_DATABASE_URL and BENCH_KEEP_DB=1 the one `answer`
// seeded is reused), the ranked units of BENCH_QUESTIONS (400) of its generated questions retrieved once, then
// composeAnswer timed over them in 4 rounds, each on fresh copies of the units (nothing composed is reused but the
// recent texts' sentences, as in the server). `answers_sha1` is a digest of every answer: a change meant only to
// make composing cheaper must leave it unchanged. BENCH_PROFILE=file.cpuprofile records the rounds' CPU profile.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { DEFAULT_MIN_COVERAGE, DEFAULT_MIN_SENTENCE_COVERAGE, RANKED_UNITS } from '../server/src/runtime/answer.ts';
import { composeAnswer } from '../server/src/runtime/extractive.ts';
import { retrieve, type RetrievedPassage } from '../server/src/services/retrieval.ts';
import { benchDb, pct, reusableChatbot, round, seedAnswerChatbot, visitorQuestion, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 100_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 400);
const ROUNDS = 4;

const { db, close } = await benchDb();
const v = vocabulary();
const bot = (await reusableChatbot(db, N))?.bot ?? (await seedAnswerChatbot(db, N, 'bench-answer', v)).bot;
// The answer bench's questions: the same stream, so a reused chatbot is asked what it was seeded for.
const questions = Array.from({ length: QUESTIONS }, () => visitorQuestion(v));
const ranked: [string, RetrievedPassage[]][] = [];
for (const q of questions) ranked.push([q, await retrieve(db, { chatbotId: bot, lang: 'de', question: q, limit: RANKED_UNITS }, { postings: 'wait' })]);
await close();

const opts = { minCoverage: DEFAULT_MIN_COVERAGE, minSentenceCoverage: DEFAULT_MIN_SENTENCE_COVERAGE, visitorLang: 'de' };
const compose = ([q, hits]: [string, RetrievedPassage[]]) => composeAnswer(q, hits.map((h) => ({ ...h })), opts)?.text ?? '';
const digest = crypto.createHash('sha1').update(ranked.map(compose).join('\n\u0000')).digest('hex');

const profile = process.env.BENCH_PROFILE ? new Session() : null;
if (profile) {
  profile.connect();
  await profile.post('Profiler.enable');
  await profile.post('Profiler.start');
}
const perQuestion: number[] = [];
const c0 = process.cpuUsage();
for (let r = 0; r < ROUNDS; r++) {
  for (const item of ranked) {
    const t = performance.now();
    compose(item);
    perQuestion.push(performance.now() - t);
  }
}
const cpu = process.cpuUsage(c0);
if (profile) fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify((await profile.post('Profiler.stop')).profile));
const units = ranked.reduce((n, [, hits]) => n + hits.length, 0) / ranked.length;
console.log(`composed ${QUESTIONS} questions × ${ROUNDS} over ${round(units)} ranked units each (${db.kind}, ${N} passages)`);
console.log(
  JSON.stringify({
    bench: 'compose', db: db.kind, passages: N, questions: QUESTIONS, units_per_question: round(units),
    p50_ms: round(pct(perQuestion, 50)), p95_ms: round(pct(perQuestion, 95)),
    cpu_ms_per_question: round((cpu.user + cpu.system) / 1000 / perQuestion.length), answers_sha1: digest,
  }),
);
