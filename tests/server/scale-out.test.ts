/**
 * Scale-out (issue 13 item 8): two API processes (RUN_WORKERS=false) and two `npm run worker` processes,
 * each an operating-system process with its own memory and data folder, on ONE PostgreSQL database and one
 * shared upload folder. What must hold when a load balancer sends a customer's and a visitor's requests to
 * either process: a crawl runs once, training done through one process answers through the other at once,
 * rate limits and sign-in state are shared, uploaded files are seen by both.
 */
import { TEST_RUN_QUEUE } from '../../server/src/jobs/testRuns.ts';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../server/src/db/throwaway.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import type { Db } from '../../server/src/db/index.ts';
import { loadSigningKeys } from '../../server/src/auth/keys.ts';
import { mintAccessToken } from '../../server/src/auth/tokens.ts';
import { createAccount } from '../../server/src/services/accounts.ts';
import { INITIAL_SETUP_QUEUE } from '../../server/src/jobs/initialSetup.ts';
import { POSTGRES_TEMPLATE_ENV } from './globalSetup.ts';
import { startTrainingSite } from './trainingSite.ts';
import { waitFor } from './fakeServers.ts';
import { LoopbackBrowser } from './security/oidcClient.ts';
import type { TestServer } from './helpers.ts';
import { ready, startApiProcess, startWorkerProcess, type ProductProcess } from './processes.ts';

const BASE = process.env.TEST_DATABASE_URL;
/** The address users see (the load balancer's); every process is configured with it, none listens on it. */
const PUBLIC_URL = 'http://chat.scaleout.test';
const PASSWORD = `Skalierung-${randomBytes(6).toString('hex')}`;
const VISITOR_LIMIT = 4;
const SIGN_IN_LIMIT = 3;

let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
let db: Db | undefined;
let site: Awaited<ReturnType<typeof startTrainingSite>> | undefined;
const folders: string[] = [];
let uploads = '';
let apis: ProductProcess[] = [];
let workers: ProductProcess[] = [];
let token = '';
let email = '';
let organizationId = '';
let chatbotId = '';

