import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { startTrainingSite } from './trainingSite.ts';
import { retrieve } from '../../server/src/services/retrieval.ts';
import { dispatchDueSchedules } from '../../server/src/training/schedules.ts';
import { runInitialSetup } from '../../server/src/jobs/initialSetup.ts';

let s: TestServer;
let site: Awaited<ReturnType<typeof startTrainingSite>>;
let token: string;
let orgId: string;
let chatbotId: string;
let websiteId: string;
let failedSiteId: string;

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** The job once it has ended, completed or failed. */
function waitForJob(id: string, t = token) {
  return vi.waitFor(
    async () => {
      const r = await s.api('GET', `/api/v1/scrape-jobs/${id}`, { token: t });
      expect(r.status).toBe(200);
      expect(r.json.status, `job ${id}`).toMatch(/^(completed|failed)$/);
      return r.json;
    },
    { timeout: 45_000, interval: 150 },
  );
}

async function pages(extra: Record<string, unknown> = {}, t = token, bot = chatbotId) {
  const r = await s.api('GET', `/api/v1/webpages?filter=${q({ chatbotId: bot, ...extra })}&range=${q([0, 99])}&sort=${q(['url', 'ASC'])}`, { token: t });
  expect(r.status).toBe(200);
  return r.json as Array<{ id: string; url: string; path: string; title: string; lang: string; lastTrained: string; beingTrained: boolean; favorite: boolean }>;
}

beforeAll(async () => {
  site = await startTrainingSite();
  s = await startTestServer({ CRAWL_MAX_DEPTH: '3', CRAWL_MAX_PAGE_MB: '1', CRAWL_PAGE_TIMEOUT_MS: '3000' });
  const u = await s.createUser();
  token = u.token;
  orgId = u.user.organization_id;
  chatbotId = await createChatbot(s, orgId, { url: site.base, lang: 'de' });
});
afterAll(async () => {
  await s?.close();
  await site?.close();
});

