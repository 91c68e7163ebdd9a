// The in-process part of a large chatbot's retrieval, without a database: a postings index of BENCH_PASSAGES
// units (1,000,000 by default) drawn from the retrieval bench's vocabulary, and per question what
// rankFromPostings does before it reads the winners' rows: expand the words against the vocabulary, choose the
// candidates, rank them. What `retrieval` at a million passages spends besides PostgreSQL, in seconds rather than
// the hour its seeding takes. BENCH_PROFILE=1 writes a CPU profile of the questions to bench-postings.cpuprofile.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PostingsIndexBuilder } from '../server/src/services/postingsIndex.ts';
import { PostingsCorpus } from '../server/src/services/postingsCorpus.ts';
import { rankCandidates } from '../server/src/services/retrieval.ts';
import { pct, round, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 1_000_000);
const QUERIES = 300;
const v = vocabulary();
const ask = vocabulary(6000, 42, 7);

/** A unit's tsvector text as PostgreSQL writes it: each word once, with its positions. */
function tsvectorOf(words: string[]): string {
  const positions = new Map<string, number[]>();
  words.forEach((w, i) => positions.set(w, [...(positions.get(w) ?? []), i + 1]));
  return [...positions].map(([w, p]) => `'${w}':${p.join(',')}`).join(' ');
}

const t0 = performance.now();
const builder = new PostingsIndexBuilder();
for (let i = 0; i < N; i++) builder.add(String(i + 1), 'de', tsvectorOf(v.sentence(60 + Math.floor(v.rnd() * 80)).split(' ')));
const index = builder.build();
const corpus = new PostingsCorpus(index);
const buildMs = performance.now() - t0;
console.log(`built ${N} units in ${round(buildMs / 1000)} s, ${round(index.bytes / 2 ** 20)} MB`);

/** As rankFromPostings before it reads the winners: expand, choose candidates, rank them from their lexemes. */
const rank = (question: string) =>
  rankCandidates({ index, corpus }, new Map([['de', question.split(' ')]]), { limit: 5, preferLang: 'de', otherLangFactor: 0.85, synonyms: new Map() });

for (let i = 0; i < 20; i++) rank(ask.sentence(5));
const profile = process.env.BENCH_PROFILE === '1' ? new Session() : null;
if (profile) {
  profile.connect();
  await profile.post('Profiler.enable');
  await profile.post('Profiler.start');
}
const lat: number[] = [];
let alternatives = 0;
let candidates = 0;
for (let i = 0; i < QUERIES; i++) {
  const question = ask.sentence(3 + Math.floor(ask.rnd() * 4));
  const t = performance.now();
  const ranked = rank(question);
  lat.push(performance.now() - t);
  for (const terms of ranked.expanded.values()) for (const term of terms) alternatives += term.alternatives.length;
  candidates += ranked.units.length;
}
if (profile) {
  const { profile: cpu } = await profile.post('Profiler.stop');
  fs.writeFileSync('bench-postings.cpuprofile', JSON.stringify(cpu));
  console.log('profile: bench-postings.cpuprofile');
}
console.log(`${QUERIES} questions: p50 ${round(pct(lat, 50))} ms, p95 ${round(pct(lat, 95))} ms, max ${round(Math.max(...lat))} ms; ${round(alternatives / QUERIES, 1)} alternatives a question`);
console.log(JSON.stringify({ bench: 'postings', n: N, queries: QUERIES, p50_ms: round(pct(lat, 50)), p95_ms: round(pct(lat, 95)), build_s: round(buildMs / 1000), index_mb: round(index.bytes / 2 ** 20), alternatives_per_question: round(alternatives / QUERIES, 1), candidates_per_question: round(candidates / QUERIES, 1) }));
