/**
 * What the public widget API may do for a chatbot: does it exist, is its organization's
 * subscription still valid, and which plan limits apply.
 */
import type { Queryable } from '../db/index.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { isUuid } from '../../../contract/ids.ts';
import { chatbotLanguagesRepo } from '../repositories/chatbotLanguages.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { toApiSubscription } from '../services/subscriptions.ts';
import type { SubscriptionPlanRow } from '../repositories/subscriptions.ts';
import type { PlanFlags } from './uiConfig.ts';
import { visitorText } from './visitorTexts.ts';
import { perDatabase, sameTurn } from './sameTurn.ts';

export interface ChatbotAccess extends PlanFlags {
  id: string;
  organization_id: string;
  url: string;
  lang: string;
  initial_setup: 'pending' | 'running' | 'completed' | 'failed';
  /** The version of its search index when read (retrieval.ts reloads a cached index when it changed). */
  index_version: string;
  plan_id: string;
  monthly_messages: number;
  status: string;
  valid: boolean;
}

type AccessRow = Awaited<ReturnType<typeof chatbotsRepo.publicAccess>>;

/**
 * Concurrent widget calls read their chatbots together, each chatbot once (see sameTurn): under load most
 * of one turn's calls are for the same few chatbots. Each read is still fresh: a change of the subscription
 * or the index version is seen by every call that starts after it.
 */
const readAccess = perDatabase((db: Queryable) =>
  sameTurn(
    async (ids: string[]) => {
      const rows = new Map((await chatbotsRepo.publicAccessMany(db, [...new Set(ids)])).map((r) => [r.id, r]));
      return ids.map((id) => rows.get(id));
    },
    (id: string): Promise<AccessRow | undefined> => chatbotsRepo.publicAccess(db, id),
  ),
);

export async function loadChatbotAccess(db: Queryable, chatbotId: string): Promise<ChatbotAccess | null> {
  const row = await readAccess(db)(chatbotId);
  if (!row) return null;
  const { id, bot_organization_id: organization_id, url, lang, initial_setup, index_version } = row;
  const bot = { id, organization_id, url, lang, initial_setup, index_version };
  // The subscription rules (trial end, period end, cancellation) live in one place: services/subscriptions.ts.
  const sub = row.plan_id === null ? null : toApiSubscription(row as SubscriptionPlanRow);
  return {
    ...bot,
    plan_id: sub?.planId ?? 'none',
    monthly_messages: sub?.limits.monthlyMessages ?? 0,
    styling_allowed: sub?.limits.stylingAllowed ?? false,
    contact_collection_allowed: sub?.limits.contactCollectionAllowed ?? false,
    branding_removal_allowed: sub?.limits.brandingRemovalAllowed ?? false,
    status: sub?.status ?? 'expired',
    valid: sub?.valid ?? false,
  };
}

/** The chatbot for a public call: 400 for a malformed id (the demo's "invalid link"), 404 unknown. */
export async function requirePublicChatbot(db: Queryable, chatbotId: string, opts: { mustBeValid?: boolean; lang?: string } = {}) {
  if (!isUuid(chatbotId)) throw badRequest('ValidationFailed', 'Invalid chatbot id', [{ path: 'chatbotId', message: 'not a uuid' }]);
  const bot = await loadChatbotAccess(db, chatbotId);
  if (!bot) throw notFound('Chatbot');
  if (opts.mustBeValid !== false && !bot.valid)
    throw new AppError(403, 'SubscriptionExpired', 'The subscription of this chatbot is no longer valid', {
      visitorMessage: visitorText('SubscriptionExpired', opts.lang ?? bot.lang),
    });
  return bot;
}

/** Languages of the chatbot, default first. */
export async function chatbotLanguages(db: Queryable, chatbotId: string) {
  return chatbotLanguagesRepo.listDefaultFirst(db, chatbotId);
}

/** The visitor's language if the chatbot speaks it (exactly or by its base code), else the default one. */
export function pickLanguage(available: { lang: string; is_default: boolean }[], wanted: string | undefined, fallback: string) {
  const def = available.find((l) => l.is_default)?.lang ?? available[0]?.lang ?? fallback;
  if (!wanted) return def;
  const w = wanted.toLowerCase();
  const exact = available.find((l) => l.lang.toLowerCase() === w);
  if (exact) return exact.lang;
  const base = w.split('-')[0];
  return available.find((l) => l.lang.toLowerCase() === base)?.lang ?? available.find((l) => l.lang.toLowerCase().split('-')[0] === base)?.lang ?? def;
}
