import type { FastifyInstance } from 'fastify';
import { parse } from '../../../errors.ts';
import { LANGUAGE_POOL, addLanguageBody, setDefaultLanguageBody } from '../../../schemas/contract.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { addLanguage, deleteLanguage, listLanguages, setDefaultLanguage } from '../../../services/languages.ts';
import { translationTargets } from '../../../services/translation.ts';

/**
 * languages: the pool, the translation targets, and one chatbot's languages.
 * Changes answer with the chatbot's whole list, so the dashboard can reload from the answer.
 */
export default async function languagesRoutes(app: FastifyInstance) {
  app.get('/languages', async (req) => {
    requireAuth(req);
    return [...LANGUAGE_POOL];
  });

  app.get('/languages/translation', async (req) => {
    requireAuth(req);
    return translationTargets(app.ctx.config);
  });

  app.get<{ Params: { chatbotId: string } }>('/languages/:chatbotId', async (req) => {
    const bot = await requireChatbot(req, req.params.chatbotId);
    return listLanguages(app.ctx.db, bot.id);
  });

  app.post<{ Params: { chatbotId: string } }>('/languages/:chatbotId', async (req, reply) => {
    const bot = await requireChatbot(req, req.params.chatbotId);
    const { lang } = parse(addLanguageBody, req.body);
    return reply.status(201).send(await addLanguage(app.ctx.db, bot, lang));
  });

  app.patch<{ Params: { chatbotId: string; lang: string } }>('/languages/:chatbotId/:lang', async (req) => {
    const bot = await requireChatbot(req, req.params.chatbotId);
    parse(setDefaultLanguageBody, req.body);
    return setDefaultLanguage(app.ctx.db, bot, req.params.lang);
  });

  app.delete<{ Params: { chatbotId: string; lang: string } }>('/languages/:chatbotId/:lang', async (req) => {
    const bot = await requireChatbot(req, req.params.chatbotId);
    return deleteLanguage(app.ctx.db, bot, req.params.lang);
  });
}
