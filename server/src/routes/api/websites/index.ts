import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../errors.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRecord, described, errorResponses } from '../../../../../contract/api/common.ts';
import { createWebsiteBody, websiteFilter } from '../../../../../contract/api/training.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { webpagesRepo } from '../../../repositories/webpages.ts';
import { WEBSITES_SORTABLE, websitesRepo, type WebsiteWithStats } from '../../../repositories/websites.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import { toApiScrapeJob } from '../../../training/scrapeJobs.ts';
import { langOr, scoped } from '../../../training/scope.ts';
import {
  alreadyCrawled, buildSiteTree, createWebsite, deleteWebsite, queueScrapeJob, websiteInOrg, type WebsiteRow,
} from '../../../training/websites.ts';
import { assertPoolLanguage } from '../../../services/languages.ts';

const params = z.object({ id: pathId });
const siteTree = described<object>(
  z.looseObject({ url: z.string(), id: z.string().nullable(), title: z.string().optional(), children: z.array(z.unknown()) }),
  'the site: pages nested by path segments; folders without a page of their own have id null',
);
const website = apiRecord('chatbotId, lang, domain, createdAt, pages, lastTrained, beingTrained');
const scrapeJob = apiRecord('a queued scrape job: chatbotId, websiteId, type, status, counts');

const toApi = (w: WebsiteWithStats) => ({
  id: w.id, chatbotId: w.chatbot_id, lang: w.lang, domain: w.domain, createdAt: w.created_at,
  pages: w.pages ?? 0, lastTrained: w.last_trained ?? null, beingTrained: (w.being_trained ?? 0) > 0,
});

/** Websites (domains per language) and the whole-site actions. */
export default async function websitesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const list = listQuery(websiteFilter, { sortable: Object.keys(WEBSITES_SORTABLE), defaultSort: ['domain', 'ASC'] });

  api.get('/websites', { schema: { querystring: list, response: { 200: z.array(website) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, WEBSITES_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await websitesRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'websites', rows.map(toApi), total, q.offset);
  });

  api.get('/websites/:id', { schema: { params, response: { 200: website } } }, async (req) => {
    const site = await websiteInOrg(db, req.params.id, requireAuth(req).organizationId);
    return toApi(await websitesRepo.withStats(db, site.id));
  });

  api.post('/websites', {
    schema: {
      body: createWebsiteBody,
      response: { 201: website.describe('the website, with job (the queued scrape job or null), adoptedPages, alreadyCrawled'), ...errorResponses('LanguageNotAvailable', 'UrlAlreadyAdded', 'PlanLimitReached', 'TrainingLimitReached') },
    },
  }, async (req, reply) => {
    const body = req.body;
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

  api.delete('/websites/:id', { schema: { params, response: { 200: z.object({ id: z.string() }) } } }, async (req) => {
    const site = await websiteInOrg(db, req.params.id, requireAuth(req).organizationId);
    await deleteWebsite(db, site);
    return { id: site.id };
  });

  api.get('/websites/:id/tree', { schema: { params, response: { 200: siteTree } } }, async (req) => {
    const site = await websiteInOrg(db, req.params.id, requireAuth(req).organizationId);
    return buildSiteTree(site.domain, await webpagesRepo.listForTree(db, site.id));
  });

  // Whole-site actions; each answers 202 with the queued scrape job.
  const action = (path: string, opts: Parameters<typeof queueScrapeJob>[2] | ((site: WebsiteRow) => Parameters<typeof queueScrapeJob>[2])) =>
    api.post(`/websites/:id/${path}`, { schema: { params, response: { 202: scrapeJob, ...errorResponses('TrainingLimitReached') } } }, async (req, reply) => {
      const site = await websiteInOrg(db, req.params.id, requireAuth(req).organizationId);
      const job = await queueScrapeJob(app.ctx, site, typeof opts === 'function' ? opts(site) : opts);
      return reply.status(202).send(toApiScrapeJob(job));
    });
  action('retrain', (s) => ({ type: 'spider', url: s.domain, removeMissing: true }));
  action('collect', (s) => ({ type: 'spider', url: s.domain, onlyNew: true }));
  action('sitemap', (s) => ({ type: 'sitemap', url: s.domain }));
  action('train-all', { type: 'rescrape' });
  api.post('/websites/:id/train-favorites', { schema: { params, response: { 202: scrapeJob, ...errorResponses('NoValidUrlsFound', 'TrainingLimitReached') } } }, async (req, reply) => {
    const site = await websiteInOrg(db, req.params.id, requireAuth(req).organizationId);
    const fav = await webpagesRepo.favoriteIdsOfWebsite(db, site.id);
    if (!fav.length) throw badRequest('NoValidUrlsFound', 'No favorite pages', { causes: [] });
    const job = await queueScrapeJob(app.ctx, site, { type: 'selective', pageIds: fav });
    return reply.status(202).send(toApiScrapeJob(job));
  });
}
