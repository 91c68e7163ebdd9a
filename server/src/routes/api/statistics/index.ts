import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { chatbotStatistics, checkTimeZone } from '../../../services/statistics.ts';

// Any chatbot id that is not the caller's, malformed or too long included, is requireChatbot's 404.
const statisticsQuery = z.strictObject({ chatbotId: z.string().min(1), tz: z.string().max(64).optional() });

/** statistics?chatbotId&tz: the dashboard's figures of one chatbot of the caller's tenant, in one call. */
export default async function statisticsRoutes(app: FastifyInstance) {
  app.get('/statistics', async (req) => {
    const query = parse(statisticsQuery, req.query);
    const bot = await requireChatbot(req, query.chatbotId);
    return chatbotStatistics(app.ctx.db, bot, checkTimeZone(query.tz));
  });
}
