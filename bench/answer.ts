// Answer latency of the public widget API without a language model: 100,000 trained passages,
// 50 visitors asking at the same time (closed loop), each through POST …/messages on the real server.
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { freePort, percentile, round1 } from './_load.ts';
import { seedAnswerChatbot, vocabulary } from './_training.ts';

const N = Number(process.env.BENCH_PASSAGES ?? 100_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 50);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);

const port = await freePort();
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', RUN_WORKERS: 'false',
  WIDGET_RATE_PER_VISITOR: '100000', WIDGET_RATE_PER_CHATBOT: '1000000',
  LLM_BASE_URL: '', LLM_MODEL: '',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config);
const { db } = server;
const v = vocabulary();
const t0 = performance.now();
const { bot } = await seedAnswerChatbot(db, N, 'bench-answer', v);
console.log(`loaded ${N} passages in ${round1((performance.now() - t0) / 1000)} s (${db.kind})`);

const base = `http://127.0.0.1:${port}/api/v1/public/chatbots/${bot}`;
const chats: string[] = [];
for (let i = 0; i < VISITORS; i++) {
  const r = await fetch(`${base}/chats`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` }, body: '{}' });
  chats.push(((await r.json()) as { id: string }).id);
}
const questions = Array.from({ length: 500 }, () => `Wie ist ${v.sentence(3 + Math.floor(v.rnd() * 4))}?`);

// Visitors run in a worker thread so the load generator does not share the server's event loop.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, chats, questions, total } = workerData;
(async () => {
  let next = 0; const lat = []; const statuses = {}; const answeredBy = {};
  const start = performance.now();
  await Promise.all(chats.map(async (chat, i) => {
    while (next < total) {
      const q = questions[next++ % questions.length];
      const t = performance.now();
      try {
        const res = await fetch(base + '/chats/' + chat + '/messages', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.2.0.' + i }, body: JSON.stringify({ text: q }) });
        const j = await res.json();
        lat.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] || 0) + 1;
        if (j.answeredBy) answeredBy[j.answeredBy] = (answeredBy[j.answeredBy] || 0) + 1;
      } catch { lat.push(performance.now() - t); statuses.error = (statuses.error || 0) + 1; }
    }
  }));
  parentPort.postMessage({ lat, statuses, answeredBy, wallMs: performance.now() - start });
})();`;
const result = await new Promise<{ lat: number[]; statuses: Record<string, number>; answeredBy: Record<string, number>; wallMs: number }>((resolve, reject) => {
  const w = new Worker(WORKER, { eval: true, workerData: { base, chats, questions, total: MESSAGES } });
  w.once('message', (m) => {
    resolve(m);
    void w.terminate();
  });
  w.once('error', reject);
});
const errors = Object.entries(result.statuses).filter(([s]) => s !== '200').reduce((a, [, c]) => a + c, 0);
const recorded = (await db.query<{ n: number }>('select count(*)::int as n from messages where chatbot_id = $1', [bot])).rows[0].n;
await server.close();
console.log(`${MESSAGES} messages from ${VISITORS} concurrent visitors in ${round1(result.wallMs / 1000)} s: p50 ${round1(percentile(result.lat, 50))} ms, p95 ${round1(percentile(result.lat, 95))} ms; statuses ${JSON.stringify(result.statuses)}; answered by ${JSON.stringify(result.answeredBy)}; ${recorded} recorded`);
console.log(JSON.stringify({
  bench: 'answer', db: db.kind, passages: N, visitors: VISITORS, messages: MESSAGES,
  p50_ms: round1(percentile(result.lat, 50)), p95_ms: round1(percentile(result.lat, 95)),
  rps: round1(MESSAGES / (result.wallMs / 1000)), errors, recorded,
}));
