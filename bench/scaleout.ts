// Scale-out (issue 13 item 8): the answer load of bench/answer.ts (a chatbot of BENCH_PASSAGES trained passages,
// BENCH_VISITORS visitors asking at once, closed loop, no LLM) against ONE API process and then against TWO on the
// same PostgreSQL database, the load generator sending each request to the next process in turn (round robin, as a
// load balancer would). Each API process is its own operating-system process (`server/src/main.ts`, RUN_WORKERS=false).
// Reports answers/s, p50/p95 and the CPU each answer cost in the API processes and in PostgreSQL's backends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { openPostgres } from '../server/src/db/postgres.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { ready, startApiProcess, type ProductProcess } from '../tests/server/processes.ts';
import { HTTP_CLIENT, percentile, round1 } from './_load.ts';
import { seedAnswerChatbot, visitorQuestion, vocabulary } from './_training.ts';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_PASSAGES ?? 100_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 50);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);

const throwaway = await createThrowawayDatabase(BASE, 'bench_scaleout');
const db = await openPostgres(throwaway.url, 4);
await migrate(db);
const v = vocabulary();
const { bot } = await seedAnswerChatbot(db, N, 'bench-scaleout', v);
const questions = Array.from({ length: 500 }, () => visitorQuestion(v));

/** CPU seconds (user + system) of a process so far, from /proc; 0 once it is gone. */
const TICKS = 100; // USER_HZ on Linux
function cpuSeconds(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}
/** PostgreSQL's backends serving the bench database (visible in /proc when the server runs on this machine). */
async function backendCpu() {
  const pids = (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [throwaway.name])).rows;
  return new Map(pids.map((p) => [p.pid, cpuSeconds(p.pid)]));
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { bases, chats, questions, total, httpClient } = workerData;
const request = require(httpClient).createClient(chats.length);
(async () => {
  let next = 0; const lat = []; const statuses = {};
  const start = performance.now();
  await Promise.all(chats.map(async (chat, i) => {
    while (next < total) {
      const n = next++;
      const q = questions[n % questions.length];
      const base = bases[n % bases.length]; // round robin over the API processes
      const t = performance.now();
      try {
        const res = await request(base + '/chats/' + chat + '/messages', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.2.0.' + i }, body: JSON.stringify({ text: q }) });
        lat.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] || 0) + 1;
      } catch { lat.push(performance.now() - t); statuses.error = (statuses.error || 0) + 1; }
    }
  }));
  parentPort.postMessage({ lat, statuses, wallMs: performance.now() - start });
})();`;

async function run(count: number) {
  const folders = Array.from({ length: count }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scaleout-')));
  const apis: ProductProcess[] = [];
  try {
    for (const dir of folders)
      apis.push(
        await startApiProcess({
          DATABASE_URL: throwaway.url, RUN_WORKERS: 'false', DATA_DIR: dir, LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1',
          WIDGET_RATE_PER_VISITOR: '100000', WIDGET_RATE_PER_CHATBOT: '1000000',
          // Capacity is measured, not the refusal of overload (bench/openloop.ts does that): 50 visitors fit the
          // answer queue, and none is refused for its expected wait. ANSWER_* in the environment override this.
          ANSWER_QUEUE_WAIT_MS: '60000',
          ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ANSWER_')).map(([k, x]) => [k, x ?? ''])),
        }),
      );
    await Promise.all(apis.map((p) => ready(p)));
    const bases = apis.map((p) => `${p.url}/api/v1/public/chatbots/${bot}`);
    const post = async (url: string, body: object, i: number) => {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` }, body: JSON.stringify(body) });
      return (await r.json()) as { id: string };
    };
    // Each process loads the chatbot's index on its first question: done before the clock starts, in every process.
    for (const [i, base] of bases.entries()) {
      const chat = await post(`${base}/chats`, {}, 60_000 + i);
      await post(`${base}/chats/${chat.id}/messages`, { text: questions[0] }, 60_000 + i);
    }
    const chats: string[] = [];
    for (let i = 0; i < VISITORS; i++) chats.push((await post(`${bases[i % bases.length]}/chats`, {}, i)).id);

    const apiBefore = apis.map((p) => cpuSeconds(p.child.pid!));
    const pgBefore = await backendCpu();
    const result = await new Promise<{ lat: number[]; statuses: Record<string, number>; wallMs: number }>((resolve, reject) => {
      const w = new Worker(WORKER, { eval: true, workerData: { bases, chats, questions, total: MESSAGES, httpClient: HTTP_CLIENT } });
      w.once('message', (m) => {
        resolve(m);
        void w.terminate();
      });
      w.once('error', reject);
    });
    const apiCpu = apis.reduce((a, p, i) => a + cpuSeconds(p.child.pid!) - apiBefore[i], 0);
    const pgAfter = await backendCpu();
    const pgCpu = [...pgAfter].reduce((a, [pid, s]) => a + s - (pgBefore.get(pid) ?? 0), 0);
    const answered = result.statuses['200'] ?? 0;
    const errors = MESSAGES - answered;
    const figures = {
      processes: count,
      rps: round1(answered / (result.wallMs / 1000)),
      p50_ms: round1(percentile(result.lat, 50)),
      p95_ms: round1(percentile(result.lat, 95)),
      errors,
      statuses: result.statuses,
      // CPU per answered question: what limits throughput on a machine of few cores.
      api_cpu_ms_per_answer: round1((apiCpu * 1000) / Math.max(1, answered)),
      pg_cpu_ms_per_answer: round1((pgCpu * 1000) / Math.max(1, answered)),
    };
    console.log(`${count} API process(es): ${JSON.stringify(figures)}`);
    if (errors) console.log(apis.map((p) => p.output().slice(0, 2000)).join('\n'));
    return figures;
  } finally {
    await Promise.all(apis.map((p) => p.stop()));
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
try {
  for (const count of PROCESSES) results.push(await run(count));
} finally {
  await db.close();
  await throwaway.drop();
}
console.log(JSON.stringify({
  bench: 'scaleout', db: 'postgres', passages: N, visitors: VISITORS, messages: MESSAGES, cores: os.cpus().length, loadavg: os.loadavg().map(round1),
  results,
}));