const tempFolder = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scaleout-${name}-`));
  folders.push(dir);
  return dir;
};

/** A request to one process, as the load balancer would forward it. */
async function call(p: ProductProcess, method: string, url: string, opts: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth !== false && token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(p.url + url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined, text };
}

/** A widget visitor with its own client address (the test client is the trusted proxy). */
let visitors = 0;
function visitor() {
  return { 'x-forwarded-for': `203.0.113.${++visitors}` };
}

async function openChat(p: ProductProcess, headers: Record<string, string>) {
  const r = await call(p, 'POST', `/api/v1/public/chatbots/${chatbotId}/chats`, { body: {}, headers, auth: false });
  expect(r.status, r.text).toBe(201);
  const chatId: string = r.json.id;
  return (on: ProductProcess, text: string) => call(on, 'POST', `/api/v1/public/chatbots/${chatbotId}/chats/${chatId}/messages`, { body: { text }, headers, auth: false });
}

/** The training site by address: the registration refuses `localhost`, as it would any name without a domain. */
const siteUrl = () => site!.base.replace('//localhost:', '//127.0.0.1:');

const everyOutput = () => [...apis, ...workers].map((p, i) => `--- ${p.kind} ${i}:\n${p.output()}`).join('\n');

describe.skipIf(!BASE)('scale-out: two API processes and two workers on one PostgreSQL database (needs TEST_DATABASE_URL; PGlite is one process by nature)', () => {
  beforeAll(async () => {
    site = await startTrainingSite();
    database = await createThrowawayDatabase(BASE!, 'scaleout', process.env[POSTGRES_TEMPLATE_ENV]);
    uploads = tempFolder('uploads');
    const shared = {
      DATABASE_URL: database.url,
      PUBLIC_URL,
      UPLOAD_DIR: uploads,
      TRUST_PROXY: '127.0.0.1',
      WIDGET_RATE_PER_VISITOR: String(VISITOR_LIMIT),
      OIDC_LOGIN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      CRAWL_ALLOW_PRIVATE: 'true',
      CRAWL_RENDER: 'off',
      CRAWL_MAX_DEPTH: '3',
      CRAWL_MAX_PAGE_MB: '1',
      CRAWL_PAGE_TIMEOUT_MS: '3000',
    };
    // Each process has a data folder of its own: only the database and the upload folder are shared.
    apis = await Promise.all([1, 2].map((n) => startApiProcess({ ...shared, RUN_WORKERS: 'false', DATA_DIR: tempFolder(`api${n}`) })));
    workers = [1, 2].map((n) => startWorkerProcess({ ...shared, DATA_DIR: tempFolder(`worker${n}`) }));
    await Promise.all([...apis, ...workers].map((p) => ready(p)));

    // A customer, and an access token as the built-in identity provider issues it (its key is in the database).
    db = await openPostgres(database.url, 2);
    email = `scale-${randomBytes(4).toString('hex')}@example.test`;
    const user = await createAccount(db, { email, password: PASSWORD, trialDays: 14 });
    organizationId = user.organization_id;
    token = await mintAccessToken(await loadSigningKeys(db), {
      issuer: `${PUBLIC_URL}/oidc`, audience: `${PUBLIC_URL}/api/v1`, clientId: 'dashboard', subject: user.subject, email, isAdmin: false,
    });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await db?.close();
    await database?.drop();
    await site?.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('(a) a crawl started through process 1 is run once, by one of the two live workers', async () => {
    const [a, b] = apis;
    const created = await call(a, 'POST', '/api/v1/chatbots', { body: { organizationId, url: siteUrl(), lang: 'de' } });
    expect(created.status, created.text).toBe(201);
    chatbotId = created.json.id;
    // The wizard polls; the balancer sends each poll to either process.
    let polls = 0;
    const done = await waitFor(async () => {
      const v = await call(apis[polls++ % 2], 'GET', `/api/v1/chatbots/${chatbotId}/verify`);
      return v.json?.initialSetup === 'completed' || v.json?.initialSetup === 'failed' ? v.json : null;
    }, 90_000, 200).catch((e: Error) => {
      throw new Error(`${e.message}\n${everyOutput()}`);
    });
    expect(done.initialSetup, everyOutput()).toBe('completed');

    // One setup job, taken once: no second attempt, no job for the crawl beside it. (The run of the chatbot's test
    // questions that a finished training queues is another matter, and is tested in test-questions.test.ts.)
    const jobs = await db!.query<{ name: string; state: string; retry_count: number }>(
      `select name, state, retry_count from pgboss.job
        where (data->>'chatbotId' = $1::text or data->>'jobId' in (select id::text from scrape_jobs where chatbot_id = $1::uuid))
          and name <> $2`,
      [chatbotId, TEST_RUN_QUEUE],
    );
    expect(jobs.rows).toEqual([{ name: INITIAL_SETUP_QUEUE, state: 'completed', retry_count: 0 }]);
    const scrapeJobs = await db!.query<{ status: string; pages_added: number }>('select status, pages_added from scrape_jobs where chatbot_id = $1', [chatbotId]);
    expect(scrapeJobs.rows).toEqual([{ status: 'completed', pages_added: 7 }]);

    // Each page stored once, and the website asked for each address once. Twice by design: the start page (the
    // setup's probe, then the crawl) and /kontakt.html (linked, and the target of /alt's redirect).
    const pages = await db!.query<{ path: string; n: number }>('select path, count(*)::int as n from webpages where chatbot_id = $1 group by path order by path', [chatbotId]);
    expect(pages.rows.map((p) => p.path)).toEqual(['/', '/en/shipping.html', '/endless/1', '/endless/2', '/endless/3', '/kontakt.html', '/versand.html']);
    expect(pages.rows.every((p) => p.n === 1)).toBe(true);
    const asked = new Map<string, number>();
    for (const r of site!.requests) asked.set(r, (asked.get(r) ?? 0) + 1);
    expect(asked.get('/robots.txt')).toBe(1);
    expect([...asked].filter(([, n]) => n > 1).sort()).toEqual([['/', 2], ['/kontakt.html', 2]]);

    // Both workers are alive and beating; the API processes run no jobs.
    expect(workers.every((w) => w.alive())).toBe(true);
    const beating = await db!.query<{ n: number }>(`select count(*)::int as n from job_processes where last_beat > now() - interval '1 minute'`);
    expect(beating.rows[0].n).toBe(2);

    // What a worker crawled, both API processes answer from.
    for (const p of [a, b]) {
      const ask = await openChat(p, visitor());
      const r = await ask(p, 'Was kostet der Versand?');
      expect(r.status, r.text).toBe(200);
      expect(r.json.sources[0]).toMatchObject({ type: 'webpage', url: `${siteUrl()}/versand.html` });
    }
  });

  it('(b) a question-answer pair added through process 1 answers through process 2 on the next request', async () => {
    const [a, b] = apis;
    const question = 'Kann ich ein Lastenrad vorher Probe fahren?';
    const answer = 'Ja, jedes Lastenrad können Sie samstags von 10 bis 14 Uhr Probe fahren.';
    const ask = await openChat(b, visitor());
    // Process 2 has the chatbot's index in memory from before the change.
    const before = await ask(b, question);
    expect(before.status, before.text).toBe(200);
    expect(before.json.answeredBy).not.toBe('qna');
    const added = await call(a, 'POST', '/api/v1/qna', { body: { chatbotId, lang: 'de', question, answer } });
    expect(added.status, added.text).toBe(201);
    const after = await ask(b, question);
    expect(after.status, after.text).toBe(200);
    expect(after.json.answeredBy).toBe('qna');
    expect(after.json.answer).toBe(answer);
  });

  it('(c) the widget per-visitor limit counts requests to both processes together', async () => {
    const [a, b] = apis;
    const headers = visitor();
    const ask = await openChat(a, headers); // 1, process 1
    const statuses: number[] = [];
    for (let i = 1; i <= VISITOR_LIMIT; i++) statuses.push((await ask(i % 2 ? b : a, `Frage ${i}`)).status); // 2…5, alternating
    // Neither process alone has seen more than 3 requests of this visitor: the fifth is refused only if they count together.
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await ask(a, 'noch eine');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe('RateLimited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('(c) sign-in: begun on one process, finished on the other; its per-minute limit counts both', async () => {
    const [a, b] = apis;
    // A browser's requests go to whichever process `target` names: the balancer's choice.
    const target = { url: a.url, config: { publicUrl: PUBLIC_URL } };
    const on = (p: ProductProcess) => (target.url = p.url);
    const signIn = async (start: ProductProcess, finish: ProductProcess) => {
      // A new browser each time (no session yet), from one client address: the limit counts address and account.
      const browser = new LoopbackBrowser(target as unknown as TestServer, '127.0.0.9');
      const follow = async (res: Awaited<ReturnType<LoopbackBrowser['request']>>) => {
        while (res.status >= 300 && res.status < 400 && res.location && new URL(res.location, PUBLIC_URL).pathname.startsWith('/oidc')) res = await browser.request('GET', res.location);
        return res;
      };
      const verifier = randomBytes(32).toString('base64url');
      on(start);
      const q = new URLSearchParams({
        client_id: 'dashboard', response_type: 'code', redirect_uri: `${PUBLIC_URL}/auth/callback`, scope: 'openid profile email',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: randomBytes(8).toString('base64url'),
      });
      const page = await follow(await browser.request('GET', `/oidc/auth?${q}`));
      expect(page.status).toBe(200);
      const action = /<form method="post" action="([^"]+)"/.exec(page.text)![1].replace(/&amp;/g, '&');
      on(finish);
      const res = await follow(await browser.request('POST', action, { email, password: PASSWORD, lang: 'en' }));
      return { res, verifier };
    };

    // The interaction begun on process 1 is finished on process 2, and the code it gives is redeemed on process 1.
    const first = await signIn(a, b);
    expect(first.res.status, first.res.text.slice(0, 300)).toBe(303);
    const code = new URL(first.res.location!).searchParams.get('code')!;
    const exchanged = await fetch(`${a.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'dashboard', grant_type: 'authorization_code', code, redirect_uri: `${PUBLIC_URL}/auth/callback`, code_verifier: first.verifier }),
    });
    expect(exchanged.status).toBe(200);
    const { access_token } = (await exchanged.json()) as { access_token: string };
    const me = await fetch(`${b.url}/api/v1/users/lookup`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    // Sign-ins 2 and 3 on alternating processes are still within the limit of 3 a minute; the 4th is not.
    const statuses = [first.res.status];
    for (let i = 1; i <= SIGN_IN_LIMIT; i++) statuses.push((await signIn(apis[i % 2], apis[(i + 1) % 2])).res.status);
    expect(statuses).toEqual([303, 303, 303, 429]);
  });

  it('(d) a document uploaded through process 1 is stored in the shared folder, answered and deleted through process 2', async () => {
    const [a, b] = apis;
    const text = 'Auf alle Rahmen unserer Lastenräder geben wir zwölf Jahre Garantie, auf den Motor drei Jahre.\n';
    const ask = await openChat(b, visitor());
    const question = 'Wie viele Jahre Garantie gibt es auf den Rahmen?';
    expect((await ask(b, question)).json.sources?.[0]?.type).not.toBe('document');

    const form = new FormData();
    form.append('chatbotId', chatbotId);
    form.append('lang', 'de');
    form.append('file', new Blob([text]), 'garantie.txt');
    const up = await fetch(`${a.url}/api/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const doc = (await up.json()) as { id: string; name: string };
    expect(up.status).toBe(201);
    const key = (await db!.query<{ storage_key: string }>('select storage_key from documents where id = $1', [doc.id])).rows[0].storage_key;
    expect(fs.readFileSync(path.join(uploads, key), 'utf8')).toBe(text);

    expect((await call(b, 'GET', `/api/v1/documents/${doc.id}`)).json).toMatchObject({ id: doc.id, name: 'garantie.txt' });
    const answered = await ask(b, question);
    expect(answered.json.sources[0]).toMatchObject({ type: 'document', id: doc.id, name: 'garantie.txt' });
    expect(answered.json.answer).toContain('zwölf Jahre');

    // Process 1 has the document in its index too; deleting through process 2 removes the file and the answer everywhere.
    const onA = await openChat(a, visitor());
    expect((await onA(a, question)).json.sources[0]).toMatchObject({ type: 'document', id: doc.id });
    expect((await call(b, 'DELETE', `/api/v1/documents/${doc.id}`)).status).toBe(200);
    expect(fs.existsSync(path.join(uploads, key))).toBe(false);
    const gone = await onA(a, question);
    expect(gone.status).toBe(200);
    expect(gone.json.answer).not.toContain('zwölf Jahre');
    expect((gone.json.sources ?? []).map((s: { id: string }) => s.id)).not.toContain(doc.id);
  });
});
