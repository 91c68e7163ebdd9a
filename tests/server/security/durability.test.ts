import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createThrowawayDatabase } from '../../../server/src/db/throwaway.ts';
import { startHttp } from '../fakeServers.ts';
import { freePort } from '../helpers.ts';

/**
 * Durability: the real server as a child process on a data folder (PGlite) or a throwaway PostgreSQL
 * database, killed with SIGKILL while it crawls a site and 20 visitors chat, then started again on the same
 * data. The crawl resumes and ends with every page once; every message that got a 2xx is stored.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const usePostgres = !!process.env.TEST_DATABASE_URL;
const PAGES = 40; // plus the start page: within the trial plan's 50 pages
const ANSWERED_BEFORE_HOLD = 12; // page requests answered before the site holds the rest until the kill
const VISITORS = 20;
const ACKED_BEFORE_KILL = 60;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** A site of PAGES linked pages with distinct text; after a few answers it holds page requests until released. */
async function startHeldSite() {
  let answered = 0;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const held = { count: 0 };
  const site = await startHttp(async (req, _body, res) => {
    const m = /^\/p\/(\d+)$/.exec(req.url ?? '');
    if (req.url !== '/' && !(m && Number(m[1]) < PAGES)) {
      res.statusCode = 404;
      return void res.end('not found');
    }
    if (m && ++answered > ANSWERED_BEFORE_HOLD) {
      held.count++;
      await released;
    }
    const i = m ? Number(m[1]) : -1;
    const links = Array.from({ length: PAGES }, (_, k) => `<a href="/p/${k}">Leistung ${k}</a>`).join(' ');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="de"><head><title>${m ? `Leistung ${i}` : 'Werkstatt Durabel'}</title></head><body><main>
      <h1>${m ? `Leistung ${i}` : 'Willkommen bei Werkstatt Durabel'}</h1>
      <p>${m ? `Die Leistung Nummer ${i} kostet ${i * 10 + 5} Euro und dauert ${i + 1} Stunden.` : 'Wir reparieren Fahrräder und Roller.'}</p>
      <nav>${links}</nav></main></body></html>`);
  });
  return { ...site, held, release };
}

interface Child {
  proc: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

let port: number;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const baseUrl = () => `http://127.0.0.1:${port}`;

function env(extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl(),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    CRAWL_ALLOW_PRIVATE: 'true',
    CRAWL_CONCURRENCY: '2',
    CRAWL_RENDER: 'off',
    // The held pages must not time out before the kill.
    CRAWL_PAGE_TIMEOUT_MS: '120000',
    WIDGET_RATE_PER_VISITOR: '100000',
    WIDGET_RATE_PER_CHATBOT: '100000',
    ...extra,
  };
}

function spawnNode(args: string[], extraEnv: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  return { proc, exited, output: () => output };
}

/** Starts the server and waits for /health; a server that exits instead fails the test with its output. */
async function startServer(): Promise<Child> {
  const child = spawnNode(['server/src/main.ts']);
  let exitCode: number | null | undefined;
  void child.exited.then((c) => (exitCode = c));
  await vi.waitFor(
    async () => {
      if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${child.output()}`);
      const r = await fetch(`${baseUrl()}/health`);
      if (!r.ok) throw new Error(`health ${r.status}`);
    },
    { timeout: 240_000, interval: 200 },
  );
  if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${child.output()}`);
  return child;
}

async function kill(child: Child) {
  child.proc.kill('SIGKILL');
  await child.exited;
}

async function cli(args: string[]) {
  const c = spawnNode(['server/src/cli/admin.ts', ...args], { LOG_LEVEL: 'silent' });
  const code = await c.exited;
  expect(code, c.output()).toBe(0);
  return c.output().trim();
}

async function api(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(baseUrl() + url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

interface Acked {
  chatId: string;
  id: string;
  question: string;
}

/** One visitor of the widget: opens a chat and asks until the server stops answering. */
async function visitor(chatbotId: string, n: number, acked: Acked[], refused: string[]) {
  let chatId: string;
  try {
    const chat = await api('POST', `/api/v1/public/chatbots/${chatbotId}/chats`, null, { lang: 'de' });
    if (chat.status !== 201) return void refused.push(`${chat.status} ${chat.json?.error}`);
    chatId = chat.json.id;
  } catch {
    return; // the server was killed
  }
  for (let k = 0; ; k++) {
    const question = `Besucher ${n}, Frage ${k}: Was kostet Leistung ${k % PAGES}?`;
    try {
      const r = await api('POST', `/api/v1/public/chatbots/${chatbotId}/chats/${chatId}/messages`, null, { text: question });
      if (r.status < 200 || r.status >= 300) return void refused.push(`${r.status} ${r.json?.error}`);
      acked.push({ chatId, id: r.json.id, question });
    } catch {
      return; // the server was killed mid-request: not acknowledged
    }
  }
}

let site: Awaited<ReturnType<typeof startHeldSite>>;
let server: Child | null = null;

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
  if (usePostgres) {
    const db = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!);
    databaseUrl = db.url;
    dropDatabase = db.drop;
  }
  site = await startHeldSite();
});

afterAll(async () => {
  site?.release();
  if (server) {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  await site?.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`kill -9 while crawling and chatting (${usePostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('resumes the crawl with every page once and keeps every acknowledged message', async () => {
    server = await startServer();
    const email = `durable-${Date.now()}@example.test`;
    await cli(['create-user', email, 'Kilo-Nine-Durable-42']);
    const token = await cli(['token', email]);
    const me = await api('GET', '/api/v1/users/lookup', token);
    expect(me.status).toBe(200);
    const created = await api('POST', '/api/v1/chatbots', token, { organizationId: me.json.user.organization.id, url: site.url, lang: 'de' });
    expect(created.status).toBe(201);
    const chatbotId: string = created.json.id;

    const scrapeJobs = async () => {
      const r = await api('GET', `/api/v1/scrape-jobs?filter=${q({ chatbotId })}&range=${q([0, 9])}`, token);
      expect(r.status).toBe(200);
      return r.json as Array<{ id: string; status: string; pagesTrained: number; pagesAdded: number; pagesFailed: number; pagesFound: number }>;
    };
    // Mid-crawl: pages trained, the rest held by the site.
    await expect
      .poll(async () => {
        const [job] = await scrapeJobs();
        return site.held.count > 0 && (job?.pagesTrained ?? 0) >= ANSWERED_BEFORE_HOLD - 2;
      }, { timeout: 180_000, interval: 200 })
      .toBe(true);
    // Then mid-chat (well within the trial's monthly messages): the moment to kill.
    const acked: Acked[] = [];
    const refused: string[] = [];
    const visitors = Array.from({ length: VISITORS }, (_, n) => visitor(chatbotId, n, acked, refused));
    await expect.poll(() => acked.length, { timeout: 180_000, interval: 50 }).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    const [before] = await scrapeJobs();
    expect(before.status).toBe('running');
    await kill(server);
    server = null;
    await Promise.all(visitors);
    expect(refused, 'non-2xx answers before the kill').toEqual([]);
    site.release();

    server = await startServer();
    const restartedAt = Date.now();
    const done = await vi.waitFor(
      async () => {
        const jobs = await scrapeJobs();
        expect(jobs.map((j) => j.status)).toEqual(['completed']);
        return jobs[0];
      },
      { timeout: 120_000, interval: 250 },
    );
    console.log(`[durability] crawl completed ${Date.now() - restartedAt} ms after the restart; ${acked.length} messages acknowledged before the kill`);
    expect(done.id).toBe(before.id);
    expect(done).toMatchObject({ pagesTrained: PAGES + 1, pagesAdded: PAGES + 1, pagesFailed: 0 });
    expect((await api('GET', `/api/v1/chatbots/${chatbotId}/verify`, token)).json.initialSetup).toBe('completed');

    const pages = await api('GET', `/api/v1/webpages?filter=${q({ chatbotId })}&range=${q([0, 199])}&sort=${q(['url', 'ASC'])}`, token);
    expect(pages.status).toBe(200);
    const urls = (pages.json as Array<{ url: string }>).map((p) => p.url).sort();
    const expected = [site.url + '/', ...Array.from({ length: PAGES }, (_, k) => `${site.url}/p/${k}`)].sort();
    expect(urls).toEqual(expected);

    expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    const chatIds = [...new Set(acked.map((a) => a.chatId))];
    const stored = new Map<string, string>();
    for (const chatId of chatIds) {
      const r = await api('GET', `/api/v1/chats/${chatId}`, token);
      expect(r.status).toBe(200);
      for (const m of r.json.messages as Array<{ id: string; question: string }>) stored.set(m.id, m.question);
    }
    const lost = acked.filter((a) => stored.get(a.id) !== a.question);
    expect(lost).toEqual([]);
  }, 600_000);
});
