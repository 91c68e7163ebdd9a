import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { z } from 'zod';
import { apiRecord, errorResponses } from '../../../../../contract/api/common.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import { AppError, badRequest, parse } from '../../../errors.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { chatbotLanguages, loadChatbotAccess } from '../../../runtime/access.ts';
import { uiConfigRepo } from '../../../runtime/uiConfigRepo.ts';
import {
  CONTACT_KEYS,
  STYLING_KEYS,
  defaultUiConfig,
  mergeUiConfig,
  uiConfigPatchSchema,
  uiConfigSchema,
  type PlanFlags,
  type UiConfig,
  type UiConfigPatch,
} from '../../../runtime/uiConfig.ts';

const settings = z.object({ chatbotId: z.string(), allowedOrigins: z.array(z.string()) });
const presented = apiRecord('id (= lang), chatbotId, lang, config (the widget\'s UI configuration), defaults, locks { styling, contactCollection, brandingRemoval }');

const settingsBody = z.strictObject({
  allowedOrigins: z
    .array(
      z
        .string()
        .trim()
        .max(300)
        .transform((s, ctx) => {
          try {
            const u = new URL(s);
            if (u.protocol === 'http:' || u.protocol === 'https:') return u.origin;
          } catch {
            /* reported below */
          }
          ctx.addIssue({ code: 'custom', message: 'invalid URL' });
          return z.NEVER;
        }),
    )
    .max(50),
});

const locks = (plan: PlanFlags) => ({
  styling: !plan.styling_allowed,
  contactCollection: !plan.contact_collection_allowed,
  brandingRemoval: !plan.branding_removal_allowed,
});

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** A plan that excludes a feature may not change it; unchanged values pass (the dashboard sends the whole form). */
function checkPlan(current: UiConfig, patch: UiConfigPatch, next: UiConfig, plan: PlanFlags) {
  const refuse = (limit: string) =>
    new AppError(403, 'PlanLimitReached', `Your plan does not include ${limit}`, { limit, max: 0 });
  if (!plan.styling_allowed && STYLING_KEYS.some((k) => k in patch && changed(current[k], next[k]))) throw refuse('stylingAllowed');
  if (!plan.contact_collection_allowed && CONTACT_KEYS.some((k) => k in patch && changed(current[k], next[k])))
    throw refuse('contactCollectionAllowed');
  if (!plan.branding_removal_allowed && next.showPoweredBy === false) throw refuse('brandingRemovalAllowed');
}

/** The widget's UI configuration per chatbot and language, and the chatbot's allowed site origins. */
export default async function uiconfigRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  async function load(req: FastifyRequest, chatbotId: string, lang: string) {
    const bot = await requireChatbot(db, requireAuth(req), chatbotId);
    const langs = await chatbotLanguages(db, bot.id);
    if (!langs.some((l) => l.lang === lang)) throw badRequest('LanguageNotAvailable', `The chatbot has no language ${lang}`);
    const access = (await loadChatbotAccess(db, bot.id))!;
    return { bot, access };
  }

  const present = (chatbotId: string, lang: string, config: UiConfig, plan: PlanFlags) => ({
    id: lang,
    chatbotId,
    lang,
    config,
    defaults: defaultUiConfig(lang),
    locks: locks(plan),
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const chatbotParams = z.object({ chatbotId: pathId });
  const langParams = z.object({ chatbotId: pathId, lang: z.string().describe('a language of the chatbot; another is 400 LanguageNotAvailable') });
  api.get('/uiconfig/:chatbotId/settings', { schema: { params: chatbotParams, response: { 200: settings } } }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    return { chatbotId: bot.id, allowedOrigins: await uiConfigRepo.allowedOrigins(db, bot.id) };
  });

  api.put('/uiconfig/:chatbotId/settings', { schema: { params: chatbotParams, response: { 200: settings } }, config: { bodyCheckedAfterLookup: settingsBody } }, async (req) => {
    const bot = await requireChatbot(db, requireAuth(req), req.params.chatbotId);
    const body = parse(settingsBody, req.body);
    const origins = [...new Set(body.allowedOrigins)];
    await uiConfigRepo.setAllowedOrigins(db, bot.id, origins);
    return { chatbotId: bot.id, allowedOrigins: origins };
  });

  api.get('/uiconfig/:chatbotId/:lang', { schema: { params: langParams, response: { 200: presented } } }, async (req) => {
    const { bot, access } = await load(req, req.params.chatbotId, req.params.lang);
    return present(bot.id, req.params.lang, await uiConfigRepo.effective(db, bot.id, req.params.lang), access);
  });

  api.put('/uiconfig/:chatbotId/:lang', { schema: { params: langParams, response: { 200: presented, ...errorResponses('PlanLimitReached', 'LanguageNotAvailable') } }, config: { bodyCheckedAfterLookup: uiConfigPatchSchema } }, async (req) => {
    const { bot, access } = await load(req, req.params.chatbotId, req.params.lang);
    const patch = parse(uiConfigPatchSchema, req.body);
    const current = await uiConfigRepo.effective(db, bot.id, req.params.lang);
    const next = parse(
      uiConfigSchema.superRefine((c, ctx) => {
        for (const [field, f] of Object.entries(c.leadForm))
          if (f.required && !f.enabled) ctx.addIssue({ code: 'custom', path: ['leadForm', field, 'required'], message: 'a required field must be enabled' });
        if (c.collectContacts && !Object.values(c.leadForm).some((f) => f.enabled))
          ctx.addIssue({ code: 'custom', path: ['leadForm'], message: 'the lead form needs at least one field' });
      }),
      mergeUiConfig(current, patch),
    );
    checkPlan(current, patch, next, access);
    await uiConfigRepo.save(db, bot.id, req.params.lang, next);
    return present(bot.id, req.params.lang, next, access);
  });
}
