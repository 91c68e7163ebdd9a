// Test server of the project's evaluation sites (node <site>/serve.mjs, which passes its folder first). Node 20, no
// dependencies. The site's name, production origin and 404 text are in its site.json.
//
//   node serve.mjs --port PORT [--host HOST]   -> http://HOST:PORT/   (HOST defaults to 127.0.0.1)
//   node serve.mjs PORT                          (positional form, same thing)
//
// --port 0 picks a free port; the first line on stdout is always the URL actually served.
//
// What it does, in order:
//   1. only GET and HEAD (anything else: 405, so POST forms like /kontakt/senden never succeed)
//   2. the query string is ignored for the lookup (/a/page.html?utm_source=x serves the page)
//   3. redirects listed in routes.json (exact path match)
//   4. a folder without trailing slash -> 301 to "folder/" (query kept); "folder/" serves folder/index.html
//   5. files are served from ./site only (no way out of it, so questions.json etc. stay private)
//   6. text responses (html, xml, txt, css, js, json) get the production origin
//      the site's production origin replaced by the origin the request came in on
//   7. anything else: 404 with a small HTML page
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';

// The site's folder: the first argument (the site's serve.mjs puts it there).
const HERE = path.resolve(process.argv.splice(2, 1)[0] ?? '');
const SITE = path.join(HERE, 'site');
const config = JSON.parse(await fs.readFile(path.join(HERE, 'site.json'), 'utf8'));
const PROD_ORIGIN = config.prodOrigin;
const USAGE = 'usage: node serve.mjs --port PORT [--host HOST]   (or: node serve.mjs PORT)';
function parseArgs(argv) {
  const opts = { port: '8080', host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const [key, inline] = a.startsWith('--') && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    if (key === '-h' || key === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (key === '--port' || key === '-p' || key === '--host') {
      const value = inline ?? argv[++i];
      if (value === undefined) return null;
      opts[key === '--host' ? 'host' : 'port'] = value;
    } else if (/^\d+$/.test(a)) {
      opts.port = a;
    } else {
      return null;
    }
  }
  return opts;
}
const opts = parseArgs(process.argv.slice(2));
const port = opts && /^\d+$/.test(opts.port) ? Number(opts.port) : NaN;
if (!opts || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(USAGE);
  process.exit(2);
}

const { redirects = [] } = JSON.parse(await fs.readFile(path.join(HERE, 'routes.json'), 'utf8'));
const redirectMap = new Map(redirects.map((r) => [r.from, r]));

const MIME = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.xml', 'application/xml; charset=utf-8'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.svg', 'image/svg+xml'],
  ['.pdf', 'application/pdf'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
]);
const REWRITE = /^(text\/|application\/(xml|json))/;

const page404 = `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>Seite nicht gefunden | ${config.siteName}</title></head>
<body>${config.notFoundBody}</body></html>
`;

function reply(req, res, status, headers, body = '') {
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'content-length': buf.length, ...headers });
  res.end(req.method === 'HEAD' ? undefined : buf);
}

async function statOrNull(p) {
  try {
    return await fs.stat(p);
  } catch {
    return null;
  }
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply(req, res, 405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'Method not allowed\n');
    }
    const url = new URL(req.url ?? '/', 'http://placeholder.invalid');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return reply(req, res, 400, { 'content-type': 'text/plain; charset=utf-8' }, 'Bad request\n');
    }
    if (pathname.includes('\0')) return reply(req, res, 400, { 'content-type': 'text/plain; charset=utf-8' }, 'Bad request\n');

    const redirect = redirectMap.get(pathname);
    if (redirect) return reply(req, res, redirect.status ?? 301, { location: redirect.to });

    const target = path.resolve(SITE, '.' + path.posix.normalize(pathname));
    if (target !== SITE && !target.startsWith(SITE + path.sep)) {
      return reply(req, res, 404, { 'content-type': MIME.get('.html') }, page404);
    }
    let file = target;
    let st = await statOrNull(file);
    if (st?.isDirectory()) {
      if (!pathname.endsWith('/')) return reply(req, res, 301, { location: pathname + '/' + url.search });
      file = path.join(file, 'index.html');
      st = await statOrNull(file);
    }
    if (!st?.isFile()) return reply(req, res, 404, { 'content-type': MIME.get('.html') }, page404);

    const type = MIME.get(path.extname(file).toLowerCase()) ?? 'application/octet-stream';
    let body = await fs.readFile(file);
    if (REWRITE.test(type)) {
      const origin = `http://${req.headers.host || `127.0.0.1:${server.address().port}`}`;
      body = body.toString('utf8').split(PROD_ORIGIN).join(origin);
    }
    return reply(req, res, 200, { 'content-type': type }, body);
  } catch (err) {
    console.error(err);
    return reply(req, res, 500, { 'content-type': 'text/plain; charset=utf-8' }, 'Internal error\n');
  }
});

server.on('error', (err) => {
  console.error(`serve.mjs: ${err.message}`);
  process.exit(1);
});
server.listen(port, opts.host, () => {
  const { port: actual } = server.address();
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  console.log(`${config.siteName} test site: http://${shown}:${actual}/`);
});
