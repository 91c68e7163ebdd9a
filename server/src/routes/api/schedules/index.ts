import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { SCHEDULES_SORTABLE, schedulesRepo } from '../../../repositories/schedules.ts';
import { uuid } from '../../../schemas/contract.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { chatbotScope, idList, idParam, scoped } from '../../../training/scope.ts';
import {
  DEFAULT_CRON, nextRunAfter, nextRuns, presetOf, SCHEDULE_PRESETS, toApiSchedule, type ScheduleRow,
} from '../../../training/schedules.ts';
import { webpageInOrg, websiteInOrg } from '../../../training/websites.ts';

const presetEnum = z.enum(Object.keys(SCHEDULE_PRESETS) as [keyof typeof SCHEDULE_PRESETS]);

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

  app.get('/schedules/presets', async () => Object.entries(SCHEDULE_PRESETS).map(([id, cron]) => ({ id, cron, nextRuns: nextRuns(cron, 3) })));

  app.get('/schedules/next-runs', async (req) => {
    const q = parse(z.object({ cron: z.string().min(1).max(200), count: z.coerce.number().int().min(1).max(20).default(5) }), req.query);
    return { cron: q.cron, preset: presetOf(q.cron), nextRuns: nextRuns(q.cron, q.count) };
  });

  app.get('/schedules', async (req, reply) => {
    const q = parseListQuery(req.query, {
      sortable: SCHEDULES_SORTABLE, defaultSort: ['createdAt', 'DESC'],
      filter: z.object({ ...chatbotScope, websiteId: uuid.optional(), webpageId: uuid.optional(), id: idList.optional() }),
    });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await schedulesRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'schedules', rows.map(toApiSchedule), total, q.offset);
  });

  app.get('/schedules/:id', async (req) => toApiSchedule(await byId(idParam(req.params), requireAuth(req).organizationId)));

  app.post('/schedules', async (req, reply) => {
    const body = parse(
      z.strictObject({
        ...chatbotScope,
        websiteId: uuid.optional(),
        webpageId: uuid.optional(),
        preset: presetEnum.nullable().optional(),
        cron: z.string().max(200).nullable().optional(),
        includeSubsites: z.boolean().default(false),
        status: z.enum(['active', 'paused']).default('active'),
      }),
      req.body,
    );
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

  app.put('/schedules/:id', async (req) => {
    const cur = await byId(idParam(req.params), requireAuth(req).organizationId);
    const body = parse(
      z.object({
        preset: presetEnum.nullable().optional(),
        cron: z.string().max(200).nullable().optional(),
        interval: z.string().max(200).optional(),
        includeSubsites: z.boolean().optional(),
        status: z.enum(['active', 'paused']).optional(),
      }),
      req.body,
    );
    const { cron, preset } = cronOf({ preset: body.preset, cron: body.cron ?? body.interval ?? cur.cron });
    const row = await schedulesRepo.update(db, cur.id, {
      cron, preset, includeSubsites: body.includeSubsites ?? cur.include_subsites, status: body.status ?? cur.status, nextRunAt: nextRunAfter(cron),
    });
    return toApiSchedule(row);
  });

  app.delete('/schedules/:id', async (req) => {
    const cur = await byId(idParam(req.params), requireAuth(req).organizationId);
    await schedulesRepo.remove(db, cur.id);
    return toApiSchedule(cur);
  });
}
