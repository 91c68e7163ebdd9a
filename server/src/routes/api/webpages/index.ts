import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { uuid } from '../../../schemas/contract.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { toApiScrapeJob } from '../../../training/scrapeJobs.ts';
import { chatbotScope, idList, idParam, idsBody, scoped } from '../../../training/scope.ts';
import {
  buildSiteTree, deleteWebpages, queueScrapeJob, toApiWebpage, webpageInOrg, websiteFor, websiteInOrg, type WebpageRow,
} from '../../../training/websites.ts';

const SORTABLE = {
  url: 'p.url', path: 'p.path', title: 'p.title', lastTrained: 'p.last_trained', favorite: 'p.favorite',
  createdAt: 'p.created_at', characters: 'p.characters', id: 'p.id',
};
const listFilter = z.object({
  ...chatbotScope,
  websiteId: uuid.optional(),
  favorite: z.boolean().optional(),
  beingTrained: z.boolean().optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
});
const COLUMNS = 'p.id, p.organization_id, p.chatbot_id, p.website_id, p.lang, p.url, p.path, p.title, p.characters, p.favorite, p.last_trained, p.training_job_id, p.created_at';

/** Pages of the chatbot's websites: list, tree, favorites, and training/deleting a selection. */
export default async function webpagesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/webpages', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: SORTABLE, defaultSort: ['url', 'ASC'], filter: listFilter });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const params: unknown[] = [orgId, q.filter.chatbotId];
    let where = 'p.organization_id = $1 and p.chatbot_id = $2';
    // A page belongs to the language of its website (a page may itself declare another language).
    if (q.filter.lang) where += ` and p.website_id in (select id from websites where chatbot_id = $2 and lang = $${params.push(q.filter.lang)})`;
    if (q.filter.websiteId) where += ` and p.website_id = $${params.push(q.filter.websiteId)}`;
    if (q.filter.favorite !== undefined) where += ` and p.favorite = $${params.push(q.filter.favorite)}`;
    if (q.filter.beingTrained !== undefined) where += ` and (p.training_job_id is not null) = $${params.push(q.filter.beingTrained)}`;
    if (q.filter.q) where += ` and (p.url ilike $${params.push(`%${q.filter.q.replace(/[%_\\]/g, '\\$&')}%`)} or p.title ilike $${params.length})`;
    if (q.filter.id) where += ` and p.id = any($${params.push(q.filter.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from webpages p where ${where}`, params)).rows[0].n;
    const rows = await db.query<WebpageRow>(
      `select ${COLUMNS} from webpages p where ${where} order by ${q.orderBy} nulls last, p.url limit ${q.limit} offset ${q.offset}`,
      params,
    );
    return sendList(reply, 'webpages', rows.rows.map((r) => toApiWebpage(r)), total, q.offset);
  });

  app.get('/webpages/tree', async (req) => {
    const f = parse(
      z.object({ filter: z.string().transform((s) => JSON.parse(s)).pipe(z.object({ ...chatbotScope, websiteId: uuid.optional() })) }),
      req.query,
    ).filter;
    const { orgId } = await scoped(req, f.chatbotId);
    const params: unknown[] = [orgId, f.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (f.lang) where += ` and lang = $${params.push(f.lang)}`;
    if (f.websiteId) where += ` and id = $${params.push(f.websiteId)}`;
    const sites = (await db.query<{ id: string; domain: string }>(`select id, domain from websites where ${where} order by domain`, params)).rows;
    const out = [];
    for (const s of sites) {
      const pages = await db.query<{ id: string; url: string; title: string }>('select id, url, title from webpages where website_id = $1', [s.id]);
      out.push({ websiteId: s.id, ...buildSiteTree(s.domain, pages.rows) });
    }
    return out;
  });

  app.get('/webpages/:id', async (req) => toApiWebpage(await webpageInOrg(db, idParam(req.params), requireAuth(req).organizationId), true));

  app.put('/webpages/:id', async (req) => {
    const page = await webpageInOrg(db, idParam(req.params), requireAuth(req).organizationId);
    // The dashboard's update sends the whole record back; only the favorite flag is the user's to change.
    const body = parse(z.object({ favorite: z.boolean() }), req.body);
    const r = await db.query<WebpageRow>(`update webpages p set favorite = $2 where id = $1 returning ${COLUMNS}`, [page.id, body.favorite]);
    return toApiWebpage(r.rows[0]);
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
    const params: unknown[] = [orgId, body.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (body.ids) where += ` and id = any($${params.push(body.ids)}::uuid[])`;
    else if (body.favorites) where += ' and favorite';
    else if (!body.all) throw badRequest('ValidationFailed', 'Name pages: ids, all or favorites', [{ path: 'ids', message: 'required' }]);
    if (body.websiteId) where += ` and website_id = $${params.push(body.websiteId)}`;
    if (body.lang) where += ` and website_id in (select id from websites where chatbot_id = $2 and lang = $${params.push(body.lang)})`;
    const pages = (await db.query<{ id: string; website_id: string }>(`select id, website_id from webpages where ${where} order by url`, params)).rows;
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
    const own = await db.query<{ id: string }>('select id from webpages where organization_id = $1 and chatbot_id = $2 and id = any($3::uuid[])', [orgId, body.chatbotId, body.ids]);
    const deleted = await deleteWebpages(db, orgId, own.rows.map((r) => r.id));
    return { deleted, ids: own.rows.map((r) => r.id) };
  });
}
