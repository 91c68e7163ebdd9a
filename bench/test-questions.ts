// The score job of the test questions (issue 15 item 4): `npm run bench -- test-questions [--n 200]`.
// Serves the development site (../shared/eval/site-hotel), trains the real server on it as the registration wizard
// does (the quality bench's way: POST /chatbots, initial setup crawl), adds N test questions made of the site's
// answerable questions (expected page and facts; repeated in order to reach N), then times one run of the score job
// (services/testQuestions.ts: every question through the answer engine, scoring, results written). PGlite in memory,
// or PostgreSQL with BENCH_DATABASE_URL. Last line: one JSON object.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { createThrowawayDatabase } from '../server/src/db/throwaway.ts';
import { createAccount } from '../server/src/services/accounts.ts';
import { mintAccessToken } from '../server/src/auth/tokens.ts';
import { testQuestionsRepo } from '../server/src/repositories/testQuestions.ts';
import { runTestQuestions } from '../server/src/services/testQuestions.ts';
import { freePort } from './_load.ts';
import { DEFAULT_SITE, loadSite, serveSite } from './quality/run.ts';

const { values } = parseArgs({ args: process.argv.slice(2), options: { n: { type: 'string', default: '200' } }, strict: true });
const N = Number(values.n);
const { questions } = loadSite(DEFAULT_SITE);
const site = await serveSite(DEFAULT_SITE);
const throwaway = process.env.BENCH_DATABASE_URL ? await createThrowawayDatabase(process.env.BENCH_DATABASE_URL, 'testq') : null;
const port = await freePort();
// Training changes queue runs of their own: far in the future here, so the timed run is the only one.
const config = loadConfig({
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', CRAWL_ALLOW_PRIVATE: 'true',
  TEST_RUN_DELAY_SECONDS: '3600', ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
});
const server = await startServer(config);
try {
  const base = `http://127.0.0.1:${port}`;
  const user = await createAccount(server.db, { email: `testq-${Date.now().toString(36)}@example.test`, password: 'correct horse battery', trialDays: config.TRIAL_DAYS });
  const { keys, issuer, audience } = server.app.ctx;
  const token = await mintAccessToken(keys!, { issuer, audience, clientId: config.OIDC_CLIENT_ID, subject: user.subject, email: user.email, isAdmin: false, ttlSeconds: 3600 });
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: r.status, json: await r.json() };
  };
  const t0 = performance.now();
  const bot = (await call('POST', '/api/v1/chatbots', { organizationId: user.organization_id, url: site.origin, lang: 'de' })).json;
  let state = '';
  while (state !== 'completed' && state !== 'failed') {
    await new Promise((r) => setTimeout(r, 250));
    state = (await call('GET', `/api/v1/chatbots/${bot.id}/verify?url=${encodeURIComponent(bot.url)}&lang=de`)).json.initialSetup;
  }
  console.log(`test-questions: site trained (${state}) in ${Math.round((performance.now() - t0) / 1000)} s`);
  const answerable = questions.filter((q) => q.kind === 'in_scope' && !q.js_only && q.lang === 'de');
  const items = Array.from({ length: N }, (_, i) => {
    const q = answerable[i % answerable.length];
    return { lang: q.lang, question: q.question, expectedUrl: site.origin + q.expected_urls[0], expectedSource: null, expectedFacts: q.answer_facts, origin: 'import' as const };
  });
  const row = (await server.db.query<{ id: string; organization_id: string; lang: string }>('select id, organization_id, lang from chatbots where id = $1', [bot.id])).rows[0];
  await testQuestionsRepo.createMany(server.db, row, items);
  const t1 = performance.now();
  const run = await runTestQuestions({ db: server.db, config }, bot.id, 'manual');
  const ms = performance.now() - t1;
  console.log(`test-questions: ${run?.total} questions, ${run?.passed} passed (score ${run?.score}), run ${Math.round(ms)} ms`);
  console.log(JSON.stringify({ bench: 'test-questions', db: server.db.kind, n: run?.total ?? 0, run_ms: Math.round(ms), per_question_ms: Math.round((ms / (run?.total || 1)) * 10) / 10, score: run?.score ?? null }));
} finally {
  await server.close();
  await throwaway?.drop();
  await site.stop();
}
