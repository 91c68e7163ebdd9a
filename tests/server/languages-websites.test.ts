import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { startHttp, waitFor } from './fakeServers.ts';

/**
 * A site in German and English: the wizard crawls it once for German (English pages are stored with
 * their own language); adding English and the website for English neither fetches nor stores nor
 * counts those pages again, and lists the English pages under English.
 */
let s: TestServer;
let site: Awaited<ReturnType<typeof startHttp>>;
const pagesOfSite: Record<string, string> = {};
const page = (lang: string, title: string, body: string, links: string[]) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body>
<main><h1>${title}</h1><p>${body}</p><p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</p></main></body></html>`;
function resetSite() {
  for (const k of Object.keys(pagesOfSite)) delete pagesOfSite[k];
  Object.assign(pagesOfSite, {
    '/': page('de', 'Ferienhaus am See', 'Unser Ferienhaus liegt direkt am Ufer des Sees und bietet Platz für sechs Gäste.', ['/preise.html', '/anreise.html', '/en/']),
    '/preise.html': page('de', 'Preise', 'Eine Übernachtung kostet in der Hauptsaison 120 Euro, in der Nebensaison 90 Euro.', ['/']),
    '/anreise.html': page('de', 'Anreise', 'Vom Bahnhof fährt stündlich ein Bus bis zur Haltestelle Seeblick.', ['/']),
    '/en/': page('en', 'Holiday home by the lake', 'Our holiday home lies right on the lake shore and sleeps six guests.', ['/en/prices.html', '/en/arrival.html', '/']),
    '/en/prices.html': page('en', 'Prices', 'A night costs 120 euros in high season and 90 euros in low season.', ['/en/']),
    '/en/arrival.html': page('en', 'Getting here', 'An hourly bus runs from the station to the Seeblick stop.', ['/en/']),
  });
}
const ENGLISH = ['/en/', '/en/arrival.html', '/en/prices.html'];
const GERMAN = ['/', '/anreise.html', '/preise.html'];
const N = 6;

beforeAll(async () => {
  resetSite();
  site = await startHttp((req, _body, res) => {
    const html = pagesOfSite[new URL(req.url ?? '/', 'http://x').pathname];
    res.statusCode = html ? 200 : 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html ?? 'not found');
  });
  s = await startTestServer({ CRAWL_MAX_DEPTH: '3' });
  // A plan whose page limit the site fits exactly once, with room for two languages.
  await s.db.query(`insert into plans values ('fits6', 'Fits six', 0, 'EUR', 'month', 2, ${N}, 3, 100, true, true, false, 9) on conflict do nothing`);
});
afterAll(async () => {
  await s?.close();
  await site?.close();
});

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const pathsOf = (list: { path: string }[]) => list.map((p) => p.path).sort();
const pageFetches = () => site.requests.filter((r) => !r.url.startsWith('/robots.txt')).length;

async function customer() {
  const u = await s.createUser();
  await s.db.query(`update subscriptions set plan_id = 'fits6', status = 'active' where organization_id = $1`, [u.user.organization_id]);
  const api = (method: string, p: string, body?: unknown) => s.api(method, p, { token: u.token, body });
  const usage = async () =>
    (await s.db.query<{ pages: number }>('select coalesce(sum(pages), 0)::int as pages from training_usage where organization_id = $1', [u.user.organization_id])).rows[0].pages;
  return { ...u, api, usage };
}
type Customer = Awaited<ReturnType<typeof customer>>;

async function wizard(c: Customer) {
  expect((await c.api('PATCH', `/api/v1/users/${c.user.id}`, { firstName: 'Erika', lastName: 'Muster', company: 'Seehaus', phone: '+49 30 123456', preferredLanguage: 'de' })).status).toBe(200);
  const created = await c.api('POST', '/api/v1/chatbots', { organizationId: c.user.organization_id, url: site.url, lang: 'de' });
  expect(created.status).toBe(201);
  const bot = created.json.id as string;
  const done = await waitFor(async () => {
    const v = await c.api('GET', `/api/v1/chatbots/${bot}/verify`);
    return v.json.initialSetup === 'completed' || v.json.initialSetup === 'failed' ? v.json : null;
  }, 60_000, 50);
  expect(done.initialSetup).toBe('completed');
  return bot;
}

async function listPages(c: Customer, filter: Record<string, unknown>) {
  const r = await c.api('GET', `/api/v1/webpages?filter=${q(filter)}&range=${q([0, 99])}&sort=${q(['url', 'ASC'])}`);
  expect(r.status).toBe(200);
  return r.json as Array<{ id: string; url: string; path: string; lang: string; websiteId: string }>;
}
async function listSites(c: Customer, filter: Record<string, unknown>) {
  const r = await c.api('GET', `/api/v1/websites?filter=${q(filter)}`);
  expect(r.status).toBe(200);
  return r.json as Array<{ id: string; lang: string; domain: string; pages: number }>;
}
async function waitForJob(c: Customer, id: string) {
  return waitFor(async () => {
    const r = await c.api('GET', `/api/v1/scrape-jobs/${id}`);
    return r.json.status === 'completed' || r.json.status === 'failed' ? r.json : null;
  }, 45_000, 100);
}
const rowCount = async (bot: string) =>
  (await s.db.query<{ n: number; urls: number }>('select count(*)::int n, count(distinct url)::int urls from webpages where chatbot_id = $1', [bot])).rows[0];

describe('adding a language and its website after the wizard crawl', () => {
  let c: Customer;
  let bot: string;
  let deSite: string;
  let enSite: string;

  it('the wizard crawl stores every page once, English pages with their own language', async () => {
    c = await customer();
    bot = await wizard(c);
    expect(await rowCount(bot)).toEqual({ n: N, urls: N });
    const all = await listPages(c, { chatbotId: bot, lang: 'de' });
    expect(pathsOf(all)).toEqual([...GERMAN, ...ENGLISH].sort());
    for (const p of all) expect(p.lang).toBe(ENGLISH.includes(p.path) ? 'en' : 'de');
    expect(await c.usage()).toBe(N);
    [{ id: deSite }] = await listSites(c, { chatbotId: bot, lang: 'de' });
  });

  it('adding English fetches nothing and leaves the pages their language', async () => {
    const fetches = pageFetches();
    const r = await c.api('POST', `/api/v1/languages/${bot}`, { lang: 'en' });
    expect(r.status).toBe(201);
    expect(r.json.map((l: { lang: string }) => l.lang)).toEqual(['de', 'en']);
    expect(pageFetches()).toBe(fetches);
    const langs = (await s.db.query<{ lang: string; n: number }>('select lang, count(*)::int n from webpages where chatbot_id = $1 group by lang order by lang', [bot])).rows;
    expect(langs).toEqual([{ lang: 'de', n: 3 }, { lang: 'en', n: 3 }]);
  });

  it('the website for English takes over the English pages: no crawl, no new rows, no trainings, listed under English', async () => {
    const fetches = pageFetches();
    const used = await c.usage();
    const r = await c.api('POST', '/api/v1/websites', { chatbotId: bot, lang: 'en', domain: site.url });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ lang: 'en', job: null, adoptedPages: 3, alreadyCrawled: true, pages: 3 });
    enSite = r.json.id;
    // Only a scrape job fetches pages, and the server decides on one before it answers: none was queued
    // (job: null above, none listed), so no fetch can still follow and the counts below are final.
    const jobs = await c.api('GET', `/api/v1/scrape-jobs?filter=${q({ chatbotId: bot, websiteId: enSite })}`);
    expect(jobs.json).toEqual([]);
    expect(pageFetches()).toBe(fetches);
    expect(await rowCount(bot)).toEqual({ n: N, urls: N });
    expect(await c.usage()).toBe(used);

    // English screen: the English website with the English pages; German screen: the German ones.
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'en' }))).toEqual(ENGLISH);
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'en', websiteId: enSite }))).toEqual(ENGLISH);
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'de', websiteId: deSite }))).toEqual(GERMAN);
    expect((await listSites(c, { chatbotId: bot, lang: 'en' })).map((w) => [w.id, w.pages])).toEqual([[enSite, 3]]);
    expect((await listSites(c, { chatbotId: bot, lang: 'de' })).map((w) => [w.id, w.pages])).toEqual([[deSite, 3]]);
    const tree = await c.api('GET', `/api/v1/websites/${enSite}/tree`);
    expect(tree.json.children.map((n: { url: string }) => n.url)).toEqual([`${site.url}/en/`]);
    // The same site in English again, also written differently, is the website already added.
    for (const domain of [site.url, `${site.url}/`, site.url.replace('http:', 'https:')]) {
      const dup = await c.api('POST', '/api/v1/websites', { chatbotId: bot, lang: 'en', domain });
      expect(dup.status, domain).toBe(409);
      expect(dup.json.error).toBe('UrlAlreadyAdded');
    }
  });

  it('explicit crawls of either website meet the pages already stored: no duplicates, no page limit, nothing retrained that did not change', async () => {
    const used = await c.usage();
    for (const id of [enSite, deSite]) {
      const r = await c.api('POST', `/api/v1/websites/${id}/retrain`);
      expect(r.status).toBe(202);
      const job = await waitForJob(c, r.json.id);
      expect(job).toMatchObject({ status: 'completed', pagesAdded: 0, pagesChanged: 0, pagesUnchanged: N, pagesRemoved: 0, limitReached: null });
    }
    expect(await c.usage()).toBe(used);
    expect(await rowCount(bot)).toEqual({ n: N, urls: N });
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'en', websiteId: enSite }))).toEqual(ENGLISH);
  });

  it('a changed English page met by the German crawl is retrained in place, on its one row under English', async () => {
    const before = (await listPages(c, { chatbotId: bot, lang: 'en' })).find((p) => p.path === '/en/prices.html')!;
    pagesOfSite['/en/prices.html'] = page('en', 'Prices', 'From May a night costs 130 euros in high season.', ['/en/']);
    const used = await c.usage();
    const r = await c.api('POST', `/api/v1/websites/${deSite}/retrain`);
    const job = await waitForJob(c, r.json.id);
    expect(job).toMatchObject({ status: 'completed', pagesAdded: 0, pagesChanged: 1, limitReached: null });
    expect(await c.usage()).toBe(used + 1);
    const after = (await listPages(c, { chatbotId: bot, lang: 'en' })).find((p) => p.path === '/en/prices.html')!;
    expect(after).toMatchObject({ id: before.id, websiteId: enSite, lang: 'en' });
    const text = await c.api('GET', `/api/v1/webpages/${after.id}`);
    expect(text.json.text).toContain('130 euros');
    const passages = await s.db.query<{ n: number }>(`select count(*)::int n from passages where source_id = $1 and text like '%130 euros%'`, [after.id]);
    expect(passages.rows[0].n).toBeGreaterThan(0);
  });

  it('a new English page found by the German crawl is stored under English', async () => {
    await s.db.query(`update plans set max_webpages = $1 where id = 'fits6'`, [N + 1]);
    pagesOfSite['/en/'] = pagesOfSite['/en/'].replace('</main>', '<a href="/en/boats.html">Boats</a></main>');
    pagesOfSite['/en/boats.html'] = page('en', 'Boats', 'Guests may use the rowing boat free of charge.', ['/en/']);
    const r = await c.api('POST', `/api/v1/websites/${deSite}/collect`);
    const job = await waitForJob(c, r.json.id);
    expect(job).toMatchObject({ status: 'completed', pagesAdded: 1 });
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'en', websiteId: enSite }))).toEqual([...ENGLISH, '/en/boats.html'].sort());
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'de', websiteId: deSite }))).toEqual(GERMAN);
    expect(await rowCount(bot)).toEqual({ n: N + 1, urls: N + 1 });
  });

  it('deleting a page of one language leaves the other language alone', async () => {
    const boats = (await listPages(c, { chatbotId: bot, lang: 'en' })).find((p) => p.path === '/en/boats.html')!;
    expect((await c.api('DELETE', `/api/v1/webpages/${boats.id}`)).status).toBe(200);
    expect(await rowCount(bot)).toEqual({ n: N, urls: N });
    expect(pathsOf(await listPages(c, { chatbotId: bot, lang: 'de', websiteId: deSite }))).toEqual(GERMAN);
  });
});

describe('a website of the same language for a folder of a site already collected', () => {
  it('is crawled as before (nothing to take over) and meets the stored pages without a second row or a second count', async () => {
    resetSite();
    const c = await customer();
    const bot = await wizard(c);
    const used = await c.usage();
    const r = await c.api('POST', '/api/v1/websites', { chatbotId: bot, lang: 'de', domain: `${site.url}/en/` });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ adoptedPages: 0, alreadyCrawled: false, job: { type: 'spider' } });
    const job = await waitForJob(c, r.json.job.id);
    expect(job).toMatchObject({ status: 'completed', pagesAdded: 0, pagesUnchanged: 3, limitReached: null });
    expect(await c.usage()).toBe(used);
    expect(await rowCount(bot)).toEqual({ n: N, urls: N });
  });
});

describe('a page found through two website rows before the fix', () => {
  it('the migration merges the duplicates onto one row (the one in the page\'s language), keeping favorite and schedules', async () => {
    const c = await customer();
    const org = c.user.organization_id;
    const bot = (await s.db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://dup.example', 'de', 'completed') returning id`, [org])).rows[0].id;
    const site = async (lang: string) =>
      (await s.db.query<{ id: string }>(`insert into websites(organization_id, chatbot_id, lang, domain) values ($1, $2, $3, 'https://dup.example/') returning id`, [org, bot, lang])).rows[0].id;
    const de = await site('de');
    const en = await site('en');
    await s.db.exec('drop index webpages_chatbot_url');
    const add = async (websiteId: string, url: string, lang: string, favorite = false) =>
      (await s.db.query<{ id: string }>(
        `insert into webpages(organization_id, chatbot_id, website_id, lang, url, path, text, favorite) values ($1, $2, $3, $4, $5, '/', 'x', $6) returning id`,
        [org, bot, websiteId, lang, url, favorite],
      )).rows[0].id;
    const enUnderDe = await add(de, 'https://dup.example/en/', 'en', true);
    const enUnderEn = await add(en, 'https://dup.example/en/', 'en');
    const deUnderDe = await add(de, 'https://dup.example/', 'de');
    const deUnderEn = await add(en, 'https://dup.example/', 'de');
    await s.db.query(`insert into passages(organization_id, chatbot_id, lang, source_type, source_id, ord, text, tsv) values ($1, $2, 'en', 'webpage', $3, 0, 'x', ''::tsvector)`, [org, bot, enUnderDe]);
    await s.db.query(`insert into training_schedules(organization_id, chatbot_id, website_id, webpage_id, lang, url, cron) values ($1, $2, $3, $4, 'de', 'https://dup.example/en/', '0 0 1 1 *')`, [org, bot, de, enUnderDe]);

    const sql = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/migrations/061_webpages_once_per_chatbot.sql'), 'utf8');
    await s.db.transaction((tx) => tx.exec(sql));

    const rows = (await s.db.query<{ id: string; url: string; website_id: string; favorite: boolean }>('select id, url, website_id, favorite from webpages where chatbot_id = $1 order by url', [bot])).rows;
    expect(rows).toEqual([
      { id: deUnderDe, url: 'https://dup.example/', website_id: de, favorite: false },
      { id: enUnderEn, url: 'https://dup.example/en/', website_id: en, favorite: true },
    ]);
    expect(rows.map((r) => r.id)).not.toContain(deUnderEn);
    const orphan = await s.db.query('select 1 from passages where source_id = $1', [enUnderDe]);
    expect(orphan.rows).toEqual([]);
    const sched = await s.db.query<{ webpage_id: string }>('select webpage_id from training_schedules where chatbot_id = $1', [bot]);
    expect(sched.rows).toEqual([{ webpage_id: enUnderEn }]);
    // The unique index is back: a second row for the URL is refused by the database.
    await expect(add(de, 'https://dup.example/en/', 'en')).rejects.toThrow();
  });
});

