import type { AppContext, AuthInfo } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { ApiChatbot, VerifyResult } from '../../../contract/api/account.ts';
import { logAdminAccess } from '../plugins/app/auth.ts';
import type { Queryable } from '../db/index.ts';
import { chatbotsRepo, type ChatbotRow } from '../repositories/chatbots.ts';
import { chatbotLanguagesRepo } from '../repositories/chatbotLanguages.ts';
import { organizationsRepo } from '../repositories/organizations.ts';
import { normalizeChatbotUrl, type UrlProblem } from '../../../contract/chatbotUrl.ts';
import { assertPoolLanguage } from './languages.ts';
import { requireValidSubscription } from './subscriptions.ts';
import { queueInitialSetup } from '../jobs/initialSetup.ts';
import { syncWizardContact } from './contacts.ts';

const iso = (d: string | Date) => new Date(d).toISOString();

export function toApiChatbot(row: ChatbotRow): ApiChatbot {
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    lang: row.lang,
    initialSetup: row.initial_setup,
    createdAt: iso(row.created_at),
  };
}

const URL_MESSAGES: Record<UrlProblem, string> = {
  required: 'URL is required',
  hash: 'URL must not contain #',
  invalid: 'Invalid URL',
};

/** The spec's URL rule as an API error: 400 ValidationFailed naming the field. */
export function requireChatbotUrl(input: string, field = 'url') {
  const r = normalizeChatbotUrl(input);
  if (!r.ok) throw badRequest('ValidationFailed', URL_MESSAGES[r.problem], [{ path: field, code: r.problem, message: URL_MESSAGES[r.problem] }]);
  return r.url;
}

/**
 * Registers the organization's chatbot: its default language row, the default contact from the personal
 * data the wizard saved before (syncWizardContact) and the initial-setup job.
 * One chatbot per organization; the organization must be the caller's (or the one an admin acts for).
 */
export async function createChatbot(
  ctx: AppContext,
  auth: AuthInfo,
  body: { organizationId: string; url: string; lang: string },
  log?: { warn: (obj: unknown, msg: string) => void },
) {
  if (body.organizationId !== auth.organizationId) throw notFound('Organization');
  const url = requireChatbotUrl(body.url);
  assertPoolLanguage(body.lang);
  const bot = await ctx.db.transaction(async (tx) => {
    // Locks the organization row so two concurrent registrations cannot both create a chatbot.
    await organizationsRepo.lock(tx, body.organizationId);
    if (await chatbotsRepo.firstOfOrg(tx, body.organizationId)) throw conflict('AlreadyRegistered', 'This organization already has a chatbot');
    const created = await chatbotsRepo.create(tx, { organizationId: body.organizationId, url, lang: body.lang });
    await chatbotLanguagesRepo.add(tx, created.id, body.lang, true);
    return created;
  });
  await syncWizardContact(ctx.db, auth.actingAs ?? auth.user, log);
  await queueInitialSetup(ctx, bot.id);
  return toApiChatbot((await chatbotsRepo.byId(ctx.db, bot.id))!);
}

/** A chatbot the caller may read: their tenant's, or any for an admin (audited). */
export async function chatbotForRead(db: Queryable, caller: AuthInfo, id: string) {
  const own = await chatbotsRepo.byIdInOrg(db, id, caller.organizationId);
  if (own) return own;
  if (!caller.isAdmin) throw notFound('Chatbot');
  const any = await chatbotsRepo.byId(db, id);
  if (!any) throw notFound('Chatbot');
  // Acting-as requests are already logged by the auth hook; direct reads by id are logged here.
  if (!caller.actingAs) await logAdminAccess(db, caller, any.organization_id);
  return any;
}

/** Initial-setup status for the wizard; 403 SubscriptionExpired once the subscription is over. */
export async function verifyChatbot(ctx: AppContext, bot: ChatbotRow, query: { url?: string; lang?: string }): Promise<VerifyResult> {
  if (query.url) requireChatbotUrl(query.url);
  assertPoolLanguage(query.lang || 'de');
  await requireValidSubscription(ctx.db, bot.organization_id);
  const p = bot.initial_setup_progress ?? {};
  const progress: VerifyResult['progress'] = {};
  if (typeof p.pagesFound === 'number') progress.pagesFound = p.pagesFound;
  if (typeof p.pagesTrained === 'number') progress.pagesTrained = p.pagesTrained;
  if (typeof p.message === 'string') progress.message = p.message;
  return { initialSetup: bot.initial_setup, progress };
}
