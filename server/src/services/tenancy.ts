import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { requireAuth } from '../plugins/app/auth.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';

/**
 * The chatbot named by the client, if the caller's tenant owns it; otherwise 404,
 * so another customer's ids are indistinguishable from ids that do not exist.
 */
export async function requireChatbot(req: FastifyRequest, chatbotId: unknown) {
  const auth = requireAuth(req);
  const bot = typeof chatbotId === 'string' ? await chatbotsRepo.byIdInOrg(req.server.ctx.db, chatbotId, auth.organizationId) : null;
  if (!bot) throw notFound('Chatbot');
  return bot;
}
