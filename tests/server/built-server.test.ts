/**
 * The built server (scripts/build-server.mjs, what `npm start` runs): built from the current sources into a
 * folder of this test, started as its own process on empty and on used data folders, it answers /health, the
 * identity provider and an authenticated API call. A first start copies the build's start template; what must
 * differ per installation (signing keys, secrets) is made at that start, never copied.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { freePort } from './helpers.ts';
import { makeDocx, makePdf } from './trainingFiles.ts';
import { EXTRACTION_LIMITS, type ExtractionRequest, type ExtractionResult } from '../../server/src/training/extractionSandbox.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { buildServer } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-server.mjs')).href)) as {
  buildServer: (outdir: string) => Promise<void>;
};

const ADMIN = { email: 'ops@built.test', password: 'built-server-password-41' };
let work: string;
const outdir = () => path.join(work, 'dist-server');
const running = new Set<ChildProcess>();

// The built server runs on its embedded database whatever TEST_DATABASE_URL says: the PGlite pass covers it,
// and a second build and start in the PostgreSQL pass would only repeat it.
const postgresPass = !!process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  if (postgresPass) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'built-server-'));
  // The build imports its dependencies from node_modules, found as in the checkout: from a folder above it.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));
  await buildServer(outdir());
}, 300_000); // esbuild, then a fresh embedded database migrated for the start template
afterAll(() => {
  for (const c of running) c.kill('SIGKILL');
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

interface Ready {
  url: string;
  port: number;
  timings: Record<string, number>;
  stop: () => Promise<number | null>;
}

/** Starts `node <build>/main.js` on `dataDir` and resolves when it logs that it is ready (or rejects when it ends first). */
async function startBuilt(dataDir: string): Promise<Ready> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(outdir(), 'main.js')], {
    cwd: work, // not the checkout: the build finds its files itself
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (running.delete(child), resolve(code))));
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  const ready = await new Promise<{ timings: Record<string, number> }>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      buffered += d;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines.filter((l) => l.startsWith('{'))) {
        const entry = JSON.parse(line) as { msg?: string; timings?: Record<string, number> };
        if (entry.msg?.startsWith('ready on ')) resolve({ timings: entry.timings! });
      }
    });
    void exited.then((code) => reject(new Error(`the built server ended (code ${code}) before it was ready:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    timings: ready.timings,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const kids = async (s: Ready) => {
  const jwks = await json(`${s.url}/oidc/jwks`);
  expect(jwks.status, JSON.stringify(jwks.body)).toBe(200);
  return (jwks.body.keys as { kid: string }[]).map((k) => k.kid);
};

/** A token the API accepts, from the operator command line (`npm run admin -- token`), which asks the running server. */
function adminToken(dataDir: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', 'token', ADMIN.email], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`admin token: ${code} ${stderr}`))));
  });
}

describe.skipIf(postgresPass)('the built server', () => {
  it('finds every source file its bundles name (migrations, the dashboard, the extraction child are found from them)', () => {
    const named = fs
      .readdirSync(outdir())
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => [...fs.readFileSync(path.join(outdir(), f), 'utf8').matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(0);
    for (const rel of named) expect(fs.existsSync(path.resolve(outdir(), rel)), rel).toBe(true);
    expect(fs.existsSync(path.join(outdir(), 'pgdata-template', 'PG_VERSION'))).toBe(true);
  });

  it('its extraction child reads a PDF, a Word file and a spreadsheet without a TypeScript loader', async () => {
    const extract = (req: ExtractionRequest) =>
      new Promise<ExtractionResult | undefined>((resolve) => {
        const child = fork(path.join(outdir(), 'extractChild.js'), [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
        let result: ExtractionResult | undefined;
        child.on('message', (m: ExtractionResult) => (result = m));
        child.on('close', () => resolve(result));
        child.send(req);
      });
    const limits = EXTRACTION_LIMITS;
    const sheet = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(sheet, XLSX.utils.aoa_to_sheet([['Frage', 'Antwort'], ['Wann ist geöffnet?', 'Täglich ab 9 Uhr.']]), 'Tabelle1');
    const [pdf, docx, xlsx] = await Promise.all([
      extract({ kind: 'document', type: 'pdf', buf: makePdf([['Garantie: zwei Jahre.']]), limits }),
      extract({ kind: 'document', type: 'docx', buf: makeDocx(['Akkus: ein Jahr.']), limits }),
      extract({ kind: 'qnaSheet', buf: XLSX.write(sheet, { type: 'buffer', bookType: 'xlsx' }) as Buffer, limits }),
    ]);
    expect(pdf).toEqual({ ok: true, value: 'Garantie: zwei Jahre.' });
    expect(docx).toEqual({ ok: true, value: 'Akkus: ein Jahr.' });
    expect(xlsx).toMatchObject({ ok: true, value: [{ question: 'Wann ist geöffnet?', answer: 'Täglich ab 9 Uhr.' }] });
  });

  it('starts on an empty data folder from its template, answers, and keeps its own keys across a restart', async () => {
    const dataDir = path.join(work, 'data-1');
    const first = await startBuilt(dataDir);
    try {
      expect(first.timings).toHaveProperty('template');
      expect((await json(`${first.url}/health`)).body).toEqual({ status: 'ok' });
      const discovery = await json(`${first.url}/oidc/.well-known/openid-configuration`);
      expect(discovery.body.issuer).toBe(`http://localhost:${first.port}/oidc`);
      expect(await kids(first)).toHaveLength(1);

      // An authenticated call: the operator seeded at start, a token from the command line, a route with SQL behind it.
      const token = await adminToken(dataDir, first.port);
      const lookup = await json(`${first.url}/api/v1/users/lookup`, { headers: { authorization: `Bearer ${token}` } });
      expect(lookup.status).toBe(200);
      expect(JSON.stringify(lookup.body)).toContain(ADMIN.email);
      expect((await json(`${first.url}/api/v1/users/lookup`)).status).toBe(401);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const keysBefore = await (async () => {
      const again = await startBuilt(dataDir);
      try {
        // A restart opens the folder as it is: nothing copied, the same signing key.
        expect(again.timings).not.toHaveProperty('template');
        expect((await json(`${again.url}/health`)).body).toEqual({ status: 'ok' });
        return await kids(again);
      } finally {
        expect(await again.stop()).toBe(0);
      }
    })();
    expect(keysBefore).toHaveLength(1);

    // Another empty folder, from the same template, gets a signing key of its own.
    const other = await startBuilt(path.join(work, 'data-2'));
    try {
      const otherKids = await kids(other);
      expect(otherKids).toHaveLength(1);
      expect(otherKids[0]).not.toBe(keysBefore[0]);
    } finally {
      await other.stop();
    }
  }, 240_000); // three starts and the command line, each its own Node process, on a machine the other suites share
});
