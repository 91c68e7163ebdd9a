import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { uuid } from '../../../schemas/contract.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { chatbotScope, idList, idParam, scoped } from '../../../training/scope.ts';
import {
  DEFAULT_CRON, nextRunAfter, nextRuns, presetOf, SCHEDULE_PRESETS, toApiSchedule, type ScheduleRow,
} from '../../../training/schedules.ts';
import { webpageInOrg, websiteInOrg } from '../../../training/websites.ts';

const SORTABLE = { url: 'url', createdAt: 'created_at', lastRunAt: 'last_run_at', status: 'status', id: 'id' };
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
      sortable: SORTABLE, defaultSort: ['createdAt', 'DESC'],
      filter: z.object({ ...chatbotScope, websiteId: uuid.optional(), webpageId: uuid.optional(), id: idList.optional() }),
    });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const params: unknown[] = [orgId, q.filter.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (q.filter.lang) where += ` and lang = $${params.push(q.filter.lang)}`;
    if (q.filter.websiteId) where += ` and website_id = $${params.push(q.filter.websiteId)}`;
    if (q.filter.webpageId) where += ` and webpage_id = $${params.push(q.filter.webpageId)}`;
    if (q.filter.id) where += ` and id = any($${params.push(q.filter.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from training_schedules where ${where}`, params)).rows[0].n;
    const rows = await db.query<ScheduleRow>(`select * from training_schedules where ${where} order by ${q.orderBy}, id limit ${q.limit} offset ${q.offset}`, params);
    return sendList(reply, 'schedules', rows.rows.map(toApiSchedule), total, q.offset);
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
    const r = await db.query<ScheduleRow>(
      `insert into training_schedules (organization_id, chatbot_id, website_id, webpage_id, lang, url, cron, preset, include_subsites, status, next_run_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
      [orgId, bot.id, site.id, page?.id ?? null, site.lang, page?.url ?? site.domain, cron, preset, body.includeSubsites, body.status, nextRunAfter(cron)],
    );
    return reply.status(201).send(toApiSchedule(r.rows[0]));
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
    const r = await db.query<ScheduleRow>(
      'update training_schedules set cron = $2, preset = $3, include_subsites = $4, status = $5, next_run_at = $6 where id = $1 returning *',
      [cur.id, cron, preset, body.includeSubsites ?? cur.include_subsites, body.status ?? cur.status, nextRunAfter(cron)],
    );
    return toApiSchedule(r.rows[0]);
  });

  app.delete('/schedules/:id', async (req) => {
    const cur = await byId(idParam(req.params), requireAuth(req).organizationId);
    await db.query('delete from training_schedules where id = $1', [cur.id]);
    return toApiSchedule(cur);
  });
}
