import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiCustomer, CUSTOMER_SORT_FIELDS, customerFilter, type ApiCustomer } from '../../../../../contract/api/customers.ts';
import { errorResponses } from '../../../../../contract/api/common.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { forbidden } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { CUSTOMERS_SORTABLE, customersRepo, type CustomerRow } from '../../../repositories/customers.ts';
import { requireRecord } from '../../../services/tenancy.ts';
import { refreshChats } from '../../../runtime/chatWords.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

const toApi = (c: CustomerRow): ApiCustomer => ({
  id: c.id,
  ownerId: c.owner_id,
  email: c.email,
  firstName: c.first_name,
  lastName: c.last_name,
  company: c.company || c.org_name,
  planId: c.plan_id,
  planName: c.plan_name,
  status: c.status as ApiCustomer['status'],
  chatbots: c.chatbots,
  chatbotId: c.chatbot_id,
  createdAt: iso(c.created_at),
  lastActivityAt: iso(c.last_activity_at),
});

/** Only operators see customers; the server decides, whatever the dashboard shows. */
function requireOperator(req: FastifyRequest) {
  if (!requireAuth(req).isAdmin) throw forbidden('Only operators may list customers');
}

/** The operator console's customer list: organizations with owner, plan, subscription, chatbots and activity. */
export default async function customersRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = listQuery(customerFilter, { sortable: CUSTOMER_SORT_FIELDS, defaultSort: ['lastActivityAt', 'DESC'] });

  api.get(
    '/customers',
    { schema: { querystring: list, response: { 200: z.array(apiCustomer), ...errorResponses('Forbidden') } } },
    async (req, reply) => {
      requireOperator(req);
      const q = withOrderBy(req.query, CUSTOMERS_SORTABLE);
      await refreshChats(db, null); // last activity counts a visitor's latest message
      const { total, rows } = await customersRepo.list(db, q.filter, q);
      return sendList(reply, 'customers', rows.map(toApi), total, q.offset);
    },
  );

  api.get(
    '/customers/:id',
    { schema: { params: z.object({ id: pathId }), response: { 200: apiCustomer, ...errorResponses('Forbidden', 'NotFound') } } },
    async (req) => {
      requireOperator(req);
      await refreshChats(db, null);
      return toApi(await requireRecord('Customer', req.params.id, (id) => customersRepo.byId(db, id)));
    },
  );
}
