/**
 * What the history spec needs around the browser: its own server with a translation provider (a fake
 * LibreTranslate on a local port), an access token from the operator CLI for that server, and chats
 * recorded through the widget's public API exactly as visitors leave them.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** LibreTranslate's API as the server's translation client uses it: /languages and /translate. */
export async function startFakeTranslator() {
  const calls: { q: string; target: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/languages') return res.end(JSON.stringify([{ code: 'de', name: 'German' }, { code: 'en', name: 'English' }]));
      if (req.url === '/translate' && req.method === 'POST') {
        const { q, target } = JSON.parse(body) as { q: string; target: string };
        calls.push({ q, target });
        return res.end(JSON.stringify({ translatedText: `[${target}] ${q === 'How long does shipping to Austria take?' ? 'Wie lange dauert der Versand nach Österreich?' : q}` }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function freePort() {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A customer's page on another origin (a local port) with the widget's snippet in its <head>. */
export async function startHostPage(baseURL: string, chatbotId: string, lang = 'de') {
  const page = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Versand-Shop</title><script src="${baseURL}/widget.js" data-chatbot-id="${chatbotId}" defer></script>
</head><body><h1>Versand-Shop</h1><p>Alles rund um Ihre Lieferung.</p></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** `npm start`'s server (built dashboard included) on a random port and a fresh data folder. */
export async function startOwnServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-e2e-history-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'dist-server', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c) => (stderr += c));
  const baseURL = `http://localhost:${port}`;
  const healthy = async () => {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`); // ends the polling at once
    return (await fetch(`${baseURL}/health`).catch(() => null))?.ok ?? false; // refused: not up yet
  };
  await expect
    .poll(healthy, { timeout: 120_000 })
    .toBe(true)
    .catch((e: Error) => {
      throw new Error(`server did not start: ${stderr}\n${e.message}`);
    });
  return {
    baseURL,
    port,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token minted by the running server for EMAIL, through the operator CLI. */
export async function cliTokenFor(server: { dataDir: string; port: number }, email: string) {
  const { stdout } = await run('npm', ['run', '-s', 'admin', '--', 'token', email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', PORT: String(server.port) },
    timeout: 60_000,
  });
  const token = stdout.trim();
  expect(token.split('.')).toHaveLength(3);
  return token;
}

/** A visitor's conversation through the public widget API; returns the chat id and the answers. */
export async function visitorChat(request: APIRequestContext, chatbotId: string, questions: string[], opts: { lang?: string; lead?: Record<string, string> } = {}) {
  const start = await request.post(`/api/v1/public/chatbots/${chatbotId}/chats`, { data: opts.lang ? { lang: opts.lang } : {} });
  expect(start.status(), await start.text()).toBe(201);
  const chatId = ((await start.json()) as { id: string }).id;
  const answers: { answer: string; answeredBy: string }[] = [];
  for (const text of questions) {
    const r = await request.post(`/api/v1/public/chatbots/${chatbotId}/chats/${chatId}/messages`, { data: { text } });
    expect(r.status(), await r.text()).toBe(200);
    answers.push(await r.json());
  }
  if (opts.lead) {
    const r = await request.post(`/api/v1/public/chatbots/${chatbotId}/chats/${chatId}/lead`, { data: { ...opts.lead, consent: true } });
    expect(r.status(), await r.text()).toBe(200);
  }
  return { chatId, answers };
}
