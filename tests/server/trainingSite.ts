import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small German website served on localhost for the crawler tests: robots.txt with a
 * disallowed folder and a sitemap index, a redirect, a duplicate, a canonical variant,
 * an English page, page furniture (nav, header, footer, cookie banner), an endless chain,
 * an oversize page and a PDF link. Pages can be changed or removed between crawls.
 */
export async function startTrainingSite() {
  const requests: string[] = [];
  let base = '';
  const chrome = (title: string, body: string, lang = 'de', head = '') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>
<header><a href="/">Muster Fahrräder</a> Hotline 0800 123 456</header>
<nav><a href="/">Start</a> <a href="/versand.html">Versand</a> <a href="/kontakt.html">Kontakt</a></nav>
<div id="cookie-banner" class="cookie-consent">Wir verwenden Cookies für Statistik. <button>Akzeptieren</button></div>
${body}
<footer>Impressum · Datenschutz · © Muster GmbH</footer>
</body></html>`;
  const pages: Record<string, string | null> = {
    '/': chrome('Muster Fahrräder', `<main><h1>Willkommen bei Muster Fahrräder</h1><p>Wir verkaufen Stadträder, Lastenräder und E-Bikes in Hamburg.</p>
      <p><a href="/versand.html">Versand</a> <a href="/kontakt.html">Kontakt</a> <a href="/alt">Alte Kontaktseite</a>
      <a href="/versand-kopie.html">Kopie</a> <a href="/versand-druck.html">Druckansicht</a> <a href="/private/geheim.html">Intern</a>
      <a href="/en/shipping.html">English</a> <a href="/katalog.pdf">Katalog</a> <a href="http://example.org/fremd">Partner</a>
      <a href="/endless/1">Archiv</a> <a href="/riesig.html">Alles</a> <a href="/versand.html#kosten">Kosten</a></p></main>`),
    '/versand.html': chrome('Versand', `<main><h1>Versand und Lieferung</h1><p>Die Lieferzeit beträgt drei bis fünf Werktage innerhalb Deutschlands.</p>
      <p>Die Versandkosten betragen 9,90 Euro, ab 500 Euro Bestellwert liefern wir kostenlos.</p></main>`),
    '/versand-kopie.html': chrome('Versand (Kopie)', `<main><h1>Versand und Lieferung</h1><p>Die Lieferzeit beträgt drei bis fünf Werktage innerhalb Deutschlands.</p>
      <p>Die Versandkosten betragen 9,90 Euro, ab 500 Euro Bestellwert liefern wir kostenlos.</p></main>`),
    '/versand-druck.html': chrome('Versand drucken', `<main><h1>Versand und Lieferung (Druck)</h1><p>Druckfassung der Versandseite.</p></main>`, 'de', '<link rel="canonical" href="/versand.html">'),
    '/kontakt.html': chrome('Kontakt', `<main><h1>Kontakt</h1><p>Unsere Werkstatt erreichen Sie montags bis freitags von 9 bis 18 Uhr unter werkstatt@muster.test.</p></main>`),
    '/private/geheim.html': chrome('Geheim', '<main><p>Interne Preisliste, nicht für Crawler.</p></main>'),
    '/en/shipping.html': chrome('Shipping', `<main><h1>Shipping and delivery</h1><p>Delivery takes three to five business days within Germany.</p>
      <p>We also ship bicycles to Austria and Switzerland for a flat fee.</p></main>`, 'en'),
    '/neu.html': chrome('Neu', '<main><h1>Neuheiten</h1><p>Das neue Lastenrad Kiezkutsche ist ab März erhältlich.</p></main>'),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push(url.pathname + url.search);
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname === '/robots.txt')
      return send(200, 'text/plain', `User-agent: *\nDisallow: /private/\n\nSitemap: ${base}/sitemap_index.xml\n`);
    if (url.pathname === '/sitemap_index.xml')
      return send(200, 'application/xml', `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/sitemap-seiten.xml</loc></sitemap></sitemapindex>`);
    if (url.pathname === '/sitemap-seiten.xml')
      return send(200, 'application/xml', `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/', '/versand.html', '/kontakt.html', '/alt', '/private/geheim.html', '/en/shipping.html']
        .map((p) => `<url><loc>${base}${p}</loc></url>`).join('')}</urlset>`);
    if (url.pathname === '/alt') {
      res.writeHead(301, { location: '/kontakt.html' });
      return res.end();
    }
    if (url.pathname === '/katalog.pdf') return send(200, 'application/pdf', '%PDF-1.4');
    if (url.pathname === '/riesig.html') return send(200, 'text/html', `<html><body><p>${'Fahrrad '.repeat(300_000)}</p></body></html>`);
    const endless = /^\/endless\/(\d+)$/.exec(url.pathname);
    if (endless) {
      const n = Number(endless[1]);
      return send(200, 'text/html', chrome(`Archiv ${n}`, `<main><p>Archivseite Nummer ${n} mit Meldung ${n * 7919}.</p><a href="/endless/${n + 1}">weiter</a></main>`));
    }
    const page = pages[url.pathname];
    if (page) return send(200, 'text/html; charset=utf-8', page);
    send(404, 'text/html', '<html><body>Nicht gefunden</body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pages,
    requests,
    chrome,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
