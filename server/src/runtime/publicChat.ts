/**
 * What the widget's public API does: the config a visitor's widget needs, starting a chat,
 * answering a message (quota, answer engine, recording), and taking a lead.
 */
import { leadBody, sendMessageBody, startChatBody } from '../../../contract/api/widget.ts';
import type { AppContext } from '../context.ts';
import { AppError, badRequest, notFound, parse } from '../errors.ts';
import { VALIDATION_FAILED_MESSAGE } from '../../../contract/errors.ts';
import { LEAD_EMAIL_RE } from '../../../contract/lead.ts';
import { isValidPhone } from '../../../contract/phone.ts';
import { chatbotLanguages, pickLanguage, requirePublicChatbot, type ChatbotAccess } from './access.ts';
import { answerQuestion } from './answer.ts';
import { refuseUnstorableText } from '../services/users.ts';
import { translate, translationConfig } from '../services/translation.ts';
import { conversationsRepo, type ChatRow } from './conversations.ts';
import { createLlmClient, isLlmConfigured, type LlmClient } from './llm.ts';
import { LEAD_FIELDS, applyPlan, effectiveUiConfig, type LeadField, type UiConfig } from './uiConfig.ts';
import { uiConfigRepo } from './uiConfigRepo.ts';
import { visitorText } from './visitorTexts.ts';

// The bodies' schemas live in contract/; re-exported for the routes that take them from here.
export { leadBody, startChatBody };

let cachedLlm: { key: string; client: LlmClient } | null = null;
export function llmFor(config: AppContext['config']) {
  if (!isLlmConfigured(config)) return null;
  const key = `${config.LLM_BASE_URL}|${config.LLM_MODEL}|${config.LLM_API_KEY}|${config.LLM_TIMEOUT_MS}`;
  if (cachedLlm?.key !== key) cachedLlm = { key, client: createLlmClient(config) };
  return cachedLlm.client;
}

/** The widget's view of a chatbot in a language: defaults, customer changes, plan locks. */
export async function publicConfig(ctx: AppContext, chatbotId: string, wantedLang?: string) {
  const bot = await requirePublicChatbot(ctx.db, chatbotId, { lang: wantedLang });
  const langs = await chatbotLanguages(ctx.db, bot.id);
  const lang = pickLanguage(langs, wantedLang, bot.lang);
  const config = applyPlan(await uiConfigRepo.effective(ctx.db, bot.id, lang), bot, lang);
  return {
    chatbotId: bot.id,
    lang,
    languages: langs.map((l) => l.lang),
    defaultLang: langs.find((l) => l.is_default)?.lang ?? bot.lang,
    // The demo page warns that answers may be worse while the first training runs.
    training: bot.initial_setup === 'pending' || bot.initial_setup === 'running',
    // The composer's limit, so the widget never lets a visitor type what sendMessage would refuse.
    maxMessageChars: ctx.config.WIDGET_MAX_MESSAGE_CHARS,
    // With a language model the widget asks for the answer as a stream (text/event-stream).
    streaming: isLlmConfigured(ctx.config),
    config,
  };
}

export async function startChat(ctx: AppContext, chatbotId: string, body: unknown) {
  const input = parse(startChatBody, body ?? {});
  const bot = await requirePublicChatbot(ctx.db, chatbotId, { lang: input.lang });
  const lang = pickLanguage(await chatbotLanguages(ctx.db, bot.id), input.lang, bot.lang);
  const chat = await conversationsRepo.start(ctx.db, {
    chatbotId: bot.id,
    organizationId: bot.organization_id,
    visitorId: input.visitorId ?? crypto.randomUUID(),
    lang,
    source: input.source,
  });
  return { id: chat.id, chatbotId: bot.id, lang: chat.lang, visitorId: chat.visitor_id, createdAt: chat.created_at };
}

async function requireChat(ctx: AppContext, bot: ChatbotAccess, chatId: string) {
  const chat = await conversationsRepo.byId(ctx.db, bot.id, chatId);
  if (!chat) throw notFound('Chat');
  return chat;
}

function wantsLeadForm(config: UiConfig, chat: ChatRow) {
  return config.collectContacts && !chat.lead && chat.message_count >= config.leadFormTriggerCount;
}

