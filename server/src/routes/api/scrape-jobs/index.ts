import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { uuid } from '../../../schemas/contract.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { SCRAPE_JOBS_SORTABLE, scrapeJobsRepo, toApiScrapeJob, type ScrapeJobRow } from '../../../training/scrapeJobs.ts';
import { chatbotScope, idParam, scoped } from '../../../training/scope.ts';
import { queueScrapeJob, websiteFor, websiteInOrg } from '../../../training/websites.ts';

const TYPES = ['spider', 'sitemap', 'single', 'rescrape', 'selective'] as const;
const STATUSES = ['initialized', 'running', 'completed', 'failed'] as const;

/** Crawl runs: their type, status and what they added, changed and removed. */
export default async function scrapeJobsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/scrape-jobs', async (req, reply) => {
    const q = parseListQuery(req.query, {
      sortable: SCRAPE_JOBS_SORTABLE,
      defaultSort: ['createdAt', 'DESC'],
      filter: z.object({ ...chatbotScope, websiteId: uuid.optional(), status: z.enum(STATUSES).optional(), type: z.enum(TYPES).optional() }),
    });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await scrapeJobsRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'scrape-jobs', rows.map(toApiScrapeJob), total, q.offset);
  });

  app.get('/scrape-jobs/:id', async (req) =>
    toApiScrapeJob(await recordInOrg<ScrapeJobRow>(db, 'scrape_jobs', idParam(req.params), requireAuth(req).organizationId)),
  );

  app.post('/scrape-jobs', async (req, reply) => {
    const body = parse(
      z.strictObject({
        ...chatbotScope,
        type: z.enum(TYPES),
        websiteId: uuid.optional(),
        url: z.string().trim().min(1).max(2000).optional(),
        urls: z.array(z.string().max(2000)).max(5000).optional(),
        scrapeSubsites: z.boolean().optional(),
      }),
      req.body,
    );
    const { bot, orgId } = await scoped(req, body.chatbotId);
    const site = body.websiteId
      ? await websiteInOrg(db, body.websiteId, orgId)
      : await websiteFor(db, bot, body.lang ?? bot.lang, body.url ?? body.urls?.[0] ?? bot.url);
    if (site.chatbot_id !== bot.id) throw notFound('Website');
    const job = await queueScrapeJob(app.ctx, site, { type: body.type, url: body.url ?? (['spider', 'sitemap'].includes(body.type) ? site.domain : null), urls: body.urls, scrapeSubsites: body.scrapeSubsites });
    return reply.status(202).send(toApiScrapeJob(job));
  });
}
