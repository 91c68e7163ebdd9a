import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRecord } from '../../../../../contract/api/common.ts';
import { notFound } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import { createScrapeJobBody, scrapeJobFilter } from '../../../../../contract/api/training.ts';
import { SCRAPE_JOBS_SORTABLE, scrapeJobsRepo, toApiScrapeJob, type ScrapeJobRow } from '../../../training/scrapeJobs.ts';
import { scoped } from '../../../training/scope.ts';
import { queueScrapeJob, websiteFor, websiteInOrg } from '../../../training/websites.ts';

const scrapeJob = apiRecord('a crawl run: chatbotId, websiteId, type, status, pages added, changed and removed, pagesRendered, pagesMaybeIncomplete');

const params = z.object({ id: pathId });

/** Crawl runs: their type, status and what they added, changed and removed. */
export default async function scrapeJobsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = listQuery(scrapeJobFilter, { sortable: Object.keys(SCRAPE_JOBS_SORTABLE), defaultSort: ['createdAt', 'DESC'] });
  api.get('/scrape-jobs', { schema: { querystring: list, response: { 200: z.array(scrapeJob) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, SCRAPE_JOBS_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await scrapeJobsRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'scrape-jobs', rows.map(toApiScrapeJob), total, q.offset);
  });

  api.get('/scrape-jobs/:id', { schema: { params, response: { 200: scrapeJob } } }, async (req) =>
    toApiScrapeJob(await recordInOrg<ScrapeJobRow>(db, 'scrape_jobs', req.params.id, requireAuth(req).organizationId)),
  );

  api.post('/scrape-jobs', { schema: { body: createScrapeJobBody, response: { 202: scrapeJob } } }, async (req, reply) => {
    const body = req.body;
    const { bot, orgId } = await scoped(req, body.chatbotId);
    const site = body.websiteId
      ? await websiteInOrg(db, body.websiteId, orgId)
      : await websiteFor(db, bot, body.lang ?? bot.lang, body.url ?? body.urls?.[0] ?? bot.url);
    if (site.chatbot_id !== bot.id) throw notFound('Website');
    const job = await queueScrapeJob(app.ctx, site, { type: body.type, url: body.url ?? (['spider', 'sitemap'].includes(body.type) ? site.domain : null), urls: body.urls, scrapeSubsites: body.scrapeSubsites });
    return reply.status(202).send(toApiScrapeJob(job));
  });
}