export async function sendMessage(
  ctx: AppContext,
  chatbotId: string,
  chatId: string,
  body: unknown,
  log?: { warn: (obj: object, msg: string) => void },
  /** The language model's answer as it is written (see AnswerOptions.onDelta); only with a model configured. */
  onDelta?: (text: string) => void,
) {
  const max = ctx.config.WIDGET_MAX_MESSAGE_CHARS;
  // Refused before the message counts against the quota: PostgreSQL cannot store NUL characters.
  refuseUnstorableText(body);
  const { text } = parse(sendMessageBody(max), body);
  const bot = await requirePublicChatbot(ctx.db, chatbotId);
  const opened = await conversationsRepo.openForMessage(ctx.db, bot.id, chatId, bot.organization_id, bot.monthly_messages);
  if (!opened) throw notFound('Chat');
  const { chat } = opened;
  if (!opened.allowed)
    throw new AppError(429, 'MessageQuotaReached', 'The monthly message quota of this chatbot is used up', {
      visitorMessage: visitorText('MessageQuotaReached', chat.lang),
      limit: bot.monthly_messages,
    });
  const llm = llmFor(ctx.config);
  const answer = await answerQuestion(
    ctx.db,
    { chatbotId: bot.id, lang: chat.lang, question: text, siteUrl: bot.url, indexVersion: bot.index_version },
    {
      llm,
      history: llm ? await conversationsRepo.recentTurns(ctx.db, chat.id) : [],
      log,
      onDelta,
      ...(translationConfig(ctx.config) ? { translate: async (lang: string, t: string) => (await translate(ctx.config, lang, t)).text } : {}),
    },
  );
  const recorded = await conversationsRepo.record(ctx.db, chat, text, answer);
  const config = applyPlan(effectiveUiConfig(chat.lang, opened.uiConfig ?? {}), bot, chat.lang);
  return {
    id: recorded.message.id,
    chatId: chat.id,
    question: text,
    answer: answer.answer,
    sources: answer.sources,
    score: answer.score,
    answeredBy: answer.answeredBy,
    contact: answer.contact,
    category: recorded.chat.category,
    showLeadForm: wantsLeadForm(config, recorded.chat) || (config.collectContacts && !recorded.chat.lead && answer.personRequested),
    createdAt: recorded.message.created_at,
  };
}

export async function submitLead(ctx: AppContext, chatbotId: string, chatId: string, body: unknown) {
  const input = parse(leadBody, body);
  const bot = await requirePublicChatbot(ctx.db, chatbotId);
  const chat = await requireChat(ctx, bot, chatId);
  const config = applyPlan(await uiConfigRepo.effective(ctx.db, bot.id, chat.lang), bot, chat.lang);
  if (!config.collectContacts) throw new AppError(403, 'Forbidden', 'This chatbot does not collect contact details');

  const lead: Partial<Record<LeadField, string>> = {};
  const issues: { path: string; code: string; message: string }[] = [];
  for (const field of LEAD_FIELDS) {
    const value = input[field]?.trim() ?? '';
    const rule = config.leadForm[field];
    if (!rule.enabled) {
      if (value) issues.push({ path: field, code: 'unrecognized_keys', message: 'field is not part of the form' });
      continue;
    }
    if (!value) {
      if (rule.required) issues.push({ path: field, code: 'required', message: 'required' });
      continue;
    }
    if (field === 'email' && !LEAD_EMAIL_RE.test(value)) issues.push({ path: field, code: 'invalid_format', message: 'invalid email' });
    else if (field === 'phoneNumber' && !isValidPhone(value))
      issues.push({ path: field, code: 'invalid_format', message: 'invalid phone' });
    else lead[field] = value;
  }
  if (issues.length) throw badRequest('ValidationFailed', VALIDATION_FAILED_MESSAGE, issues);
  if (!Object.keys(lead).length) throw badRequest('ValidationFailed', VALIDATION_FAILED_MESSAGE, [{ path: '', code: 'required', message: 'empty form' }]);
  const saved = await conversationsRepo.saveLead(ctx.db, chat.id, lead, input.consentText ?? config.consentText);
  return { chatId: saved.id, category: saved.category, lead: saved.lead };
}
