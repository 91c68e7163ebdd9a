/**
 * The crawler's fetch tries a transient failure again (training/fetch.ts): a socket the server drops, 429/502/503/504
 * with or without Retry-After; a permanent answer (404) or a wait longer than 10 s is not tried again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, safeFetch } from '../../server/src/training/fetch.ts';

let server: http.Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const n = (hits.get(req.url!) ?? 0) + 1;
    hits.set(req.url!, n);
    const page = () => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    if (req.url === '/dropped-once') return n === 1 ? req.socket.destroy() : page();
    if (req.url === '/busy-twice') return n <= 2 ? res.writeHead(503, { 'retry-after': '0' }).end() : page();
    if (req.url === '/throttled-once') return n === 1 ? res.writeHead(429).end() : page();
    if (req.url === '/always-busy') return res.writeHead(503, { 'retry-after': '0' }).end();
    if (req.url === '/come-back-tomorrow') return res.writeHead(503, { 'retry-after': '86400' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = (path: string, retries?: number) => safeFetch(`${base}${path}`, { allowPrivate: true, timeoutMs: 3000, ...(retries === undefined ? {} : { retries }) });

describe('safeFetch with retries', () => {
  it('gets a page whose first connection was dropped, or that was busy or throttled before', async () => {
    for (const path of ['/dropped-once', '/busy-twice', '/throttled-once']) {
      const r = await get(path, 2);
      expect(r.status, path).toBe(200);
      expect(r.body.toString()).toBe('<p>ok</p>');
    }
    expect(hits.get('/busy-twice')).toBe(3);
  });

  it('gives up after the retries, and does not wait for a Retry-After longer than 10 s', async () => {
    expect((await get('/always-busy', 2)).status).toBe(503);
    expect(hits.get('/always-busy')).toBe(3);
    expect((await get('/come-back-tomorrow', 2)).status).toBe(503);
    expect(hits.get('/come-back-tomorrow')).toBe(1);
    expect((await get('/missing', 2)).status).toBe(404);
    expect(hits.get('/missing')).toBe(1);
  });

  it('reports a refused connection as such (nothing listens there, so it is not tried again)', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(safeFetch(`http://127.0.0.1:${port}/`, { allowPrivate: true, retries: 2 })).rejects.toMatchObject({ code: 'Refused' });
  });

  it('tries once without retries', async () => {
    hits.clear();
    await expect(get('/dropped-once')).rejects.toBeInstanceOf(FetchError);
    expect((await get('/always-busy')).status).toBe(503);
    expect(hits.get('/always-busy')).toBe(1);
  });
});
