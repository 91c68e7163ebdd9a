// Retrieval latency (p50/p95) over 100,000 passages of one chatbot: the answer engine's query; and the
// question-answer match over BENCH_QNA_PAIRS pairs (10,000 by default, the import's size), asked as often for a
// stored question as for a new one.
import v8 from 'node:v8';
import vm from 'node:vm';
import { matchQna, postingsMemory, retrieve, useSearchSettings } from '../server/src/services/retrieval.ts';
import { passagesRepo } from '../server/src/repositories/passages.ts';
import { benchDb, pct, round, seededChatbot, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 100_000);
const PAIRS = Number(process.env.BENCH_QNA_PAIRS ?? 10_000);
const QUERIES = 300;
const { db, ...fresh } = await benchDb();
// SEARCH_POSTINGS=wait (the default here): the first question builds the postings index and waits for it, so every
// measured question is answered from it; `off` measures PostgreSQL's candidates.
const use = (process.env.SEARCH_POSTINGS ?? 'wait') as 'background' | 'wait' | 'off';
useSearchSettings(db, { SEARCH_POSTINGS: use });
const v = vocabulary();
// Questions draw from a stream of their own, so a run on a kept database asks what a seeding run asks.
const ask = vocabulary(6000, 42, 7);
const t0 = performance.now();
const kept = await seededChatbot(db, N, PAIRS);
const chatbotId = kept?.bot ?? fresh.chatbotId;
let pairQuestions: string[];
if (kept) pairQuestions = kept.questions;
else {
  const BATCH = 5000;
  for (let done = 0; done < N; done += BATCH) {
    const n = Math.min(BATCH, N - done);
    const texts = Array.from({ length: n }, () => v.sentence(60 + Math.floor(v.rnd() * 80)));
    const ids = Array.from({ length: n }, () => crypto.randomUUID());
    await db.query(
      `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, text, tsv)
       select $1, $2, 'de', 'webpage', x.id, 0, x.t, to_tsvector('german', x.t) from unnest($3::uuid[], $4::text[]) as x(id, t)`,
      [fresh.orgId, chatbotId, ids, texts],
    );
  }
  pairQuestions = Array.from({ length: PAIRS }, () => `Wie ${v.sentence(3 + Math.floor(v.rnd() * 6))}?`);
  const pairIds = (
    await db.query<{ id: string }>(
      `insert into qna(organization_id, chatbot_id, lang, question, answer) select $1, $2, 'de', q, 'Antwort: ' || q from unnest($3::text[]) q returning id`,
      [fresh.orgId, chatbotId, pairQuestions],
    )
  ).rows.map((r) => r.id);
  if (pairIds.length) await passagesRepo.insertQnaPairs(db, pairIds, 'de', 'german');
  await db.query('analyze passages');
  await db.query('analyze qna');
  pairQuestions.sort();
}
const loadMs = performance.now() - t0;
console.log(`${kept ? 'reused' : 'loaded'} ${N} passages in ${round(loadMs / 1000)} s (${db.kind})`);
// The first question builds the chatbot's in-memory index from the passages (once per process and training).
// The process's memory before and after it (after a full collection), as a check of the index's own count.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const used = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const m0 = used();
const b0 = performance.now();
await retrieve(db, { chatbotId, lang: 'de', question: ask.sentence(5) });
const buildMs = performance.now() - b0;
const grewMb = round((used() - m0) / 2 ** 20);
const memory = await postingsMemory(chatbotId);
const bytesPerPassage = memory ? round(memory.bytes / memory.units, 0) : null;
console.log(`first question (builds the in-memory index): ${round(buildMs)} ms, heap ${round(process.memoryUsage().heapUsed / 2 ** 20)} MB, process +${grewMb} MB, postings index ${memory ? `${round(memory.bytes / 2 ** 20)} MB, ${bytesPerPassage} bytes a passage` : 'none'}`);
for (let i = 0; i < 20; i++) await retrieve(db, { chatbotId, lang: 'de', question: ask.sentence(5) });
const lat: number[] = [];
let hits = 0;
const cpu0 = process.cpuUsage();
for (let i = 0; i < QUERIES; i++) {
  const question = `Wie ist ${ask.sentence(3 + Math.floor(ask.rnd() * 4))}?`;
  const t = performance.now();
  const r = await retrieve(db, { chatbotId, lang: 'de', question, limit: 5 });
  lat.push(performance.now() - t);
  if (r.length) hits++;
}
const cpu = process.cpuUsage(cpu0);
const cpuMsPerQuestion = (cpu.user + cpu.system) / 1000 / QUERIES;
console.log(`${QUERIES} questions, ${hits} with results; CPU ${round(cpuMsPerQuestion)} ms a question (all threads); p50 ${round(pct(lat, 50))} ms, p95 ${round(pct(lat, 95))} ms, max ${round(Math.max(...lat))} ms`);
const qlat: number[] = [];
let pairsMatched = 0;
for (let i = 0; i < 100; i++) {
  const question = i % 2 && PAIRS ? pairQuestions[Math.floor(ask.rnd() * PAIRS)] : `Wie ist ${ask.sentence(4)}?`;
  const t = performance.now();
  if (await matchQna(db, { chatbotId, lang: 'de', question })) pairsMatched++;
  qlat.push(performance.now() - t);
}
console.log(`question-answer match over ${PAIRS} pairs: p50 ${round(pct(qlat, 50))} ms, p95 ${round(pct(qlat, 95))} ms, ${pairsMatched} of 100 matched`);
await fresh.close();
console.log(JSON.stringify({ bench: 'retrieval', db: db.kind, n: N, queries: QUERIES, p50_ms: round(pct(lat, 50)), p95_ms: round(pct(lat, 95)), cpu_ms_per_question: round(cpuMsPerQuestion), build_ms: round(buildMs), index_mb: memory ? round(memory.bytes / 2 ** 20) : null, bytes_per_passage: bytesPerPassage, process_grew_mb: grewMb, postings: use, reused: Boolean(kept), load_s: round(loadMs / 1000),
  qna_pairs: PAIRS, qna_p50_ms: round(pct(qlat, 50)), qna_p95_ms: round(pct(qlat, 95)), qna_matched: pairsMatched }));
