// How long /health waits while the largest document a plan allows (1.5 million characters) is
// extracted, chunked and indexed on the same server: the API must keep answering during any upload.
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { addDocument } from '../server/src/training/documents.ts';
import { freePort, percentile, round1 } from './_load.ts';
import { vocabulary } from './_training.ts';

const CHARACTERS = Number(process.env.BENCH_DOCUMENT_CHARACTERS ?? 1_500_000);

const port = await freePort();
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', RUN_WORKERS: 'false',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config);
const { db } = server;
const org = (await db.query<{ id: string }>(`insert into organizations(name) values ('bench-upload') returning id`)).rows[0].id;
await db.query(`insert into subscriptions(organization_id, plan_id, status) values ($1, 'enterprise', 'active')`, [org]);
const bot = (await db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://bench.test', 'de', 'completed') returning id`, [org])).rows[0].id;

const v = vocabulary();
const lines: string[] = [];
for (let len = 0; len < CHARACTERS; ) {
  const line = (lines.length % 30 === 0 ? '## ' : '') + `${v.sentence(12)}.`;
  lines.push(line);
  len += line.length + 1;
}
const buf = Buffer.from(lines.join('\n'));

// The asker runs in a worker thread: it measures the server's event loop, not its own.
const ASKER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.once('message', () => (stop = true));
(async () => {
  const lat = [];
  while (!stop) {
    const t = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    lat.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(lat);
})();`;
const asker = new Worker(ASKER, { eval: true, workerData: { url: `http://127.0.0.1:${port}/health` } });
const latencies = new Promise<number[]>((resolve) => asker.once('message', resolve));
const t0 = performance.now();
const doc = await addDocument({ db, config }, { id: bot, organization_id: org }, { lang: 'de', name: 'handbuch.txt', buf });
const uploadMs = performance.now() - t0;
asker.postMessage('stop');
const lat = await latencies;
await asker.terminate();
await server.close();
console.log(`${doc.characters} characters indexed in ${round1(uploadMs)} ms (${db.kind}); /health meanwhile: ${lat.length} answers, p50 ${round1(percentile(lat, 50))} ms, max ${round1(Math.max(...lat))} ms`);
console.log(JSON.stringify({
  bench: 'upload-health', db: db.kind, characters: doc.characters, upload_ms: round1(uploadMs),
  health_answers: lat.length, health_p50_ms: round1(percentile(lat, 50)), health_max_ms: round1(Math.max(...lat)),
}));
