import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { WEBPAGES_SORTABLE, webpagesRepo } from '../../../repositories/webpages.ts';
import { websitesRepo } from '../../../repositories/websites.ts';
import { uuid } from '../../../schemas/contract.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { toApiScrapeJob } from '../../../training/scrapeJobs.ts';
import { chatbotScope, idList, idParam, idsBody, scoped } from '../../../training/scope.ts';
import {
  buildSiteTree, deleteWebpages, queueScrapeJob, toApiWebpage, webpageInOrg, websiteFor, websiteInOrg,
} from '../../../training/websites.ts';

const listFilter = z.object({
  ...chatbotScope,
  websiteId: uuid.optional(),
  favorite: z.boolean().optional(),
  beingTrained: z.boolean().optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
});

/** Pages of the chatbot's websites: list, tree, favorites, and training/deleting a selection. */
export default async function webpagesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/webpages', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: WEBPAGES_SORTABLE, defaultSort: ['url', 'ASC'], filter: listFilter });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await webpagesRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'webpages', rows.map((r) => toApiWebpage(r)), total, q.offset);
  });

  app.get('/webpages/tree', async (req) => {
    const f = parse(
      z.object({ filter: z.string().transform((s) => JSON.parse(s)).pipe(z.object({ ...chatbotScope, websiteId: uuid.optional() })) }),
      req.query,
    ).filter;
    const { orgId } = await scoped(req, f.chatbotId);
    const sites = await websitesRepo.listDomains(db, orgId, f);
    const out = [];
    for (const s of sites) out.push({ websiteId: s.id, ...buildSiteTree(s.domain, await webpagesRepo.listForTree(db, s.id)) });
    return out;
  });

  app.get('/webpages/:id', async (req) => toApiWebpage(await webpageInOrg(db, idParam(req.params), requireAuth(req).organizationId), true));

  app.put('/webpages/:id', async (req) => {
    const page = await webpageInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    // The dashboard's update sends the whole record back; only the favorite flag is the user's to change.
    const body = parse(z.object({ favorite: z.boolean() }), req.body);
    return toApiWebpage(await webpagesRepo.setFavorite(db, page.id, body.favorite));
  });

  app.delete('/webpages/:id', async (req) => {
    const page = await webpageInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    await deleteWebpages(db, page.organization_id, [page.id]);
    return toApiWebpage(page);
  });

  // Adds (and trains) one page, optionally with its subpages.
  app.post('/webpages', async (req, reply) => {
    const body = parse(z.strictObject({ ...chatbotScope, url: z.string().trim().min(1).max(2000), scrapeSubsites: z.boolean().default(false) }), req.body);
    const { bot } = await scoped(req, body.chatbotId);
    const site = await websiteFor(db, bot, body.lang ?? bot.lang, body.url);
    const job = await queueScrapeJob(app.ctx, site, { type: 'single', url: body.url, scrapeSubsites: body.scrapeSubsites });
    return reply.status(202).send(toApiScrapeJob(job));
  });

  /** Train a selection, all pages or the favorites: one selective job per website involved. */
  app.post('/webpages/train', async (req, reply) => {
    const body = parse(
      z.strictObject({ ...chatbotScope, ids: idsBody.optional(), all: z.boolean().optional(), favorites: z.boolean().optional(), websiteId: uuid.optional() }),
      req.body,
    );
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

  app.post('/webpages/delete', async (req) => {
    const body = parse(z.strictObject({ ...chatbotScope, ids: idsBody }), req.body);
    const { orgId } = await scoped(req, body.chatbotId);
    const ids = await webpagesRepo.idsInChatbot(db, orgId, body.chatbotId, body.ids);
    const deleted = await deleteWebpages(db, orgId, ids);
    return { deleted, ids };
  });
}
