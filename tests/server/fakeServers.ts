import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small HTTP server on a random local port, for a test to play a website or a third-party API. */
export async function startHttp(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>) {
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      Promise.resolve(handler(req, body, res)).catch((e) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A website with a start page, for the initial-setup job and the screenshot. */
export function startTestSite() {
  return startHttp((req, _body, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html><head><title>Bäckerei Sonnenschein</title><style>body{background:#fc0}</style></head>
        <body><h1>Willkommen</h1><p>Frische Brötchen jeden Morgen ab 6 Uhr.</p><script>var secret = 1;</script></body></html>`);
    } else if (req.url === '/moved') {
      res.statusCode = 301;
      res.setHeader('location', '/');
      res.end();
    } else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
}

/** A local port nothing listens on. */
export async function closedPort() {
  const s = await startHttp((_q, _b, res) => void res.end());
  await s.close();
  return s.port;
}

/** Polls until fn returns a truthy value (or throws after the time limit). */
export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
