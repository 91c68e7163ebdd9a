// Answer latency of the public widget API without a language model: 100,000 trained passages,
// 50 visitors asking at the same time (closed loop), each through POST …/messages on the real server.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { retrieve } from '../server/src/services/retrieval.ts';
import { HTTP_CLIENT, freePort, percentile, postgresCpuMs, processCpuMs, round1, threadCpuMs } from './_load.ts';
import { reusableChatbot, seedAnswerChatbot, visitorQuestion, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 100_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 50);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
// Distinct questions, asked in turn: with fewer than MESSAGES, the repeats can come from the answer cache.
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
// Messages before the measured ones (other questions), their p95 reported apart as warmup_p95_ms.
const WARMUP = Number(process.env.BENCH_WARMUP_MESSAGES ?? 200);

const port = await freePort();
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', RUN_WORKERS: 'false',
  WIDGET_RATE_PER_VISITOR: '100000', WIDGET_RATE_PER_CHATBOT: '1000000',
  LLM_BASE_URL: '', LLM_MODEL: '',
  // The answer queue's knobs (ANSWER_CONCURRENCY, ANSWER_QUEUE, ANSWER_QUEUE_WAIT_MS) pass through, to measure capacity.
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ANSWER_'))),
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config);
const { db } = server;
const v = vocabulary();
const t0 = performance.now();
// On a named PostgreSQL database (BENCH_DATABASE_URL) a chatbot seeded by an earlier run with as many passages is
// reused, so runs of two versions of the code can alternate on the same data without seeding again.
const seeded = await reusableChatbot(db, N);
// Earlier runs' messages left dead row versions of their chats behind; where autovacuum is off (as on this
// machine's PostgreSQL) they pile up run after run and slow the next. Cleared first, so runs compare.
if (seeded) for (const table of ['chats', 'messages', 'rate_limits', 'message_usage']) await db.exec(`vacuum analyze ${table}`);
const { bot } = seeded ?? await seedAnswerChatbot(db, N, 'bench-answer', v);
console.log(`${seeded ? 'reused' : 'loaded'} ${N} passages in ${round1((performance.now() - t0) / 1000)} s (${db.kind})`);

const messageCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from messages where chatbot_id = $1', [bot])).rows[0].n;
const base = `http://127.0.0.1:${port}/api/v1/public/chatbots/${bot}`;
const chats: string[] = [];
for (let i = 0; i < VISITORS; i++) {
  const r = await fetch(`${base}/chats`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` }, body: '{}' });
  chats.push(((await r.json()) as { id: string }).id);
}
const questions = Array.from({ length: QUESTIONS }, () => visitorQuestion(v));
const warmupQuestions = Array.from({ length: WARMUP }, () => visitorQuestion(v));
// Steady state, as between training runs: the chatbot's postings index is built once per index version
// (in the background in production); building it here keeps its seconds out of the measured answers.
await retrieve(db, { chatbotId: bot, lang: 'de', question: questions[0] }, { postings: 'wait' });

// Visitors run in a worker thread so the load generator does not share the server's event loop.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { base, chats, questions, total, httpClient } = workerData;
const request = require(httpClient).createClient(chats.length);
// This thread's own CPU (ms), read before it reports: once terminated, /proc no longer lists it.
const cpuMs = () => { const s = fs.readFileSync('/proc/thread-self/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
(async () => {
  let next = 0; const lat = []; const firstLat = []; const repeatLat = []; const statuses = {}; const answeredBy = {};
  const start = performance.now();
  await Promise.all(chats.map(async (chat, i) => {
    while (next < total) {
      const n = next++;
      const q = questions[n % questions.length];
      const t = performance.now();
      try {
        const res = await request(base + '/chats/' + chat + '/messages', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.2.0.' + i }, body: JSON.stringify({ text: q }) });
        const j = JSON.parse(res.body);
        lat.push(performance.now() - t);
        (n < questions.length ? firstLat : repeatLat).push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] || 0) + 1;
        if (j.answeredBy) answeredBy[j.answeredBy] = (answeredBy[j.answeredBy] || 0) + 1;
      } catch { lat.push(performance.now() - t); statuses.error = (statuses.error || 0) + 1; }
    }
  }));
  parentPort.postMessage({ lat, firstLat, repeatLat, statuses, answeredBy, wallMs: performance.now() - start, cpuMs: cpuMs() });
})();`;
type Visits = { lat: number[]; firstLat: number[]; repeatLat: number[]; statuses: Record<string, number>; answeredBy: Record<string, number>; wallMs: number; cpuMs: number };
const visit = (asked: string[], total: number) =>
  new Promise<Visits>((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { base, chats, questions: asked, total, httpClient: HTTP_CLIENT } });
    w.once('message', (m) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
// A warm-up with other questions, reported apart: the pools' connections opening, code compiling, statements
// being prepared (the measured answers are the steady state, as in the open-loop bench).
const warmup = WARMUP ? await visit(warmupQuestions, WARMUP) : null;
const recordedBefore = await messageCount();

// BENCH_PROFILE=file.cpuprofile records the server process's CPU profile of the measured phase (open it in
// Chrome's DevTools or summarise it with bench/_profile-summary.ts).
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
// This database's backends only (the all-process figure also counts other databases' work on a shared machine).
const backendCpuMs = async () => {
  if (db.kind !== 'postgres') return new Map<number, number>();
  const pids = (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).rows;
  return new Map(pids.map(({ pid }) => [pid, processCpuMs(pid)]));
};
// Transactions of this database (each statement outside a transaction is one): round trips a message, as batching sees them.
const transactions = async () =>
  db.kind === 'postgres'
    ? (await db.query<{ n: number }>('select (xact_commit + xact_rollback)::int8 as n from pg_stat_database where datname = current_database()')).rows[0].n
    : 0;
const transactionsBefore = await transactions();
const backendsBefore = await backendCpuMs();
const cpuBefore = process.cpuUsage();
const mainThreadBefore = threadCpuMs(process.pid);
const eluBefore = performance.eventLoopUtilization();
const pgBefore = postgresCpuMs();

const result = await visit(questions, MESSAGES);
const cpu = process.cpuUsage(cpuBefore);
const mainThreadMs = threadCpuMs(process.pid) - mainThreadBefore;
const visitorsThreadMs = result.cpuMs;
const elu = performance.eventLoopUtilization(eluBefore);
const pgCpu = postgresCpuMs() - pgBefore;
// A backend that ended during the run is missed; the pool keeps its connections open under load.
const backendCpu = [...(await backendCpuMs())].reduce((sum, [pid, ms]) => sum + ms - (backendsBefore.get(pid) ?? 0), 0);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
}
// Statistics reach pg_stat_database when a backend's transaction ends or within a second: the counts of the last
// answers may be missing (a few of 1,000), the two statements above and below are in.
const transactionsDuring = (await transactions()) - transactionsBefore;
const errors = Object.entries(result.statuses).filter(([s]) => s !== '200').reduce((a, [, c]) => a + c, 0);
const recorded = await messageCount() - recordedBefore;
await server.close();
console.log(`${MESSAGES} messages from ${VISITORS} concurrent visitors in ${round1(result.wallMs / 1000)} s: p50 ${round1(percentile(result.lat, 50))} ms, p95 ${round1(percentile(result.lat, 95))} ms; statuses ${JSON.stringify(result.statuses)}; answered by ${JSON.stringify(result.answeredBy)}; ${recorded} recorded`);
console.log(JSON.stringify({
  bench: 'answer', db: db.kind, passages: N, visitors: VISITORS, messages: MESSAGES, questions: QUESTIONS,
  p50_ms: round1(percentile(result.lat, 50)), p95_ms: round1(percentile(result.lat, 95)),
  // The answers to each question's first asking alone (none can come from the answer cache), and the rest.
  first_asked_p95_ms: round1(percentile(result.firstLat, 95)),
  repeated_p95_ms: result.repeatLat.length ? round1(percentile(result.repeatLat, 95)) : null,
  rps: round1(MESSAGES / (result.wallMs / 1000)), errors, recorded,
  warmup_messages: WARMUP, warmup_p95_ms: warmup ? round1(percentile(warmup.lat, 95)) : null,
  // CPU of the server's process per answer (the visitors run in a worker thread of it: their fetch calls count too).
  node_cpu_ms_per_answer: round1((cpu.user + cpu.system) / 1000 / MESSAGES),
  // Busy time of the server's event loop per answer: the server's own share of that CPU.
  server_loop_ms_per_answer: round1(elu.active / MESSAGES),
  // CPU of the server's main thread alone, of the visitors' worker thread (the load generator), and of the rest
  // (V8's garbage collection and compiler threads, libuv's pool), from /proc/self/task.
  server_thread_cpu_ms_per_answer: round1(mainThreadMs / MESSAGES),
  visitors_thread_cpu_ms_per_answer: round1(visitorsThreadMs / MESSAGES),
  other_threads_cpu_ms_per_answer: round1(((cpu.user + cpu.system) / 1000 - mainThreadMs - visitorsThreadMs) / MESSAGES),
  // CPU of the local PostgreSQL's processes per answer (0 on PGlite, which runs on the server's thread).
  pg_cpu_ms_per_answer: round1(pgCpu / MESSAGES),
  // CPU of this database's backends per answer (PostgreSQL on this machine).
  pg_backend_cpu_ms_per_answer: round1(backendCpu / MESSAGES),
  // Statements (transactions) of this database per answer, statements that batch many answers counted once.
  pg_transactions_per_answer: round1(transactionsDuring / MESSAGES),
}));
