import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiObject, apiRecord } from '../../../../../contract/api/common.ts';
import { badRequest, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { WEBPAGES_SORTABLE, webpagesRepo } from '../../../repositories/webpages.ts';
import { websitesRepo } from '../../../repositories/websites.ts';
import { jsonParam, listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import {
  addWebpageBody, deleteWebpagesBody, trainWebpagesBody, updateWebpageBody, webpageFilter, webpageTreeFilter,
} from '../../../../../contract/api/training.ts';
import { toApiScrapeJob } from '../../../training/scrapeJobs.ts';
import { scoped } from '../../../training/scope.ts';
import {
  buildSiteTree, deleteWebpages, queueScrapeJob, toApiWebpage, webpageInOrg, websiteFor, websiteInOrg,
} from '../../../training/websites.ts';

const webpage = apiRecord('a page: chatbotId, websiteId, lang, url, title, characters, favorite, beingTrained, lastTrained (and its text when read by id)');
const scrapeJob = apiRecord('a queued scrape job: chatbotId, websiteId, type, status, counts');

const params = z.object({ id: pathId });

/** Pages of the chatbot's websites: list, tree, favorites, and training/deleting a selection. */
export default async function webpagesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = listQuery(webpageFilter, { sortable: Object.keys(WEBPAGES_SORTABLE), defaultSort: ['url', 'ASC'] });
  api.get('/webpages', { schema: { querystring: list, response: { 200: z.array(webpage) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, WEBPAGES_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await webpagesRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'webpages', rows.map((r) => toApiWebpage(r)), total, q.offset);
  });

  api.get('/webpages/tree', { schema: { querystring: z.object({ filter: jsonParam(webpageTreeFilter) }), response: { 200: z.array(apiObject('websiteId and the website\'s site tree { url, id, title, children }')) } } }, async (req) => {
    const f = req.query.filter;
    const { orgId } = await scoped(req, f.chatbotId);
    const sites = await websitesRepo.listDomains(db, orgId, f);
    const out = [];
    for (const s of sites) out.push({ websiteId: s.id, ...buildSiteTree(s.domain, await webpagesRepo.listForTree(db, s.id)) });
    return out;
  });

  api.get('/webpages/:id', { schema: { params, response: { 200: webpage } } }, async (req) => toApiWebpage(await webpageInOrg(db, req.params.id, requireAuth(req).organizationId), true));

  api.put('/webpages/:id', { schema: { params, response: { 200: webpage } }, config: { bodyCheckedAfterLookup: updateWebpageBody } }, async (req) => {
    const page = await webpageInOrg(db, req.params.id, requireAuth(req).organizationId);
    const body = parse(updateWebpageBody, req.body);
    return toApiWebpage(await webpagesRepo.setFavorite(db, page.id, body.favorite));
  });

  api.delete('/webpages/:id', { schema: { params, response: { 200: webpage } } }, async (req) => {
    const page = await webpageInOrg(db, req.params.id, requireAuth(req).organizationId);
    await deleteWebpages(db, page.organization_id, [page.id]);
    return toApiWebpage(page);
  });

  // Adds (and trains) one page, optionally with its subpages.
  api.post('/webpages', { schema: { body: addWebpageBody, response: { 202: scrapeJob } } }, async (req, reply) => {
    const body = req.body;
    const { bot } = await scoped(req, body.chatbotId);
    const site = await websiteFor(db, bot, body.lang ?? bot.lang, body.url);
    const job = await queueScrapeJob(app.ctx, site, { type: 'single', url: body.url, scrapeSubsites: body.scrapeSubsites });
    return reply.status(202).send(toApiScrapeJob(job));
  });

  /** Train a selection, all pages or the favorites: one selective job per website involved. */
  api.post('/webpages/train', { schema: { body: trainWebpagesBody, response: { 202: z.object({ jobs: z.array(scrapeJob) }) } } }, async (req, reply) => {
    const body = req.body;
    const { orgId } = await scoped(req, body.chatbotId);
    if (!body.ids && !body.favorites && !body.all) throw badRequest('ValidationFailed', 'Name pages: ids, all or favorites', [{ path: 'ids', message: 'required' }]);
    const pages = await webpagesRepo.listForTraining(db, orgId, body);
    if (!pages.length) throw badRequest('NoValidUrlsFound', 'No valid URLs found', { causes: [] });
    const bySite = new Map<string, string[]>();
    for (const p of pages) bySite.set(p.website_id, [...(bySite.get(p.website_id) ?? []), p.id]);
    const jobs = [];
    for (const [siteId, ids] of bySite) {
      const site = await websiteInOrg(db, siteId, orgId);
      jobs.push(await queueScrapeJob(app.ctx, site, { type: body.all && !body.ids ? 'rescrape' : 'selective', pageIds: ids }));
    }
    return reply.status(202).send({ jobs: jobs.map(toApiScrapeJob) });
  });

  api.post('/webpages/delete', { schema: { body: deleteWebpagesBody, response: { 200: z.object({ deleted: z.number(), ids: z.array(z.string()) }) } } }, async (req) => {
    const body = req.body;
    const { orgId } = await scoped(req, body.chatbotId);
    const ids = await webpagesRepo.idsInChatbot(db, orgId, body.chatbotId, body.ids);
    const deleted = await deleteWebpages(db, orgId, ids);
    return { deleted, ids };
  });
}
