import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../errors.ts';
import { requireAuth } from '../plugins/app/auth.ts';
import { uuid } from '../schemas/contract.ts';
import { requireChatbot } from '../services/tenancy.ts';

/** The dashboard's dataProvider scopes every training call to the active chatbot and language. */
export const chatbotScope = { chatbotId: z.string().min(1), lang: z.string().min(2).max(10).optional() };

/** Ids in a filter (ra-data-simple-rest's getMany sends filter={"id":[...]}) or a selection: malformed ones are a 400. */
export const idList = z.array(uuid).max(5000);
export const idsBody = idList.min(1);

/** The caller's chatbot (404 for another tenant's) plus the organization all queries are scoped to. */
export async function scoped(req: FastifyRequest, chatbotId: string) {
  const auth = requireAuth(req);
  const bot = await requireChatbot(req, chatbotId);
  return { auth, bot, orgId: auth.organizationId, db: req.server.ctx.db };
}

/** The :id of a path, checked by the record lookup (recordInOrg): a malformed one is a 404 there. */
export const idParam = (params: unknown) => parse(z.object({ id: z.string() }), params).id;

/** The language a record is stored in: the one given, else the chatbot's default. */
export const langOr = (lang: string | undefined, bot: { lang: string }) => lang ?? bot.lang;
