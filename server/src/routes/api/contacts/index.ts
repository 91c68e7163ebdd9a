import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { contactFields } from '../../../services/contacts.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { refuseUnstorableText } from '../../../services/users.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { chatbotScope, idList, idParam, scoped } from '../../../training/scope.ts';
import type { Queryable } from '../../../db/index.ts';

interface ContactRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  name: string;
  email: string;
  phone: string;
  department: string;
  is_default: boolean;
  overrides_id: string | null;
  created_at: string;
}

const toApi = (c: ContactRow) => ({
  id: c.id, chatbotId: c.chatbot_id, name: c.name, email: c.email, phone: c.phone, department: c.department,
  isDefault: c.is_default, overridesId: c.overrides_id, createdAt: c.created_at,
});

const SORTABLE = { name: 'name', email: 'email', department: 'department', isDefault: 'is_default', createdAt: 'created_at', id: 'id' };
const fields = contactFields;

/** Handover contacts: the people the chatbot hands visitors to; one default, overrides per department. */
export default async function contactsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const byId = (id: string, orgId: string) => recordInOrg<ContactRow>(db, 'contacts', id, orgId);
  const checkOverride = async (tx: Queryable, chatbotId: string, selfId: string | null, overridesId: string | null | undefined) => {
    if (!overridesId) return;
    if (overridesId === selfId) throw badRequest('ValidationFailed', 'A contact cannot replace itself', [{ path: 'overridesId', message: 'self' }]);
    const r = await tx.query('select 1 from contacts where id = $1 and chatbot_id = $2', [overridesId, chatbotId]);
    if (!r.rows.length) throw badRequest('ValidationFailed', 'Unknown contact to replace', [{ path: 'overridesId', message: 'not found' }]);
  };

  app.get('/contacts', async (req, reply) => {
    const q = parseListQuery(req.query, {
      sortable: SORTABLE, defaultSort: ['name', 'ASC'],
      filter: z.object({ ...chatbotScope, q: z.string().max(200).optional(), department: z.string().optional(), id: idList.optional() }),
    });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    refuseUnstorableText(q.filter);
    const params: unknown[] = [orgId, q.filter.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (q.filter.department) where += ` and lower(department) = lower($${params.push(q.filter.department)})`;
    if (q.filter.q) where += ` and (name ilike $${params.push(`%${q.filter.q.replace(/[%_\\]/g, '\\$&')}%`)} or email ilike $${params.length} or department ilike $${params.length})`;
    if (q.filter.id) where += ` and id = any($${params.push(q.filter.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from contacts where ${where}`, params)).rows[0].n;
    const rows = await db.query<ContactRow>(`select * from contacts where ${where} order by ${q.orderBy}, id limit ${q.limit} offset ${q.offset}`, params);
    return sendList(reply, 'contacts', rows.rows.map(toApi), total, q.offset);
  });

  app.get('/contacts/:id', async (req) => toApi(await byId(idParam(req.params), requireAuth(req).organizationId)));

  app.post('/contacts', async (req, reply) => {
    const body = parse(z.strictObject({ ...chatbotScope, ...fields }), req.body);
    const { bot } = await scoped(req, body.chatbotId);
    refuseUnstorableText(body);
    const row = await db.transaction(async (tx) => {
      await checkOverride(tx, bot.id, null, body.overridesId);
      // The first contact is the default one; a new default replaces the old.
      const count = (await tx.query<{ n: number }>('select count(*)::int n from contacts where chatbot_id = $1', [bot.id])).rows[0].n;
      const isDefault = body.isDefault ?? count === 0;
      // The contact that loses the default flag is the customer's decision from now on (no longer synced from the wizard data).
      if (isDefault) await tx.query('update contacts set is_default = false, seeded_from_user = null where chatbot_id = $1 and is_default', [bot.id]);
      const r = await tx.query<ContactRow>(
        `insert into contacts (organization_id, chatbot_id, name, email, phone, department, is_default, overrides_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
        [bot.organization_id, bot.id, body.name, body.email, body.phone, body.department, isDefault, body.overridesId ?? null],
      );
      return r.rows[0];
    });
    return reply.status(201).send(toApi(row));
  });

  app.put('/contacts/:id', async (req) => {
    const cur = await byId(idParam(req.params), requireAuth(req).organizationId);
    // The whole record comes back from the dashboard: read-only fields are ignored, the others validated.
    const body = parse(z.object(fields), req.body);
    refuseUnstorableText(body);
    const row = await db.transaction(async (tx) => {
      await checkOverride(tx, cur.chatbot_id, cur.id, body.overridesId);
      if (body.isDefault && !cur.is_default)
        await tx.query('update contacts set is_default = false, seeded_from_user = null where chatbot_id = $1 and is_default', [cur.chatbot_id]);
      // An edited contact is the customer's: it no longer follows the personal data it was created from.
      const r = await tx.query<ContactRow>(
        `update contacts set name = $2, email = $3, phone = $4, department = $5, is_default = $6, overrides_id = $7, seeded_from_user = null
          where id = $1 returning *`,
        [cur.id, body.name, body.email, body.phone, body.department, body.isDefault ?? cur.is_default, body.overridesId === undefined ? cur.overrides_id : body.overridesId],
      );
      return r.rows[0];
    });
    return toApi(row);
  });

  app.delete('/contacts/:id', async (req) => {
    const cur = await byId(idParam(req.params), requireAuth(req).organizationId);
    await db.query('delete from contacts where id = $1', [cur.id]);
    return toApi(cur);
  });
}
