// Crawl throughput: a spider crawl of a 500-page website served locally, through the real
// crawler (robots, fetch, extraction, dedupe, indexing), reporting pages/s and extraction ms/page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runScrapeJob } from '../server/src/training/crawler.ts';
import { scrapeJobsRepo } from '../server/src/training/scrapeJobs.ts';
import { createWebsite } from '../server/src/training/websites.ts';
import { benchDb, round, vocabulary } from './_training.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 500);
const v = vocabulary();
const bodies = Array.from({ length: PAGES }, (_, i) => {
  const links = Array.from({ length: 12 }, (_, k) => `<a href="/seite/${(i * 7 + k * 31 + 1) % PAGES}.html">Seite ${k}</a>`).join(' ');
  const paras = Array.from({ length: 8 }, () => `<p>${v.sentence(40)}.</p>`).join('\n');
  return `<!doctype html><html lang="de"><head><title>Seite ${i}</title></head><body>
<header><a href="/">Start</a> Telefon 040 123456</header><nav>${links}</nav>
<div class="cookie-banner">Wir verwenden Cookies <button>OK</button></div>
<div class="inhalt"><h1>Seite ${i}: ${v.sentence(4)}</h1>${paras}</div><footer>Impressum Datenschutz</footer></body></html>`;
});
const server = http.createServer((req, res) => {
  const m = /^\/seite\/(\d+)\.html$/.exec(req.url ?? '');
  if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(bodies[0].replace('<nav>', '<nav><a href="/seite/0.html">0</a>'));
  if (m && Number(m[1]) < PAGES) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(bodies[Number(m[1])]);
  res.writeHead(404).end();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const { db, config, orgId, chatbotId, close } = await benchDb();
const site = await createWebsite(db, { id: chatbotId, organization_id: orgId }, 'de', base);
const job = await scrapeJobsRepo.create(db, { organizationId: orgId, chatbotId, websiteId: site.id, lang: 'de', type: 'spider', url: base });
const t0 = performance.now();
const done = await runScrapeJob({ db, config: { ...config, CRAWL_MAX_DEPTH: 50 } }, job.id);
const secs = (performance.now() - t0) / 1000;
const passages = (await db.query<{ n: number }>('select count(*)::int n from passages')).rows[0].n;
server.close();
await close();
const trained = done!.pages_trained;
const extractMs = Number(done!.error_details?.extractMsPerPage ?? 0);
console.log(`${done!.status}: ${trained} pages trained (${done!.pages_found} found, concurrency ${config.CRAWL_CONCURRENCY}) in ${round(secs)} s, ${passages} passages (${db.kind})`);
console.log(`extraction ${round(extractMs)} ms/page`);
console.log(JSON.stringify({ bench: 'crawl', db: db.kind, n: trained, seconds: round(secs), pages_per_s: round(trained / secs, 1), extract_ms_per_page: round(extractMs) }));
