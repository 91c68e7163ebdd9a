import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiObject } from '../../../../../contract/api/common.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { privacySettings, privacySettingsBody, visitorDataBody, visitorDataDeleted } from '../../../../../contract/privacySchemas.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { deleteVisitorData, exportVisitorData, retentionSettings, setRetention } from '../../../services/privacy.ts';

// Named chatbotId: the settings record's id is its chatbot's.
const params = z.object({ chatbotId: pathId });

/**
 * Privacy per chatbot: its retention period (privacy-settings/{chatbotId}), and one visitor's data:
 * exported as JSON or erased, found by one of their chats or by their e-mail address.
 */
export default async function privacyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get('/privacy-settings/:chatbotId', { schema: { params, response: { 200: privacySettings } } }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    return retentionSettings(db, bot.id);
  });

  api.put('/privacy-settings/:chatbotId', { schema: { params, body: privacySettingsBody, response: { 200: privacySettings } } }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    return setRetention(db, bot.id, req.body.retentionMonths);
  });

  const visitorExport = apiObject('exportedAt, chatbotId, visitorIds, chats (lead, consent, messages); sent as an attachment');
  api.post('/chats/visitor-data/export', { schema: { body: visitorDataBody, response: { 200: visitorExport } } }, async (req, reply) => {
    const auth = requireAuth(req);
    await requireChatbot(db, auth, req.body.chatbotId);
    const data = await exportVisitorData(db, auth.organizationId, req.body);
    return reply
      .header('content-disposition', `attachment; filename="visitor-data-${data.exportedAt.slice(0, 10)}.json"`)
      .header('access-control-expose-headers', 'Content-Disposition')
      .header('cache-control', 'no-store')
      .send(data);
  });

  api.post('/chats/visitor-data/delete', { schema: { body: visitorDataBody, response: { 200: visitorDataDeleted } } }, async (req) => {
    const auth = requireAuth(req);
    await requireChatbot(db, auth, req.body.chatbotId);
    return deleteVisitorData(db, auth.organizationId, req.body);
  });
}
