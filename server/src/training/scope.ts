import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../plugins/app/auth.ts';
import { requireChatbot } from '../services/tenancy.ts';

// The scope and id rules of request schemas live in contract/api/training.ts.
export { chatbotScope, idList, idsBody } from '../../../contract/api/training.ts';

/** The caller's chatbot (404 for another tenant's) plus the organization all queries are scoped to. */
export async function scoped(req: FastifyRequest, chatbotId: string) {
  const auth = requireAuth(req);
  const { db } = req.server.ctx;
  const bot = await requireChatbot(db, auth, chatbotId);
  return { auth, bot, orgId: auth.organizationId, db };
}


/** The language a record is stored in: the one given, else the chatbot's default. */
export const langOr = (lang: string | undefined, bot: { lang: string }) => lang ?? bot.lang;
