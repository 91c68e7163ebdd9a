import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { toApiScrapeJob } from '../../../training/scrapeJobs.ts';
import { chatbotScope, idList, idParam, langOr, scoped } from '../../../training/scope.ts';
import {
  alreadyCrawled, buildSiteTree, createWebsite, deleteWebsite, queueScrapeJob, websiteInOrg, type WebsiteRow,
} from '../../../training/websites.ts';
import { assertPoolLanguage } from '../../../services/languages.ts';
import { refuseUnstorableText } from '../../../services/users.ts';

const SORTABLE = { domain: 'w.domain', createdAt: 'w.created_at', lang: 'w.lang', id: 'w.id' };

const createBody = z.strictObject({
  ...chatbotScope,
  domain: z.string().trim().min(1).max(2000),
  /** How to collect the pages right away: follow links, read the sitemap, only the given page, or not yet. */
  crawl: z.enum(['spider', 'sitemap', 'single', 'none']).default('spider'),
});

type Row = WebsiteRow & { pages: number; last_trained: string | null; being_trained: number };
const toApi = (w: Row) => ({
  id: w.id, chatbotId: w.chatbot_id, lang: w.lang, domain: w.domain, createdAt: w.created_at,
  pages: w.pages ?? 0, lastTrained: w.last_trained ?? null, beingTrained: (w.being_trained ?? 0) > 0,
});
const SELECT = `select w.*, (select count(*)::int from webpages p where p.website_id = w.id) as pages,
  (select max(p.last_trained) from webpages p where p.website_id = w.id) as last_trained,
  (select count(*)::int from webpages p where p.website_id = w.id and p.training_job_id is not null) +
  (select count(*)::int from scrape_jobs j where j.website_id = w.id and j.status in ('initialized', 'running')) as being_trained
  from websites w`;

/** Websites (domains per language) and the whole-site actions. */
export default async function websitesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/websites', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: SORTABLE, defaultSort: ['domain', 'ASC'], filter: z.object({ ...chatbotScope, id: idList.optional() }) });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    refuseUnstorableText(q.filter);
    const params: unknown[] = [orgId, q.filter.chatbotId];
    let where = 'w.organization_id = $1 and w.chatbot_id = $2';
    if (q.filter.lang) where += ` and w.lang = $${params.push(q.filter.lang)}`;
    if (q.filter.id) where += ` and w.id = any($${params.push(q.filter.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from websites w where ${where}`, params)).rows[0].n;
    const rows = await db.query<Row>(`${SELECT} where ${where} order by ${q.orderBy}, w.id limit ${q.limit} offset ${q.offset}`, params);
    return sendList(reply, 'websites', rows.rows.map(toApi), total, q.offset);
  });

  app.get('/websites/:id', async (req) => {
    const site = await websiteInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    return toApi((await db.query<Row>(`${SELECT} where w.id = $1`, [site.id])).rows[0]);
  });

  app.post('/websites', async (req, reply) => {
    const body = parse(createBody, req.body);
    const { bot } = await scoped(req, body.chatbotId);
    const lang = langOr(body.lang, bot);
    assertPoolLanguage(lang);
    const site = await db.transaction((tx) => createWebsite(tx, bot, lang, body.domain));
    // A site already collected for another language (the wizard's crawl, say) is not crawled again: its pages
    // are stored once per chatbot with their own language, and createWebsite has moved those in this
    // website's language here. "Collect new subpages" or "retrain" on this website look for more.
    const skip = body.crawl === 'none' || (await alreadyCrawled(db, site));
    const job = skip ? null : await queueScrapeJob(app.ctx, site, { type: body.crawl as Exclude<typeof body.crawl, 'none'>, url: site.domain });
    const row = (await db.query<Row>(`${SELECT} where w.id = $1`, [site.id])).rows[0];
    return reply.status(201).send({
      ...toApi(row),
      job: job && toApiScrapeJob(job),
      adoptedPages: site.adopted,
      alreadyCrawled: body.crawl !== 'none' && !job,
    });
  });

  app.delete('/websites/:id', async (req) => {
    const site = await websiteInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    await deleteWebsite(db, site);
    return { id: site.id };
  });

  app.get('/websites/:id/tree', async (req) => {
    const site = await websiteInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    const pages = await db.query<{ id: string; url: string; title: string }>('select id, url, title from webpages where website_id = $1', [site.id]);
    return buildSiteTree(site.domain, pages.rows);
  });

  // Whole-site actions; each answers 202 with the queued scrape job.
  const action = (path: string, opts: Parameters<typeof queueScrapeJob>[2] | ((site: WebsiteRow) => Parameters<typeof queueScrapeJob>[2])) =>
    app.post(`/websites/:id/${path}`, async (req, reply) => {
      const site = await websiteInOrg(db, idParam(req.params), requireAuth(req).organizationId);
      const job = await queueScrapeJob(app.ctx, site, typeof opts === 'function' ? opts(site) : opts);
      return reply.status(202).send(toApiScrapeJob(job));
    });
  action('retrain', (s) => ({ type: 'spider', url: s.domain, removeMissing: true }));
  action('collect', (s) => ({ type: 'spider', url: s.domain, onlyNew: true }));
  action('sitemap', (s) => ({ type: 'sitemap', url: s.domain }));
  action('train-all', { type: 'rescrape' });
  app.post('/websites/:id/train-favorites', async (req, reply) => {
    const site = await websiteInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    const fav = await db.query<{ id: string }>('select id from webpages where website_id = $1 and favorite', [site.id]);
    if (!fav.rows.length) return reply.status(400).send({ error: 'NoValidUrlsFound', message: 'No favorite pages', details: { causes: [] } });
    const job = await queueScrapeJob(app.ctx, site, { type: 'selective', pageIds: fav.rows.map((r) => r.id) });
    return reply.status(202).send(toApiScrapeJob(job));
  });
}
