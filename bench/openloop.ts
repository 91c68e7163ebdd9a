// Open-loop load on the public widget API: questions are sent at a fixed rate (BENCH_RATE per second for
// BENCH_SECONDS) whether or not earlier ones were answered, as visitors on a campaign day do. A closed loop
// (bench/answer.ts) slows its clients down with the server and so never shows what overload does.
// Prints how many were answered, refused (429/503, with or without Retry-After), failed or timed out, the
// latencies of answered and refused requests, and /health afterwards.
// BENCH_DATABASE_URL: PostgreSQL (a throwaway database is created and dropped); else PGlite in memory.
// BENCH_TERMINATE_AT=S (PostgreSQL): S seconds into the measured load, every backend of the database is terminated, as a database
// restart would; the figures then show that only the requests in flight fail and the pool recovers.
// BENCH_WARMUP_SECONDS (5): the load runs this long at the same rate before the measured seconds begin, so the
// figures are a running server's (its pool's connections opened, its code compiled, its statements prepared); the
// warm-up's own p95 is reported apart (`warmup_p95_ms`).
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '../server/src/config.ts';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { startServer } from '../server/src/server.ts';
import { HTTP_CLIENT, freePort, percentile, round1 } from './_load.ts';
import { seedAnswerChatbot, visitorQuestion, vocabulary } from './_training.ts';
import { retrieve } from '../server/src/services/retrieval.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
// Distinct questions, asked in turn (the warm-up's too): with fewer than are sent, repeats can come from the answer cache.
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
/** A request unanswered after this long counts as a timeout (the hang the backpressure must prevent). */
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
const TERMINATE_AT = process.env.BENCH_TERMINATE_AT ? Number(process.env.BENCH_TERMINATE_AT) : null;

const base = process.env.BENCH_DATABASE_URL;
const throwaway = base ? await createThrowawayDatabase(base, 'bench_openloop') : null;
const port = await freePort();
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', RUN_WORKERS: 'false',
  // The flood comes from one address: the per-visitor and per-chatbot limits are not what is measured here.
  WIDGET_RATE_PER_VISITOR: '1000000', WIDGET_RATE_PER_CHATBOT: '1000000',
  LLM_BASE_URL: '', LLM_MODEL: '',
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ANSWER_'))),
  ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
});
const server = await startServer(config);
const { db } = server;
const v = vocabulary();
const t0 = performance.now();
const { bot } = await seedAnswerChatbot(db, N, 'bench-openloop', v);
console.log(`loaded ${N} passages in ${round1((performance.now() - t0) / 1000)} s (${db.kind})`);

const root = `http://127.0.0.1:${port}`;
const api = `${root}/api/v1/public/chatbots/${bot}`;
const chats: string[] = [];
for (let i = 0; i < VISITORS; i++) {
  const r = await fetch(`${api}/chats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  chats.push(((await r.json()) as { id: string }).id);
}
const questions = Array.from({ length: QUESTIONS }, () => visitorQuestion(v));
// Steady state, as between training runs (and as the answer bench): the chatbot's postings index is built once
// per index version, in the background in production; building it here keeps it out of the measured seconds.
await retrieve(db, { chatbotId: bot, lang: 'de', question: questions[0] }, { postings: 'wait' });
// One warm-up answer, so the first second does not pay for loading the chatbot's index.
await fetch(`${api}/chats/${chats[0]}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: questions[0] }) });

