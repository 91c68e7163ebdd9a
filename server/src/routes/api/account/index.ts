import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiObject } from '../../../../../contract/api/common.ts';
import { accountDeleteBody, accountDeletionRequested } from '../../../../../contract/privacySchemas.ts';
import { queueRetention } from '../../../jobs/retention.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { exportAccount, requestAccountDeletion } from '../../../services/privacy.ts';

/**
 * The signed-in customer's whole account: everything stored about the organization as one JSON file, and
 * deleting it (the e-mail address typed again). An admin acting as the customer is audited like any call.
 */
export default async function accountRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const accountExport = apiObject('exportedAt, organization, users, subscriptions, chatbots with settings, training sources, qna, contacts, chats with messages and leads; streamed as an attachment');
  api.get('/account/export', { schema: { response: { 200: accountExport } } }, async (req, reply) => {
    const { organizationId } = requireAuth(req);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="account-${new Date().toISOString().slice(0, 10)}.json"`)
      .header('access-control-expose-headers', 'Content-Disposition')
      .header('cache-control', 'no-store')
      .send(Readable.from(exportAccount(db, organizationId)));
  });

  api.post('/account/delete', { schema: { body: accountDeleteBody, response: { 202: accountDeletionRequested } } }, async (req, reply) => {
    const auth = requireAuth(req);
    const result = await requestAccountDeletion(db, auth.organizationId, (auth.actingAs ?? auth.user).email, req.body.email);
    // The job deletes the rest; should queueing fail, the daily run still does.
    await queueRetention(app.ctx).catch((e) => req.log.warn({ err: e }, 'could not queue the retention job'));
    return reply.status(202).send(result);
  });
}
