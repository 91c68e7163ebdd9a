// Time to the first word and to the whole answer with a language model, streamed and not: a local
// OpenAI-compatible server writes BENCH_TOKENS pieces, BENCH_TOKEN_MS apart (as a provider does), and the
// real server answers the widget API with and without Accept: text/event-stream.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { addPage } from '../tests/server/publicSeed.ts';
import type { TestServer } from '../tests/server/helpers.ts';
import { freePort, percentile, round1 } from './_load.ts';

const TOKENS = Number(process.env.BENCH_TOKENS ?? 60);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 25);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const pieces = Array.from({ length: TOKENS }, (_, i) => (i === TOKENS - 1 ? 'Uhr [1].' : `Wort${i} `));

const provider = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    const streamed = JSON.parse(body).stream === true;
    if (!streamed) {
      await new Promise((r) => setTimeout(r, TOKENS * TOKEN_MS));
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: pieces.join('') } }] }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of pieces) {
      await new Promise((r) => setTimeout(r, TOKEN_MS));
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
const port = await freePort();
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', RUN_WORKERS: 'false',
  WIDGET_RATE_PER_VISITOR: '100000', WIDGET_RATE_PER_CHATBOT: '1000000',
  LLM_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`, LLM_MODEL: 'bench', LLM_TIMEOUT_MS: '60000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config);
const { db } = server;
const org = (await db.query<{ id: string }>(`insert into organizations(name) values ('bench-llm') returning id`)).rows[0].id;
await db.query(`insert into subscriptions(organization_id, plan_id, status) values ($1, 'enterprise', 'active')`, [org]);
const bot = (await db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://bench.test', 'de', 'completed') returning id`, [org])).rows[0].id;
await db.query(`insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'de', true)`, [bot]);
// The tests' seeding writes a trained page the way training does; it needs only the database.
await addPage({ db } as unknown as TestServer, bot, { url: 'https://bench.test/anreise', title: 'Anreise', text: 'Der Check-in ist ab 15 Uhr möglich.' });

const base = `http://127.0.0.1:${port}/api/v1/public/chatbots/${bot}`;
async function ask(stream: boolean) {
  const chat = (await (await fetch(`${base}/chats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { id: string };
  const t0 = performance.now();
  const res = await fetch(`${base}/chats/${chat.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
    body: JSON.stringify({ text: 'Ab wann ist der Check-in möglich?' }),
  });
  let first = 0;
  let text = '';
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = new TextDecoder().decode(value);
    if (!first && (!stream || chunk.includes('event: delta'))) first = performance.now() - t0;
    text += chunk;
  }
  const total = performance.now() - t0;
  if (!text.includes('Wort0')) throw new Error(`no model answer: ${text.slice(0, 200)}`);
  return { first: first || total, total };
}
const results = { streamed: [] as { first: number; total: number }[], whole: [] as { first: number; total: number }[] };
for (let i = 0; i < RUNS; i++) {
  results.streamed.push(await ask(true));
  results.whole.push(await ask(false));
}
await server.close();
provider.close();
const med = (xs: number[]) => round1(percentile(xs, 50));
const figures = {
  streamed_first_ms: med(results.streamed.map((r) => r.first)), streamed_total_ms: med(results.streamed.map((r) => r.total)),
  whole_first_ms: med(results.whole.map((r) => r.first)), whole_total_ms: med(results.whole.map((r) => r.total)),
};
console.log(`${TOKENS} pieces ${TOKEN_MS} ms apart (${db.kind}): streamed first word ${figures.streamed_first_ms} ms, whole ${figures.streamed_total_ms} ms; not streamed: ${figures.whole_total_ms} ms`);
console.log(JSON.stringify({ bench: 'llm-stream', db: db.kind, tokens: TOKENS, token_ms: TOKEN_MS, runs: RUNS, ...figures }));
