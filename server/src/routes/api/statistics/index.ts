import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiObject } from '../../../../../contract/api/common.ts';
import { statisticsQuery } from '../../../../../contract/api/training.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { chatbotStatistics, checkTimeZone } from '../../../services/statistics.ts';

const statistics = apiObject(
  'chatbotId, timeZone, subscription, daysLeft, messagesToday, messagesThisMonth, totals { chats, messages, avgMessagesPerChat, ' +
    'avgLeadsPerChat, contactsCollected }, usage { usedMessages, monthlyMessages }, history { unread, contact, hr, favorites }, feedback { up, down }, ' +
    'messagesPerDay [{ day, count }]',
);

/** statistics?chatbotId&tz: the dashboard's figures of one chatbot of the caller's tenant, in one call. */
export default async function statisticsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/statistics', { schema: { querystring: statisticsQuery, response: { 200: statistics } } }, async (req) => {
    const bot = await requireChatbot(app.ctx.db, requireAuth(req), req.query.chatbotId);
    return chatbotStatistics(app.ctx.db, bot, checkTimeZone(req.query.tz));
  });
}