describe('spider crawl of a local website', () => {
  it('adds a website and crawls it: robots, redirect, duplicate, canonical, language, bounds', async () => {
    const r = await s.api('POST', '/api/v1/websites', { token, body: { chatbotId, lang: 'de', domain: site.base } });
    expect(r.status).toBe(201);
    expect(r.json.domain).toBe(`${site.base}/`);
    expect(r.json.job.type).toBe('spider');
    expect(r.json.job.status).toBe('initialized');
    websiteId = r.json.id;
    const job = await waitForJob(r.json.job.id);
    expect(job.status).toBe('completed');

    const list = await pages();
    const paths = list.map((p) => p.path).sort();
    expect(paths).toEqual(['/', '/en/shipping.html', '/endless/1', '/endless/2', '/endless/3', '/kontakt.html', '/versand.html']);
    // robots.txt: the disallowed folder is never requested; non-HTML links are not fetched.
    expect(site.requests).not.toContain('/private/geheim.html');
    expect(site.requests).not.toContain('/katalog.pdf');
    // depth bound: the endless chain stops at CRAWL_MAX_DEPTH
    expect(site.requests).not.toContain('/endless/4');
    expect(job.pagesAdded).toBe(7);
    expect(job.pagesFailed).toBeGreaterThanOrEqual(1); // the oversize page
    const en = list.find((p) => p.path === '/en/shipping.html')!;
    expect(en.lang).toBe('en');
    expect(list.find((p) => p.path === '/versand.html')!.lang).toBe('de');
    expect(list.every((p) => p.lastTrained && !p.beingTrained)).toBe(true);
  });

  it('stores the main content without navigation, header, footer or cookie banner', async () => {
    const v = (await pages()).find((p) => p.path === '/versand.html')!;
    const r = await s.api('GET', `/api/v1/webpages/${v.id}`, { token });
    expect(r.json.title).toBe('Versand');
    expect(r.json.text).toContain('Die Lieferzeit beträgt drei bis fünf Werktage');
    expect(r.json.text).not.toMatch(/Cookies|Impressum|Hotline|Akzeptieren/);
  });

  it('retrieves the right page for a German and an English question', async () => {
    const de = await retrieve(s.db, { chatbotId, lang: 'de', question: 'Wie lange dauert die Lieferzeit?' });
    expect(de[0].source.type).toBe('webpage');
    expect(de[0].source.url).toBe(`${site.base}/versand.html`);
    expect(de[0].text).toContain('Werktage');
    expect(de[0].score).toBeGreaterThan(0);
    const en = await retrieve(s.db, { chatbotId, lang: 'en', question: 'How long does delivery take?' });
    expect(en[0].source.url).toBe(`${site.base}/en/shipping.html`);
    expect(await retrieve(s.db, { chatbotId, lang: 'de', question: 'Quantenchromodynamik' })).toEqual([]);
  });

  it.each([
    ['PostgreSQL candidates', 'off'],
    ['its postings index', 'wait'],
  ] as const)('ranks a large chatbot from %s the same way (in-memory index bound lowered to 1 unit)', async (_, postings) => {
    const large = { maxInMemoryUnits: 1, postings };
    const de = await retrieve(s.db, { chatbotId, lang: 'de', question: 'Wie lange dauert die Lieferzeit?' }, large);
    expect(de[0].source.url).toBe(`${site.base}/versand.html`);
    expect(de[0].coverage).toBeGreaterThan(0);
    const en = await retrieve(s.db, { chatbotId, lang: 'en', question: 'How long does delivery take?' }, large);
    expect(en[0].source.url).toBe(`${site.base}/en/shipping.html`);
    expect(await retrieve(s.db, { chatbotId, lang: 'de', question: 'Quantenchromodynamik' }, large)).toEqual([]);
  });

  it('lists, sorts and filters pages and builds the site tree', async () => {
    const byUrlDesc = await s.api('GET', `/api/v1/webpages?filter=${q({ chatbotId, lang: 'de' })}&sort=${q(['url', 'DESC'])}&range=${q([0, 1])}`, { token });
    expect(byUrlDesc.headers.get('content-range')).toBe('webpages 0-1/7');
    expect(byUrlDesc.json[0].path).toBe('/versand.html');
    const v = (await pages()).find((p) => p.path === '/versand.html')!;
    const fav = await s.api('PUT', `/api/v1/webpages/${v.id}`, { token, body: { ...v, favorite: true } });
    expect(fav.json.favorite).toBe(true);
    const favs = await pages({ favorite: true });
    expect(favs.map((p) => p.path)).toEqual(['/versand.html']);
    const bad = await s.api('GET', `/api/v1/webpages?filter=${q({ chatbotId })}&sort=${q(['text', 'ASC'])}`, { token });
    expect(bad.status).toBe(400);
    const tree = await s.api('GET', `/api/v1/websites/${websiteId}/tree`, { token });
    expect(tree.json.url).toBe(`${site.base}/`);
    expect(tree.json.id).toBeTruthy();
    const enNode = tree.json.children.find((c: { url: string }) => c.url === `${site.base}/en/`);
    expect(enNode.id).toBeNull();
    expect(enNode.children[0]).toMatchObject({ url: `${site.base}/en/shipping.html`, children: [] });
  });
});

