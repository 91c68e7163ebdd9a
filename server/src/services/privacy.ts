/**
 * Privacy (GDPR): each chatbot's retention period, one visitor's data (export, erase), the export of a
 * whole account and its deletion. The retention job (jobs/retention.ts) runs runRetention daily.
 */
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { privacyRepo, type VisitorChatRow, type VisitorMessageRow } from '../repositories/privacy.ts';
import { documentStorage } from '../training/storage.ts';
import { refreshChats } from '../runtime/chatWords.ts';
import type { VisitorSelector } from '../../../contract/privacy.ts';

/** Chats deleted per statement, so a large backlog never holds one long transaction. */
const RETENTION_BATCH = 500;
/** Chats read per query while an account export streams. */
const EXPORT_PAGE = 200;

export async function retentionSettings(db: Db, chatbotId: string) {
  return { id: chatbotId, chatbotId, retentionMonths: await privacyRepo.retentionMonths(db, chatbotId) };
}

export async function setRetention(db: Db, chatbotId: string, months: number) {
  await privacyRepo.setRetentionMonths(db, chatbotId, months);
  return { id: chatbotId, chatbotId, retentionMonths: months };
}

/** One visitor's chats in the chatbot (already checked to be the caller's); 404 when there are none. */
async function visitorChatIds(db: Db, orgId: string, selector: VisitorSelector) {
  const by = 'chatId' in selector ? { chatId: selector.chatId } : { email: selector.email };
  const ids = await privacyRepo.visitorChatIds(db, orgId, selector.chatbotId, by);
  if (!ids.length) throw 'chatId' in selector ? notFound('Chat') : notFound('Visitor data');
  return ids;
}

const toExportedChat = (c: VisitorChatRow, messages: VisitorMessageRow[]) => ({
  id: c.id,
  visitorId: c.visitor_id,
  lang: c.lang,
  source: c.source,
  createdAt: c.created_at,
  lastMessageAt: c.last_message_at,
  lead: c.lead,
  leadSubmittedAt: c.lead_submitted_at,
  consent: c.lead_consent_at ? { text: c.lead_consent_text, givenAt: c.lead_consent_at } : null,
  messages: messages
    .filter((m) => m.chat_id === c.id)
    .map((m) => ({
      id: m.id,
      createdAt: m.created_at,
      question: m.question,
      answer: m.answer,
      translatedQuestion: m.translated_text,
      optimizedAnswer: m.optimized_answer,
      // The visitor's own rating of the answer in the widget.
      feedback: m.feedback_rating ? { rating: m.feedback_rating, comment: m.feedback_comment, givenAt: m.feedback_at } : null,
    })),
});

/** Everything stored about one visitor of a chatbot: their chats, messages, contact details and consent. */
export async function exportVisitorData(db: Db, orgId: string, selector: VisitorSelector) {
  await refreshChats(db, orgId);
  const ids = await visitorChatIds(db, orgId, selector);
  const [chats, messages] = await Promise.all([privacyRepo.chats(db, ids), privacyRepo.messages(db, ids)]);
  return {
    exportedAt: new Date().toISOString(),
    chatbotId: selector.chatbotId,
    visitorIds: [...new Set(chats.map((c) => c.visitor_id))],
    chats: chats.map((c) => toExportedChat(c, messages)),
  };
}

/** Erases one visitor's chats with their messages and leads; the statistics keep counting them. */
export async function deleteVisitorData(db: Db, orgId: string, selector: VisitorSelector) {
  const ids = await visitorChatIds(db, orgId, selector);
  const deleted = await db.transaction((tx) => privacyRepo.deleteChatsKeepingCounts(tx, ids));
  return { deletedChats: deleted.chats, deletedMessages: deleted.messages, deletedLeads: deleted.leads };
}

/**
 * The whole account as JSON text, in pieces: organization, every table's rows, then the chats with their
 * messages a page at a time (an account may hold 100,000 chats).
 */
export async function* exportAccount(db: Db, orgId: string): AsyncGenerator<string> {
  await refreshChats(db, orgId);
  const organization = await privacyRepo.organization(db, orgId);
  const tables = await privacyRepo.organizationTables(db, orgId);
  const head = JSON.stringify({ exportedAt: new Date().toISOString(), organization, ...tables });
  yield `${head.slice(0, -1)},"chats":[`;
  let after: string | null = null;
  let first = true;
  for (;;) {
    const page = await privacyRepo.chatPage(db, orgId, after, EXPORT_PAGE);
    if (!page.length) break;
    yield (first ? '' : ',') + page.map((p) => JSON.stringify(p.row)).join(',');
    first = false;
    after = page[page.length - 1].id;
  }
  yield ']}';
}

/**
 * Deleting the account: the typed e-mail address must be the account's. Sign-in, sessions and the
 * subscription end at once; everything else goes with the retention job's next run.
 */
export async function requestAccountDeletion(db: Db, orgId: string, accountEmail: string, typedEmail: string) {
  if (typedEmail.toLowerCase() !== accountEmail.toLowerCase())
    throw badRequest('ValidationFailed', 'The e-mail address does not match the account', [
      { path: 'email', code: 'custom', message: 'does not match the account' },
    ]);
  const deletionRequestedAt = await db.transaction((tx) => privacyRepo.requestDeletion(tx, orgId));
  return { deletionRequestedAt };
}

/**
 * Deletes one marked organization: its uploaded files first (a delete of a missing file succeeds, so a
 * run that stopped halfway is simply repeated), then every row by cascade.
 */
async function deleteOrganization(ctx: Pick<AppContext, 'db' | 'config'>, orgId: string) {
  const storage = documentStorage(ctx.config);
  for (const key of await privacyRepo.documentKeys(ctx.db, orgId)) await storage.delete(key);
  await storage.deleteFolder(orgId); // keys start with the organization (documentKey)
  await privacyRepo.deleteOrganization(ctx.db, orgId);
}

/** The daily job: deleted accounts go completely, then chats and leads past their chatbot's retention period. */
export async function runRetention(ctx: Pick<AppContext, 'db' | 'config'>) {
  const organizations = await privacyRepo.organizationsToDelete(ctx.db);
  for (const orgId of organizations) await deleteOrganization(ctx, orgId);
  const expired = { chats: 0, messages: 0, leads: 0 };
  // A chat's last message time decides whether it expired.
  await refreshChats(ctx.db, null);
  for (;;) {
    const ids = await privacyRepo.expiredChatIds(ctx.db, RETENTION_BATCH);
    if (!ids.length) break;
    const n = await ctx.db.transaction((tx) => privacyRepo.deleteChatsKeepingCounts(tx, ids));
    expired.chats += n.chats;
    expired.messages += n.messages;
    expired.leads += n.leads;
  }
  return { deletedOrganizations: organizations.length, deletedChats: expired.chats, deletedMessages: expired.messages, deletedLeads: expired.leads };
}
