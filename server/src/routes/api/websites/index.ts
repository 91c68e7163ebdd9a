import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { webpagesRepo } from '../../../repositories/webpages.ts';
import { WEBSITES_SORTABLE, websitesRepo, type WebsiteWithStats } from '../../../repositories/websites.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { toApiScrapeJob } from '../../../training/scrapeJobs.ts';
import { chatbotScope, idList, idParam, langOr, scoped } from '../../../training/scope.ts';
import {
  alreadyCrawled, buildSiteTree, createWebsite, deleteWebsite, queueScrapeJob, websiteInOrg, type WebsiteRow,
} from '../../../training/websites.ts';
import { assertPoolLanguage } from '../../../services/languages.ts';
import { refuseUnstorableText } from '../../../services/users.ts';

const createBody = z.strictObject({
  ...chatbotScope,
  domain: z.string().trim().min(1).max(2000),
  /** How to collect the pages right away: follow links, read the sitemap, only the given page, or not yet. */
  crawl: z.enum(['spider', 'sitemap', 'single', 'none']).default('spider'),
});

const toApi = (w: WebsiteWithStats) => ({
  id: w.id, chatbotId: w.chatbot_id, lang: w.lang, domain: w.domain, createdAt: w.created_at,
  pages: w.pages ?? 0, lastTrained: w.last_trained ?? null, beingTrained: (w.being_trained ?? 0) > 0,
});

/** Websites (domains per language) and the whole-site actions. */
export default async function websitesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/websites', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: WEBSITES_SORTABLE, defaultSort: ['domain', 'ASC'], filter: z.object({ ...chatbotScope, id: idList.optional() }) });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    refuseUnstorableText(q.filter);
    const { total, rows } = await websitesRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'websites', rows.map(toApi), total, q.offset);
  });

  app.get('/websites/:id', async (req) => {
    const site = await websiteInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    return toApi(await websitesRepo.withStats(db, site.id));
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
    const row = await websitesRepo.withStats(db, site.id);
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
    return buildSiteTree(site.domain, await webpagesRepo.listForTree(db, site.id));
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
    const fav = await webpagesRepo.favoriteIdsOfWebsite(db, site.id);
    if (!fav.length) return reply.status(400).send({ error: 'NoValidUrlsFound', message: 'No favorite pages', details: { causes: [] } });
    const job = await queueScrapeJob(app.ctx, site, { type: 'selective', pageIds: fav });
    return reply.status(202).send(toApiScrapeJob(job));
  });
}
