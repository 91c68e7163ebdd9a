/**
 * The customer's website for the training spec: a small German shop served on localhost (the e2e server
 * runs with CRAWL_ALLOW_PRIVATE=true). Pages answer after a short delay so a crawl lasts long enough for
 * the "being trained" state to be seen; a page can be added while the test runs ("collect new subpages").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const html = (title: string, body: string) => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><a href="/">Start</a> <a href="/produkte/">Produkte</a> <a href="/versand.html">Versand</a> <a href="/kontakt.html">Kontakt</a></nav>
<main><h1>${title}</h1>${body}</main><footer>© Radhaus Beispiel GmbH</footer></body></html>`;

export async function startShopSite(initialDelayMs = 600) {
  let delayMs = initialDelayMs;
  const pages: Record<string, string> = {
    '/': html('Radhaus Beispiel', '<p>Wir verkaufen und reparieren Fahrräder in Köln seit 1998.</p>'),
    '/produkte/': html('Produkte', '<p>Stadträder, Lastenräder und E-Bikes. <a href="/produkte/lastenrad.html">Lastenrad</a> <a href="/produkte/e-bike.html">E-Bike</a></p>'),
    '/produkte/lastenrad.html': html('Lastenrad Kiezkutsche', '<p>Das Lastenrad trägt bis zu 100 Kilogramm und kostet 3.990 Euro.</p>'),
    '/produkte/e-bike.html': html('E-Bike Stadtflitzer', '<p>Reichweite 120 Kilometer, Akku mit 625 Wattstunden.</p>'),
    '/versand.html': html('Versand', '<p>Wir liefern innerhalb von drei Werktagen, ab 500 Euro versandkostenfrei.</p>'),
    '/kontakt.html': html('Kontakt', '<p>Werkstatt: montags bis freitags 9 bis 18 Uhr.</p>'),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('User-agent: *\nAllow: /\n');
    }
    if (url.pathname === '/preisliste.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Preisliste Werkstatt\nInspektion: 89 Euro\nSchlauch wechseln: 15 Euro\n');
    }
    const body = pages[url.pathname];
    setTimeout(() => {
      if (!body) {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Nicht gefunden</h1>');
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    /** A page that appears on the site later, linked from the start page. */
    addPage(path: string, title: string, text: string) {
      pages[path] = html(title, `<p>${text}</p>`);
      pages['/'] = pages['/'].replace('</main>', `<a href="${path}">${title}</a></main>`);
    },
    /** How long each page takes to answer (a slow site keeps pages "being trained" longer). */
    setDelay(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
