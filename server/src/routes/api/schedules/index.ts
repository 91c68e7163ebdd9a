import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiObject, apiRecord, errorResponses } from '../../../../../contract/api/common.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { SCHEDULES_SORTABLE, schedulesRepo } from '../../../repositories/schedules.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import { createScheduleBody, nextRunsQuery, scheduleFilter, updateScheduleBody } from '../../../../../contract/api/training.ts';
import { scoped } from '../../../training/scope.ts';
import {
  DEFAULT_CRON, nextRunAfter, nextRuns, presetOf, SCHEDULE_PRESETS, toApiSchedule, type ScheduleRow,
} from '../../../training/schedules.ts';
import { webpageInOrg, websiteInOrg } from '../../../training/websites.ts';



const params = z.object({ id: pathId });
const schedule = apiRecord('chatbotId, websiteId, webpageId, lang, url, cron, preset, includeSubsites, status, nextRunAt');

/** Scheduled training per page or website: presets or a validated cron expression, run by pg-boss. */
export default async function schedulesRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const byId = (id: string, orgId: string) => recordInOrg<ScheduleRow>(db, 'training_schedules', id, orgId);
  /** preset wins over cron; neither means the default (every 1 January). */
  const cronOf = (b: { preset?: string | null; cron?: string | null }) => {
    const cron = b.preset ? SCHEDULE_PRESETS[b.preset as keyof typeof SCHEDULE_PRESETS] : (b.cron ?? DEFAULT_CRON).trim().replace(/\s+/g, ' ');
    nextRuns(cron, 1);
    return { cron, preset: presetOf(cron) };
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/schedules/presets', { schema: { response: { 200: z.array(z.object({ id: z.string(), cron: z.string(), nextRuns: z.array(z.string()) })) } } }, async () => Object.entries(SCHEDULE_PRESETS).map(([id, cron]) => ({ id, cron, nextRuns: nextRuns(cron, 3) })));

  api.get('/schedules/next-runs', { schema: { querystring: nextRunsQuery, response: { 200: apiObject('cron, preset, nextRuns (ISO instants, UTC)'), ...errorResponses('InvalidCron') } } }, async (req) => {
    const q = req.query;
    return { cron: q.cron, preset: presetOf(q.cron), nextRuns: nextRuns(q.cron, q.count) };
  });

  const list = listQuery(scheduleFilter, { sortable: Object.keys(SCHEDULES_SORTABLE), defaultSort: ['createdAt', 'DESC'] });
  api.get('/schedules', { schema: { querystring: list, response: { 200: z.array(schedule) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, SCHEDULES_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await schedulesRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'schedules', rows.map(toApiSchedule), total, q.offset);
  });

  api.get('/schedules/:id', { schema: { params, response: { 200: schedule } } }, async (req) => toApiSchedule(await byId(req.params.id, requireAuth(req).organizationId)));

  api.post('/schedules', { schema: { body: createScheduleBody, response: { 201: schedule, ...errorResponses('InvalidCron', 'NoDirectContent') } } }, async (req, reply) => {
    const body = req.body;
    const { orgId, bot } = await scoped(req, body.chatbotId);
    if (!body.websiteId && !body.webpageId) throw badRequest('ValidationFailed', 'Name a website or a page', [{ path: 'websiteId', message: 'required' }]);
    const page = body.webpageId ? await webpageInOrg(db, body.webpageId, orgId) : null;
    const site = await websiteInOrg(db, page?.website_id ?? body.websiteId!, orgId);
    if (site.chatbot_id !== bot.id) throw notFound('Website');
    // A page without text of its own has nothing to retrain unless its subpages are included.
    if (page && page.characters === 0 && !body.includeSubsites)
      throw badRequest('NoDirectContent', 'A URL without direct content cannot be trained', { url: page.url });
    const { cron, preset } = cronOf(body);
    const row = await schedulesRepo.create(db, {
      organizationId: orgId, chatbotId: bot.id, websiteId: site.id, webpageId: page?.id ?? null, lang: site.lang, url: page?.url ?? site.domain,
      cron, preset, includeSubsites: body.includeSubsites, status: body.status, nextRunAt: nextRunAfter(cron),
    });
    return reply.status(201).send(toApiSchedule(row));
  });

  api.put('/schedules/:id', { schema: { params, body: updateScheduleBody, response: { 200: schedule, ...errorResponses('InvalidCron') } } }, async (req) => {
    const cur = await byId(req.params.id, requireAuth(req).organizationId);
    const body = req.body;
    const { cron, preset } = cronOf({ preset: body.preset, cron: body.cron ?? body.interval ?? cur.cron });
    const row = await schedulesRepo.update(db, cur.id, {
      cron, preset, includeSubsites: body.includeSubsites ?? cur.include_subsites, status: body.status ?? cur.status, nextRunAt: nextRunAfter(cron),
    });
    return toApiSchedule(row);
  });

  api.delete('/schedules/:id', { schema: { params, response: { 200: schedule } } }, async (req) => {
    const cur = await byId(req.params.id, requireAuth(req).organizationId);
    await schedulesRepo.remove(db, cur.id);
    return toApiSchedule(cur);
  });
}
