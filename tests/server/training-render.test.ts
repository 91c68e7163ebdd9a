import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { runScrapeJob } from '../../server/src/training/crawler.ts';
import { scrapeJobsRepo } from '../../server/src/training/scrapeJobs.ts';
import { createWebsite } from '../../server/src/training/websites.ts';
import { chromiumExecutable } from '../../server/src/training/render.ts';

/*
 * A small site whose event list is written by a same-site script from a JSON file, next to a
 * "third-party" server on another port that a rendered page tries to reach in every way it can
 * (script, image, fetch, navigation): it must never see a request.
 */
const hasChromium = !!chromiumExecutable({ CHROMIUM_PATH: process.env.CHROMIUM_PATH });

let s: TestServer;
let token: string;
let orgId: string;
const siteRequests: string[] = [];
let thirdPartyConnections = 0;
let site: http.Server;
let thirdParty: http.Server;
let base = '';
let other = '';

const FACTS = ['Lesung mit Anna Berg', '14. März 2027', '19:30 Uhr', 'Eintritt 12 Euro', 'Kinderflohmarkt', '9. Mai 2027'];

function listen(server: http.Server) {
  return new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  thirdParty = http.createServer((_req, res) => res.end('/* tracker */'));
  thirdParty.on('connection', () => thirdPartyConnections++);
  other = await listen(thirdParty);

  const shell = (title: string, body: string, head = '') => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/css/site.css">${head}</head><body>
<nav><a href="/">Start</a> <a href="/veranstaltungen.html">Veranstaltungen</a> <a href="/haus.html">Das Haus</a></nav>
${body}
<footer>Impressum · Datenschutz</footer></body></html>`;
  const intro = 'Im Kulturhaus am Markt finden das ganze Jahr über Lesungen, Konzerte und Märkte statt. Hier stehen alle kommenden Termine mit Uhrzeit und Eintritt, die Anmeldung erfolgt an der Kasse im Foyer oder telefonisch.';
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', shell('Kulturhaus', `<main><h1>Kulturhaus am Markt</h1><p>${intro}</p></main>`)],
    '/haus.html': ['text/html; charset=utf-8', shell('Das Haus', `<main><h1>Das Haus</h1><p>Das Kulturhaus wurde 1910 als Kornspeicher gebaut und 1998 umgebaut. Der große Saal fasst 240 Gäste, der kleine Saal 60 Gäste. Beide Säle sind barrierefrei über den Aufzug im Hof erreichbar.</p></main>`)],
    '/veranstaltungen.html': ['text/html; charset=utf-8', shell('Veranstaltungen', `<main><h1>Veranstaltungen</h1><p>${intro}</p>
<ul id="termine"></ul>
<p style="display:none">Interner Vermerk Kassensturz</p>
<div class="nur-druck">Druckhinweis Papierformat A4</div>
<img src="${other}/pixel.gif" alt="">
</main>
<script src="/js/termine.js"></script>
<script src="${other}/tracker.js"></script>`)],
    '/css/site.css': ['text/css', '.nur-druck { display: none; }'],
    '/js/termine.js': ['text/javascript', `
fetch('/data/termine.json').then(function (r) { return r.json(); }).then(function (list) {
  document.getElementById('termine').innerHTML = list.map(function (t) { return '<li><strong>' + t.titel + '</strong>: ' + t.wann + '. ' + t.text + '</li>'; }).join('');
  fetch('${other}/api/collect', { method: 'POST', body: 'x' }).catch(function () {});
  new Image().src = '${other}/beacon.gif';
  try { new WebSocket('${other.replace('http', 'ws')}/ws'); } catch (e) {}
  setTimeout(function () { location.href = '${other}/weg'; }, 20);
});`],
    '/data/termine.json': ['application/json', JSON.stringify([
      { titel: 'Lesung mit Anna Berg', wann: 'Sonntag, 14. März 2027, 19:30 Uhr', text: 'Aus dem neuen Roman „Nordlicht“. Eintritt 12 Euro.' },
      { titel: 'Kinderflohmarkt', wann: 'Sonntag, 9. Mai 2027, 10:00 bis 14:00 Uhr', text: 'Im Innenhof, Standgebühr 5 Euro, Anmeldung an der Kasse.' },
    ])],
  };
  site = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    siteRequests.push(path);
    const f = files[path];
    if (!f) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': f[0] }).end(f[1]);
  });
  base = await listen(site);
  s = await startTestServer({ CRAWL_PAGE_TIMEOUT_MS: '3000', CRAWL_RENDER_TIMEOUT_MS: '8000' });
  const u = await s.createUser();
  token = u.token;
  orgId = u.user.organization_id;
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => site?.close(r));
  await new Promise((r) => thirdParty?.close(r));
});

/** The job once it has ended, completed or failed. */
function waitForJob(id: string) {
  return vi.waitFor(
    async () => {
      const r = await s.api('GET', `/api/v1/scrape-jobs/${id}`, { token });
      expect(r.status).toBe(200);
      expect(r.json.status, `job ${id}`).toMatch(/^(completed|failed)$/);
      return r.json;
    },
    { timeout: 60_000, interval: 150 },
  );
}

async function storedText(chatbotId: string, path: string) {
  const r = await s.db.query<{ id: string; text: string }>('select id, text from webpages where chatbot_id = $1 and path = $2', [chatbotId, path]);
  const page = r.rows[0];
  const passages = await s.db.query<{ text: string }>('select text from passages where source_id = $1', [page.id]);
  return { text: page.text, passages: passages.rows.map((p) => p.text).join('\n') };
}

/** A spider job run directly with a changed configuration, read back through the API. */
async function crawlWith(env: Partial<typeof s.config>) {
  const chatbotId = await createChatbot(s, orgId, { url: base, lang: 'de' });
  const website = await createWebsite(s.db, { id: chatbotId, organization_id: orgId }, 'de', base);
  const job = await scrapeJobsRepo.create(s.db, { organizationId: orgId, chatbotId, websiteId: website.id, lang: 'de', type: 'spider', url: website.domain });
  await runScrapeJob({ db: s.db, config: { ...s.config, ...env } }, job.id);
  return { chatbotId, job: (await s.api('GET', `/api/v1/scrape-jobs/${job.id}`, { token })).json };
}

describe('pages whose content a script fills in', () => {
  it.skipIf(!hasChromium)('are rendered in a spider crawl: the script-written facts are indexed, hidden text and other hosts are not', async () => {
    const chatbotId = await createChatbot(s, orgId, { url: base, lang: 'de' });
    const r = await s.api('POST', '/api/v1/websites', { token, body: { chatbotId, lang: 'de', domain: base } });
    expect(r.status).toBe(201);
    const job = await waitForJob(r.json.job.id);
    expect(job.status).toBe('completed');
    expect(job.pagesTrained).toBe(3);
    // only the page with the script-filled list needed a browser
    expect(job.pagesRendered).toBe(1);
    expect(job.pagesMaybeIncomplete).toEqual([]);

    const { text, passages } = await storedText(chatbotId, '/veranstaltungen.html');
    for (const f of FACTS) {
      expect(text).toContain(f);
      expect(passages).toContain(f);
    }
    expect(text).toContain('Kulturhaus am Markt finden das ganze Jahr');
    // hidden by an inline style (static) and by the site's stylesheet (rendered)
    expect(text + passages).not.toMatch(/Kassensturz|Druckhinweis/);
    // the rendered page loaded its own script, data and styles, and nothing else anywhere
    expect(siteRequests).toEqual(expect.arrayContaining(['/js/termine.js', '/data/termine.json', '/css/site.css']));
    expect(thirdPartyConnections).toBe(0);
    // a plain page is stored from its static HTML
    expect((await storedText(chatbotId, '/haus.html')).text).toContain('Der große Saal fasst 240 Gäste');
  });

  it('with CRAWL_RENDER=off the crawl completes with the static text and reports the page as maybe incomplete', async () => {
    const { chatbotId, job } = await crawlWith({ CRAWL_RENDER: 'off' });
    expect(job.status).toBe('completed');
    expect(job.pagesTrained).toBe(3);
    expect(job.pagesRendered).toBe(0);
    expect(job.pagesMaybeIncomplete).toEqual([`${base}/veranstaltungen.html`]);
    expect(job.errorDetails.renderSkipped).toBe('off');
    const { text } = await storedText(chatbotId, '/veranstaltungen.html');
    expect(text).toContain('Kulturhaus am Markt finden das ganze Jahr');
    expect(text).not.toContain('Lesung mit Anna Berg');
    expect(text).not.toContain('Kassensturz');
    expect(thirdPartyConnections).toBe(0);
  });

  it('without Chromium the crawl completes too and says why the page may be incomplete', async () => {
    const missing = '/nonexistent/chromium-for-test';
    expect(fs.existsSync(missing)).toBe(false);
    const { job } = await crawlWith({ CHROMIUM_PATH: missing });
    expect(job.status).toBe('completed');
    expect(job.pagesTrained).toBe(3);
    expect(job.pagesMaybeIncomplete).toEqual([`${base}/veranstaltungen.html`]);
    expect(job.errorDetails.renderSkipped).toBe('noChromium');
  });

  it.skipIf(!hasChromium)('a browser that fails to start is reported the same way', async () => {
    const { job } = await crawlWith({ CHROMIUM_PATH: '/bin/false' });
    expect(job.status).toBe('completed');
    expect(job.pagesMaybeIncomplete).toEqual([`${base}/veranstaltungen.html`]);
    expect(job.errorDetails.renderSkipped).toBe('launchFailed');
  });
});
