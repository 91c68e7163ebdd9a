import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createThrowawayDatabase } from '../../../server/src/db/throwaway.ts';
import { openPostgres } from '../../../server/src/db/postgres.ts';
import { startRecovery } from '../../../server/src/jobs/recovery.ts';
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
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (m && ++answered > ANSWERED_BEFORE_HOLD) {
      // Held: a byte now and then keeps the crawler's idle timeout from failing the page, however long the wait.
      held.count++;
      res.write('<!doctype html>');
      const trickle = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(trickle)); // the killed server's connection
      res.on('error', () => {});
      await released;
      clearInterval(trickle);
    }
    const i = m ? Number(m[1]) : -1;
    const links = Array.from({ length: PAGES }, (_, k) => `<a href="/p/${k}">Leistung ${k}</a>`).join(' ');
    res.end(`<html lang="de"><head><title>${m ? `Leistung ${i}` : 'Werkstatt Durabel'}</title></head><body><main>
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
    WIDGET_RATE_PER_VISITOR: '100000',
    WIDGET_RATE_PER_CHATBOT: '100000',
    // What is measured is what survives a kill: the answer queue (tests/server/backpressure.test.ts) must not
    // refuse the 20 visitors because a loaded CI machine answers slowly while the crawl runs.
    ANSWER_QUEUE_WAIT_MS: '60000',
    ...extra,
  };
}

function spawnNode(args: string[], extraEnv: Record<string, string> = {}, wrapper?: string[]): Child {
  const node = [process.execPath, '--import', 'tsx', ...args];
  const [cmd, ...argv] = wrapper ? [...wrapper, ...node] : node;
  const proc = spawn(cmd, argv, { cwd: ROOT, env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  return { proc, exited, output: () => output };
}

/** Starts the server and waits for /health; a server that exits instead fails the test with its output. */
async function startServer(): Promise<Child> {
  const started = Date.now();
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
  console.log(`[durability] start to /health: ${Date.now() - started} ms`);
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

async function withPostgres<T>(fn: (db: Awaited<ReturnType<typeof openPostgres>>) => Promise<T>) {
  const db = await openPostgres(databaseUrl!, 2);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** A second process on the same PostgreSQL sweeps for orphaned jobs while the server crawls: the crawl stays the server's. */
async function anotherProcessLeavesTheLiveJobAlone(chatbotId: string) {
  await withPostgres(async (db) => {
    const attempt = () =>
      db.query<{ state: string; started_on: string }>(
        `select state, started_on::text from pgboss.job where name = 'initial-setup' and data->>'chatbotId' = $1`,
        [chatbotId],
      );
    const before = (await attempt()).rows;
    expect(before).toMatchObject([{ state: 'active' }]);
    const other = await startRecovery(db, { everythingActiveAtStart: false, onGiveUp: async () => {}, log: () => {} });
    await other.sweep();
    await other.stop();
    expect((await attempt()).rows).toEqual(before);
  });
}

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
    let seen = '';
    await expect
      .poll(
        async () => {
          const [job] = await scrapeJobs();
          seen = `held ${site.held.count}, requests ${site.requests.map((r) => r.url).join(' ')}, job ${JSON.stringify(job ?? null)}`;
          return site.held.count > 0 && (job?.pagesTrained ?? 0) >= ANSWERED_BEFORE_HOLD - 2;
        },
        { timeout: 180_000, interval: 200, message: 'crawl held mid-way' },
      )
      .toBe(true)
      .catch((e: Error) => {
        throw new Error(`${e.message}: ${seen}`);
      });
    // Then mid-chat (well within the trial's monthly messages): the moment to kill.
    const acked: Acked[] = [];
    const refused: string[] = [];
    const visitors = Array.from({ length: VISITORS }, (_, n) => visitor(chatbotId, n, acked, refused));
    await expect.poll(() => acked.length, { timeout: 180_000, interval: 50 }).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    const [before] = await scrapeJobs();
    expect(before.status).toBe('running');
    if (usePostgres) await anotherProcessLeavesTheLiveJobAlone(chatbotId);
    await kill(server);
    server = null;
    // As if the server had run on another machine: only its stopped heartbeat can tell that it is gone.
    if (usePostgres) await withPostgres((db) => db.query(`update job_processes set host = 'another-host'`));
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
    // The setup job marks itself done after its crawl's job, in a statement of its own: wait for that too.
    await vi.waitFor(async () => expect((await api('GET', `/api/v1/chatbots/${chatbotId}/verify`, token)).json.initialSetup).toBe('completed'), {
      timeout: 30_000,
      interval: 250,
    });

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

/** Starts the server on an unusable folder: it must stop with exactly one line, no stack trace. */
async function refusedStart(extraEnv: Record<string, string>, wrapper?: string[]) {
  const child = spawnNode(['server/src/main.ts'], extraEnv, wrapper);
  const code = await child.exited;
  // oidc-provider warns about Node 20 when the app loads (once the folders passed): a dependency's notice, not the start-up's.
  const lines = child.output().trim().split('\n').filter((l) => !l.startsWith('oidc-provider WARNING: Unsupported runtime'));
  return { code, lines };
}

describe('a data folder the server cannot use', () => {
  const blocker = () => {
    const file = path.join(dataDir, `a-file-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(file, 'x');
    return file;
  };

  it('stops with one line naming UPLOAD_DIR when the folder cannot be made', async () => {
    const uploads = path.join(blocker(), 'uploads');
    expect(await refusedStart({ UPLOAD_DIR: uploads })).toEqual({
      code: 1,
      lines: [`UPLOAD_DIR ${uploads} is not writable: a part of the path is a file, not a folder (ENOTDIR). Point UPLOAD_DIR at a writable folder with free space.`],
    });
  }, 60_000);

  it.runIf(usePostgres)('npm run worker stops with the same line', async () => {
    const uploads = path.join(blocker(), 'uploads');
    const worker = spawnNode(['server/src/worker.ts'], { UPLOAD_DIR: uploads });
    expect(await worker.exited).toBe(1);
    expect(worker.output().trim()).toBe(
      `UPLOAD_DIR ${uploads} is not writable: a part of the path is a file, not a folder (ENOTDIR). Point UPLOAD_DIR at a writable folder with free space.`,
    );
  }, 60_000);

  it.skipIf(usePostgres)('stops with one line naming DATA_DIR when it is a file or lies under one', async () => {
    const file = blocker();
    expect(await refusedStart({ DATA_DIR: file })).toEqual({
      code: 1,
      lines: [`DATA_DIR ${file} is not writable: it exists and is not a folder (EEXIST). Point DATA_DIR at a writable folder with free space.`],
    });
    expect(await refusedStart({ DATA_DIR: path.join(file, 'data') })).toEqual({
      code: 1,
      lines: [`DATA_DIR ${path.join(file, 'data')} is not writable: a part of the path is a file, not a folder (ENOTDIR). Point DATA_DIR at a writable folder with free space.`],
    });
  }, 60_000);

  // Tests run as root, where file modes stop no write. A private mount namespace (unshare -m, root with
  // CAP_SYS_ADMIN) gives the server a read-only or a full file system; where that is not allowed these are skipped.
  const canMount = !usePostgres && spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs tmpfs /mnt'], { stdio: 'ignore' }).status === 0;
  const onTmpfs = (dir: string, options: string, then = 'true') => ['unshare', '-m', 'sh', '-c', `mount -t tmpfs -o ${options} tmpfs "$0" && ${then} && exec "$@"`, dir];

  it.runIf(canMount)('stops with one line on a read-only or a full file system', async () => {
    const readOnly = fs.mkdtempSync(path.join(dataDir, 'ro-'));
    expect(await refusedStart({ DATA_DIR: readOnly }, onTmpfs(readOnly, 'ro'))).toEqual({
      code: 1,
      lines: [`DATA_DIR ${readOnly} is not writable: the file system is read-only (EROFS). Point DATA_DIR at a writable folder with free space.`],
    });
    const full = fs.mkdtempSync(path.join(dataDir, 'full-'));
    expect(await refusedStart({ DATA_DIR: full }, onTmpfs(full, 'size=256k', `(dd if=/dev/zero of="${full}/filler" bs=4k 2>/dev/null || true)`))).toEqual({
      code: 1,
      lines: [`DATA_DIR ${full} is not writable: no space left on the device (ENOSPC). Point DATA_DIR at a writable folder with free space.`],
    });
  }, 60_000);

  it.runIf(canMount)('stops with one line when the embedded database runs out of space while it is created', async () => {
    // Room for the start-up probe, not for a database.
    const small = fs.mkdtempSync(path.join(dataDir, 'small-'));
    expect(await refusedStart({ DATA_DIR: small }, onTmpfs(small, 'size=3m'))).toEqual({
      code: 1,
      lines: [`The embedded database in DATA_DIR (${path.join(small, 'pgdata')}) could not be opened: no space left on the device (ENOSPC)`],
    });
  }, 120_000);
});