describe('other job types', () => {
  it('sitemap: reads the sitemap index named in robots.txt; known pages are unchanged', async () => {
    const r = await s.api('POST', `/api/v1/websites/${websiteId}/sitemap`, { token });
    expect(r.status).toBe(202);
    const job = await waitForJob(r.json.id);
    expect(job.type).toBe('sitemap');
    expect(job.status).toBe('completed');
    expect(site.requests).toContain('/sitemap-seiten.xml');
    expect(job.pagesUnchanged).toBe(4); // /, versand, kontakt (via /alt too), en/shipping
    expect(job.pagesAdded).toBe(0);
    expect(site.requests).not.toContain('/private/geheim.html');
  });

  it('single: adds one page that nothing links to', async () => {
    const r = await s.api('POST', '/api/v1/webpages', { token, body: { chatbotId, lang: 'de', url: `${site.base}/neu.html` } });
    expect(r.status).toBe(202);
    const job = await waitForJob(r.json.id);
    expect(job).toMatchObject({ type: 'single', status: 'completed', pagesAdded: 1 });
    expect((await pages()).map((p) => p.path)).toContain('/neu.html');
  });

  it('rescrape: a changed page is reindexed and a vanished page removed', async () => {
    site.pages['/versand.html'] = site.chrome('Versand', '<main><h1>Versand</h1><p>Neu: Die Lieferzeit beträgt jetzt nur einen Werktag per Kurier.</p></main>');
    site.pages['/versand-kopie.html'] = site.pages['/versand.html']; // still a duplicate of the changed page
    site.pages['/neu.html'] = null;
    const r = await s.api('POST', `/api/v1/websites/${websiteId}/train-all`, { token });
    expect(r.json.type).toBe('rescrape');
    const job = await waitForJob(r.json.id);
    expect(job.status).toBe('completed');
    expect(job.pagesChanged).toBe(1);
    expect(job.pagesRemoved).toBe(1);
    expect((await pages()).map((p) => p.path)).not.toContain('/neu.html');
    const de = await retrieve(s.db, { chatbotId, lang: 'de', question: 'Kurier Werktag' });
    expect(de[0].text).toContain('per Kurier');
    const old = await s.db.query(`select count(*)::int n from passages where chatbot_id = $1 and text like '%drei bis fünf Werktage innerhalb%'`, [chatbotId]);
    expect(old.rows[0]).toEqual({ n: 0 });
  });

  it('selective: trains a selection; favorites; pages are marked as being trained until done', async () => {
    const list = await pages();
    const kontakt = list.find((p) => p.path === '/kontakt.html')!;
    const r = await s.api('POST', '/api/v1/webpages/train', { token, body: { chatbotId, ids: [kontakt.id] } });
    expect(r.status).toBe(202);
    expect(r.json.jobs[0].type).toBe('selective');
    const marked = await s.db.query<{ training_job_id: string | null }>('select training_job_id from webpages where id = $1', [kontakt.id]);
    const job = await waitForJob(r.json.jobs[0].id);
    expect(job).toMatchObject({ status: 'completed', pagesUnchanged: 1, pagesFound: 1 });
    // marked at queue time (unless the worker was already done), released at the end
    expect([null, r.json.jobs[0].id]).toContain(marked.rows[0].training_job_id);
    expect((await pages()).find((p) => p.id === kontakt.id)!.beingTrained).toBe(false);
    const fav = await s.api('POST', `/api/v1/websites/${websiteId}/train-favorites`, { token });
    expect((await waitForJob(fav.json.id)).urls).toEqual([`${site.base}/versand.html`]);
  });

  it('collect new subpages: only pages not known yet are added', async () => {
    site.pages['/'] = site.pages['/']!.replace('</main>', '<a href="/zubehoer.html">Zubehör</a></main>');
    site.pages['/zubehoer.html'] = site.chrome('Zubehör', '<main><p>Helme, Schlösser und Körbe für jedes Rad.</p></main>');
    const r = await s.api('POST', `/api/v1/websites/${websiteId}/collect`, { token });
    const job = await waitForJob(r.json.id);
    expect(job).toMatchObject({ status: 'completed', pagesAdded: 1, pagesChanged: 0 });
    expect((await pages()).map((p) => p.path)).toContain('/zubehoer.html');
  });

  it('reports "no valid URLs found" with causes for an address that does not answer', async () => {
    const r = await s.api('POST', '/api/v1/websites', { token, body: { chatbotId, lang: 'de', domain: 'http://localhost:9/' } });
    expect(r.status).toBe(201);
    const job = await waitForJob(r.json.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('NoValidUrlsFound');
    expect(job.errorDetails.causes).toEqual(expect.arrayContaining(['wrongAddress', 'wwwPrefixNeeded']));
    const dup = await s.api('POST', '/api/v1/websites', { token, body: { chatbotId, lang: 'de', domain: 'http://localhost:9/' } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe('UrlAlreadyAdded');
    failedSiteId = r.json.id;
  });

  it('lists scrape jobs with their types and statuses', async () => {
    const r = await s.api('GET', `/api/v1/scrape-jobs?filter=${q({ chatbotId })}&range=${q([0, 49])}`, { token });
    const types = new Set(r.json.map((j: { type: string }) => j.type));
    expect([...types].sort()).toEqual(['rescrape', 'selective', 'single', 'sitemap', 'spider']);
    expect(new Set(r.json.map((j: { status: string }) => j.status))).toEqual(new Set(['completed', 'failed']));
    const del = await s.api('DELETE', `/api/v1/websites/${failedSiteId}`, { token });
    expect(del.status).toBe(200);
    const after = await s.api('GET', `/api/v1/websites?filter=${q({ chatbotId })}`, { token });
    expect(after.json.map((w: { id: string }) => w.id)).toEqual([websiteId]);
  });
});

describe('plan limits', () => {
  it('stops at the plan\'s maximum of webpages and reports the rest', async () => {
    await s.db.query(`insert into plans values ('tiny', 'Tiny', 0, 'EUR', 'month', 1, 3, 2, 10, false, false, false, 9) on conflict do nothing`);
    const u = await s.createUser();
    await s.db.query(`update subscriptions set plan_id = 'tiny' where organization_id = $1`, [u.user.organization_id]);
    const bot = await createChatbot(s, u.user.organization_id, { url: site.base });
    const r = await s.api('POST', '/api/v1/websites', { token: u.token, body: { chatbotId: bot, lang: 'de', domain: site.base } });
    const job = await waitForJob(r.json.job.id, u.token);
    expect(job.status).toBe('completed');
    expect(job.pagesAdded).toBe(3);
    expect(job.limitReached).toBe('maxWebpages');
    expect(job.notTrained.length).toBeGreaterThan(0);
    expect((await pages({}, u.token, bot)).length).toBe(3);
  });

  it('trains in order until the monthly training cycles are used up, then refuses new runs', async () => {
    const u = await s.createUser();
    await s.db.query(`update subscriptions set plan_id = 'tiny' where organization_id = $1`, [u.user.organization_id]);
    // tiny: 3 pages × 2 cycles = 6 page trainings a month; 4 already used.
    await s.db.query(`insert into training_usage values ($1, date_trunc('month', now())::date, 4)`, [u.user.organization_id]);
    const bot = await createChatbot(s, u.user.organization_id, { url: site.base });
    const r = await s.api('POST', '/api/v1/websites', { token: u.token, body: { chatbotId: bot, lang: 'de', domain: site.base, crawl: 'sitemap' } });
    const job = await waitForJob(r.json.job.id, u.token);
    expect(job.pagesTrained).toBe(2);
    expect(job.limitReached).toBe('monthlyTrainingCycles');
    expect(job.notTrained.length).toBeGreaterThanOrEqual(1);
    const again = await s.api('POST', `/api/v1/websites/${r.json.id}/train-all`, { token: u.token });
    expect(again.status).toBe(403);
    expect(again.json.error).toBe('TrainingLimitReached');
  });
});

describe('scheduled training', () => {
  it('offers presets, validates cron with next runs, and refuses a page without content', async () => {
    const presets = await s.api('GET', '/api/v1/schedules/presets', { token });
    expect(presets.json.map((p: { id: string }) => p.id)).toEqual(['yearly', 'monthly', 'weekly', 'daily', 'saturday']);
    expect(presets.json[0].cron).toBe('0 0 1 1 *');
    expect(presets.json[0].nextRuns[0]).toMatch(/-01-01T00:00:00.000Z$/);
    const next = await s.api('GET', `/api/v1/schedules/next-runs?cron=${encodeURIComponent('30 2 * * 1-5')}&count=3`, { token });
    expect(next.json.nextRuns).toHaveLength(3);
    expect(new Date(next.json.nextRuns[0]).getUTCHours()).toBe(2);
    const bad = await s.api('GET', `/api/v1/schedules/next-runs?cron=${encodeURIComponent('61 * * * *')}`, { token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('InvalidCron');
    await s.db.query(`insert into webpages (organization_id, chatbot_id, website_id, lang, url, path) values ($1, $2, $3, 'de', $4, '/leer.html')`, [orgId, chatbotId, websiteId, `${site.base}/leer.html`]);
    const empty = (await pages()).find((p) => p.path === '/leer.html')!;
    const refused = await s.api('POST', '/api/v1/schedules', { token, body: { chatbotId, webpageId: empty.id } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('NoDirectContent');
  });

  it('a site schedule defaults to every 1 January and its due run reports added, changed and removed', async () => {
    const r = await s.api('POST', '/api/v1/schedules', { token, body: { chatbotId, websiteId, includeSubsites: true } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ cron: '0 0 1 1 *', preset: 'yearly', status: 'active', includeSubsites: true });
    site.pages['/zubehoer.html'] = null; // vanishes
    site.pages['/kontakt.html'] = site.chrome('Kontakt', '<main><p>Neue Öffnungszeiten: samstags 10 bis 14 Uhr.</p></main>');
    site.pages['/'] = site.pages['/']!.replace('</main>', '<a href="/team.html">Team</a></main>');
    site.pages['/team.html'] = site.chrome('Team', '<main><p>Unser Team besteht aus fünf Mechanikern.</p></main>');
    await s.db.query(`update training_schedules set next_run_at = now() - interval '1 minute' where id = $1`, [r.json.id]);
    expect(await dispatchDueSchedules(s.app.ctx)).toBe(1);
    expect(await dispatchDueSchedules(s.app.ctx)).toBe(0); // claimed once
    const sched = await vi.waitFor(
      async () => {
        const found = (await s.api('GET', `/api/v1/schedules/${r.json.id}`, { token })).json;
        expect(found.lastJobId).toBeTruthy();
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    const job = await waitForJob(sched.lastJobId);
    expect(job).toMatchObject({ status: 'completed', pagesAdded: 1, pagesChanged: 2 }); // kontakt, and / with its new link
    expect(job.pagesRemoved).toBeGreaterThanOrEqual(2); // zubehoer and the empty /leer.html
    expect(new Date(sched.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    const upd = await s.api('PUT', `/api/v1/schedules/${r.json.id}`, { token, body: { preset: 'saturday' } });
    expect(upd.json.cron).toBe('0 0 * * 6');
    expect(new Date(upd.json.nextRuns[0]).getUTCDay()).toBe(6);
  });
});

describe('initial setup', () => {
  it("crawls the chatbot's website in its language (https falling back to http) and reports progress", async () => {
    const u = await s.createUser();
    const bot = await createChatbot(s, u.user.organization_id, { url: site.base.replace('http:', 'https:'), lang: 'de' });
    await s.db.query(`update chatbots set initial_setup = 'pending' where id = $1`, [bot]);
    await runInitialSetup(s.app.ctx, bot);
    const row = (await s.db.query<{ initial_setup: string; initial_setup_progress: { pagesFound: number; pagesTrained: number } }>('select * from chatbots where id = $1', [bot])).rows[0];
    expect(row.initial_setup).toBe('completed');
    expect(row.initial_setup_progress.pagesTrained).toBeGreaterThanOrEqual(5);
    expect(row.initial_setup_progress.pagesFound).toBeGreaterThanOrEqual(row.initial_setup_progress.pagesTrained);
    const list = await pages({ lang: 'de' }, u.token, bot);
    expect(list.length).toBe(row.initial_setup_progress.pagesTrained);
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'de', question: 'Welche Fahrräder verkaufen Sie?' });
    expect(hits[0].source.url).toBe(`${site.base}/`);
  });
});

describe('tenancy', () => {
  it("answers another tenant's ids with 404", async () => {
    const other = await s.createUser();
    const page = (await pages())[0];
    for (const [m, p, body] of [
      ['GET', `/api/v1/webpages?filter=${q({ chatbotId })}`],
      ['GET', `/api/v1/webpages/${page.id}`],
      ['PUT', `/api/v1/webpages/${page.id}`, { favorite: true }],
      ['DELETE', `/api/v1/webpages/${page.id}`],
      ['GET', `/api/v1/websites/${websiteId}`],
      ['POST', `/api/v1/websites/${websiteId}/retrain`],
      ['GET', `/api/v1/websites/${websiteId}/tree`],
      ['POST', '/api/v1/webpages/delete', { chatbotId, ids: [page.id] }],
      ['POST', '/api/v1/websites', { chatbotId, domain: 'https://x.test' }],
    ] as const) {
      const r = await s.api(m, p, { token: other.token, body });
      expect(r.status, `${m} ${p}`).toBe(404);
    }
  });

  it('deletes a selection together with its passages', async () => {
    const list = await pages();
    const ids = list.slice(0, 2).map((p) => p.id);
    const r = await s.api('POST', '/api/v1/webpages/delete', { token, body: { chatbotId, ids } });
    expect(r.json.deleted).toBe(2);
    const left = await s.db.query(`select count(*)::int n from passages where source_id = any($1::uuid[])`, [ids]);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});
