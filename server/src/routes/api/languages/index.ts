import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_POOL, addLanguageBody, languageEntry, setDefaultLanguageBody } from '../../../../../contract/api/account.ts';
import { errorResponses } from '../../../../../contract/api/common.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { addLanguage, deleteLanguage, listLanguages, setDefaultLanguage } from '../../../services/languages.ts';
import { translationTargets } from '../../../services/translation.ts';

const chatbotParams = z.object({ chatbotId: pathId });
const languageParams = z.object({ chatbotId: pathId, lang: z.string().describe('a language of the chatbot; another is 404') });
const languageList = z.array(languageEntry);

/**
 * languages: the pool, the translation targets, and one chatbot's languages.
 * Changes answer with the chatbot's whole list, so the dashboard can reload from the answer.
 */
export default async function languagesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get('/languages', { schema: { response: { 200: z.array(z.string()).describe('the language pool') } } }, async (req) => {
    requireAuth(req);
    return [...LANGUAGE_POOL];
  });

  api.get('/languages/translation', {
    schema: { response: { 200: z.array(z.string()).describe('the pool languages the translation provider supports') } },
  }, async (req) => {
    requireAuth(req);
    return translationTargets(app.ctx.config);
  });

  api.get('/languages/:chatbotId', { schema: { params: chatbotParams, response: { 200: languageList } } }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    return listLanguages(db, bot.id);
  });

  // Bodies of a chatbot's language calls are read once the chatbot is found: another tenant's is 404 whatever is sent.
  api.post('/languages/:chatbotId', {
    schema: { params: chatbotParams, response: { 201: languageList, ...errorResponses('LanguageNotAvailable', 'LanguageAlreadyAdded', 'PlanLimitReached') } },
    config: { bodyCheckedAfterLookup: addLanguageBody },
  }, async (req, reply) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    const { lang } = parse(addLanguageBody, req.body);
    return reply.status(201).send(await addLanguage(db, bot, lang));
  });

  api.patch('/languages/:chatbotId/:lang', {
    schema: { params: languageParams, response: { 200: languageList } },
    config: { bodyCheckedAfterLookup: setDefaultLanguageBody },
  }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    parse(setDefaultLanguageBody, req.body);
    return setDefaultLanguage(db, bot, req.params.lang);
  });

  api.delete('/languages/:chatbotId/:lang', {
    schema: { params: languageParams, response: { 200: languageList, ...errorResponses('DefaultLanguageNotDeletable') } },
  }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    return deleteLanguage(db, bot, req.params.lang);
  });
}
