import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRecord } from '../../../../../contract/api/common.ts';
import { badRequest, parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { contactFields } from '../../../services/contacts.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { refuseUnstorableText } from '../../../services/users.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import { contactFilter } from '../../../../../contract/api/training.ts';
import { chatbotScope, scoped } from '../../../training/scope.ts';
import type { Queryable } from '../../../db/index.ts';
import { CONTACTS_SORTABLE, contactsRepo, type ContactRow } from '../../../repositories/contacts.ts';

const contact = apiRecord('a handover contact: chatbotId, name, email, phone, department, isDefault, overridesId, createdAt');

const toApi = (c: ContactRow) => ({
  id: c.id, chatbotId: c.chatbot_id, name: c.name, email: c.email, phone: c.phone, department: c.department,
  isDefault: c.is_default, overridesId: c.overrides_id, createdAt: c.created_at,
});

const fields = contactFields;

/** Handover contacts: the people the chatbot hands visitors to; one default, overrides per department. */
export default async function contactsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const byId = (id: string, orgId: string) => recordInOrg<ContactRow>(db, 'contacts', id, orgId);
  const checkOverride = async (tx: Queryable, chatbotId: string, selfId: string | null, overridesId: string | null | undefined) => {
    if (!overridesId) return;
    if (overridesId === selfId) throw badRequest('ValidationFailed', 'A contact cannot replace itself', [{ path: 'overridesId', message: 'self' }]);
    if (!(await contactsRepo.existsInChatbot(tx, overridesId, chatbotId))) throw badRequest('ValidationFailed', 'Unknown contact to replace', [{ path: 'overridesId', message: 'not found' }]);
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: pathId });
  const list = listQuery(contactFilter, { sortable: Object.keys(CONTACTS_SORTABLE), defaultSort: ['name', 'ASC'] });
  api.get('/contacts', { schema: { querystring: list, response: { 200: z.array(contact) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, CONTACTS_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    refuseUnstorableText(q.filter);
    const { total, rows } = await contactsRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'contacts', rows.map(toApi), total, q.offset);
  });

  api.get('/contacts/:id', { schema: { params, response: { 200: contact } } }, async (req) => toApi(await byId(req.params.id, requireAuth(req).organizationId)));

  api.post('/contacts', { schema: { body: z.strictObject({ ...chatbotScope, ...fields }), response: { 201: contact } } }, async (req, reply) => {
    const body = req.body;
    const { bot } = await scoped(req, body.chatbotId);
    refuseUnstorableText(body);
    const row = await db.transaction(async (tx) => {
      await checkOverride(tx, bot.id, null, body.overridesId);
      // The first contact is the default one; a new default replaces the old.
      const count = await contactsRepo.countForChatbot(tx, bot.id);
      const isDefault = body.isDefault ?? count === 0;
      // The contact that loses the default flag is the customer's decision from now on (no longer synced from the wizard data).
      if (isDefault) await contactsRepo.clearDefault(tx, bot.id);
      return contactsRepo.create(tx, bot, { ...body, isDefault, overridesId: body.overridesId ?? null });
    });
    return reply.status(201).send(toApi(row));
  });

  api.put('/contacts/:id', { schema: { params, response: { 200: contact } }, config: { bodyCheckedAfterLookup: z.object(fields) } }, async (req) => {
    const cur = await byId(req.params.id, requireAuth(req).organizationId);
    // The whole record comes back from the dashboard: read-only fields are ignored, the others validated.
    const body = parse(z.object(fields), req.body);
    refuseUnstorableText(body);
    const row = await db.transaction(async (tx) => {
      await checkOverride(tx, cur.chatbot_id, cur.id, body.overridesId);
      if (body.isDefault && !cur.is_default) await contactsRepo.clearDefault(tx, cur.chatbot_id);
      // An edited contact is the customer's: it no longer follows the personal data it was created from.
      return contactsRepo.update(tx, cur.id, {
        ...body, isDefault: body.isDefault ?? cur.is_default, overridesId: body.overridesId === undefined ? cur.overrides_id : body.overridesId,
      });
    });
    return toApi(row);
  });

  api.delete('/contacts/:id', { schema: { params, response: { 200: contact } } }, async (req) => {
    const cur = await byId(req.params.id, requireAuth(req).organizationId);
    await contactsRepo.remove(db, cur.id);
    return toApi(cur);
  });
}