describe('bad input on websites and languages', () => {
  it('400 for bad bodies and filters, 404 for another tenant, never 500', async () => {
    resetSite();
    await s.db.query(`update plans set max_webpages = $1 where id = 'fits6'`, [N]);
    const a = await customer();
    const b = await customer();
    const bot = await wizard(a);
    const [deSite] = await listSites(a, { chatbotId: bot });
    const good = { chatbotId: bot, lang: 'de', domain: 'https://other.example' };
    for (const [body, key] of [
      [{ ...good, lang: 'xx' }, 'LanguageNotAvailable'],
      [{ ...good, lang: 'd\u0000' }, 'ValidationFailed'],
      [{ ...good, domain: '' }, 'ValidationFailed'],
      [{ ...good, domain: 42 }, 'ValidationFailed'],
      [{ ...good, domain: 'https://a\u0000b.example' }, 'ValidationFailed'],
      [{ ...good, domain: 'https://x.example/#top' }, 'ValidationFailed'],
      [{ ...good, crawl: 'everything' }, 'ValidationFailed'],
      [{ ...good, extra: 1 }, 'ValidationFailed'],
      [{ domain: 'https://x.example' }, 'ValidationFailed'],
    ] as const) {
      const r = await a.api('POST', '/api/v1/websites', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error).toBe(key);
    }
    expect((await a.api('GET', `/api/v1/websites?filter=${q({ chatbotId: bot, lang: 'd\u0000' })}`)).status).toBe(400);
    expect((await a.api('GET', `/api/v1/websites?filter=${q({ chatbotId: bot, lang: 5 })}`)).status).toBe(400);
    for (const body of [{}, { lang: '' }, { lang: 5 }, { lang: 'e\u0000' }, { lang: 'xx' }]) {
      const r = await a.api('POST', `/api/v1/languages/${bot}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await a.api('PATCH', `/api/v1/languages/${bot}/${encodeURIComponent('d\u0000e')}`, { isDefault: true })).status).toBe(404);
    expect((await a.api('DELETE', `/api/v1/languages/${bot}/${encodeURIComponent('d\u0000e')}`)).status).toBe(404);
    expect((await a.api('DELETE', `/api/v1/languages/${bot}/en`)).status).toBe(404);

    // Another tenant's chatbot and website.
    for (const [m, p, body] of [
      ['POST', '/api/v1/websites', { chatbotId: bot, lang: 'en', domain: site.url }],
      ['GET', `/api/v1/websites?filter=${q({ chatbotId: bot })}`],
      ['GET', `/api/v1/websites/${deSite.id}`],
      ['DELETE', `/api/v1/websites/${deSite.id}`],
      ['POST', `/api/v1/websites/${deSite.id}/collect`],
      ['POST', `/api/v1/languages/${bot}`, { lang: 'en' }],
      ['GET', `/api/v1/languages/${bot}`],
      ['PATCH', `/api/v1/languages/${bot}/de`, { isDefault: true }],
      ['DELETE', `/api/v1/languages/${bot}/de`],
    ] as const) {
      const r = await b.api(m, p, body);
      expect(r.status, `${m} ${p}`).toBe(404);
    }
    expect((await listSites(a, { chatbotId: bot })).length).toBe(1);
    expect(await rowCount(bot)).toEqual({ n: N, urls: N });
  });
});