// The client runs in a worker thread so it does not share the server's event loop. Requests are started
// on a 10 ms tick, as many as the schedule owes by then, never waiting for earlier answers.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { api, chats, questions, rate, seconds, warmupSeconds, timeoutMs, httpClient } = workerData;
const request = require(httpClient).createClient();
const warm = Math.round(rate * warmupSeconds);
const total = warm + Math.round(rate * seconds);
const out = { answered: [], refused: [], refusedWithoutRetryAfter: 0, statuses: {}, errors: 0, errorKinds: {}, timeouts: 0, sendLagMs: 0, warmup: [] };
let sent = 0; let finished = 0;
const start = performance.now();
async function one(i) {
  const t = performance.now();
  try {
    const res = await request(api + '/chats/' + chats[i % chats.length] + '/messages', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: questions[i % questions.length] }), timeoutMs,
    });
    const ms = performance.now() - t;
    // The warm-up counts only in its own latency.
    if (i < warm) out.warmup.push(ms);
    else record(res, ms);
  } catch (e) {
    if (i < warm) out.warmup.push(timeoutMs);
    else recordFailure(e);
  }
  if (++finished === total) parentPort.postMessage({ ...out, wallMs: performance.now() - start });
}
function record(res, ms) {
  out.statuses[res.status] = (out.statuses[res.status] || 0) + 1;
  if (res.status === 200) out.answered.push(ms);
  else if (res.status === 429 || res.status === 503) {
    out.refused.push(ms);
    if (!res.headers['retry-after']) out.refusedWithoutRetryAfter++;
  }
}
function recordFailure(e) {
  if (e && (e.name === 'TimeoutError' || e.name === 'AbortError')) out.timeouts++;
  else {
    out.errors++;
    const kind = (e && e.code) || (e && e.name) || 'error';
    out.errorKinds[kind] = (out.errorKinds[kind] || 0) + 1;
  }
}
const timer = setInterval(() => {
  const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
  while (sent < due) void one(sent++);
  if (sent === total) { clearInterval(timer); out.sendLagMs = performance.now() - start - (warmupSeconds + seconds) * 1000; }
}, 10);
`;
type Result = { warmup: number[]; answered: number[]; refused: number[]; refusedWithoutRetryAfter: number; statuses: Record<string, number>; errors: number; errorKinds: Record<string, number>; timeouts: number; sendLagMs: number; wallMs: number };

async function terminateBackends() {
  if (!throwaway || !base) return 0;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    const r = await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [throwaway.name]);
    return r.rowCount ?? 0;
  } finally {
    await c.end();
  }
}

let terminated: number | null = null;
const killer = TERMINATE_AT === null ? null : setTimeout(() => void terminateBackends().then((n) => (terminated = n)), (WARMUP_SECONDS + TERMINATE_AT) * 1000);
const result = await new Promise<Result>((resolve, reject) => {
  const w = new Worker(WORKER, { eval: true, workerData: { api, chats, questions, rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, timeoutMs: TIMEOUT_MS, httpClient: HTTP_CLIENT } });
  w.once('message', (m: Result) => {
    resolve(m);
    void w.terminate();
  });
  w.once('error', reject);
});
if (killer) clearTimeout(killer);

// Healthy afterwards: /health and one more question are answered.
const h0 = performance.now();
const health = await fetch(`${root}/health`).then((r) => r.status, () => 'error');
const healthMs = performance.now() - h0;
const after = await fetch(`${api}/chats/${chats[1]}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: questions[1] }) }).then((r) => r.status, () => 'error');
await server.close();
await throwaway?.drop();

const total = Math.round(RATE * SECONDS);
const pct = (xs: number[], p: number) => (xs.length ? round1(percentile(xs, p)) : null);
const summary = {
  bench: 'openloop', db: db.kind, passages: N, questions: QUESTIONS, rate: RATE, seconds: SECONDS, sent: total, warmup_s: WARMUP_SECONDS, warmup_p95_ms: pct(result.warmup, 95),
  answered: result.answered.length, r429: result.statuses['429'] ?? 0, r503: result.statuses['503'] ?? 0,
  other: Object.entries(result.statuses).filter(([s]) => !['200', '429', '503'].includes(s)).reduce((a, [, c]) => a + c, 0),
  refused_without_retry_after: result.refusedWithoutRetryAfter, errors: result.errors, error_kinds: result.errorKinds, timeouts: result.timeouts,
  answered_p50_ms: pct(result.answered, 50), answered_p95_ms: pct(result.answered, 95), answered_p99_ms: pct(result.answered, 99),
  refused_p50_ms: pct(result.refused, 50), refused_p95_ms: pct(result.refused, 95), refused_p99_ms: pct(result.refused, 99),
  send_lag_ms: round1(result.sendLagMs), wall_s: round1(result.wallMs / 1000),
  ...(TERMINATE_AT === null ? {} : { terminate_at_s: TERMINATE_AT, backends_terminated: terminated }),
  health_after: health, health_ms: round1(healthMs), question_after: after,
};
console.log(`statuses ${JSON.stringify(result.statuses)}`);
console.log(JSON.stringify(summary));
