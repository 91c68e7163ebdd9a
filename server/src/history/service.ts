/**
 * The chat history: reading and triaging recorded conversations, keeping translations, and turning
 * an improved answer into a question-answer pair the chatbot answers with from then on.
 */
import type { Db } from '../db/index.ts';
import type { ChatRow } from '../repositories/conversations.ts';
import { isUuid } from '../../../contract/ids.ts';
import { requireRecord } from '../services/tenancy.ts';
import { syncQnaPassage, toApiQna, type QnaRow } from '../training/qna.ts';
import { historyRepo, type ChatListRow, type MessageRow } from './repository.ts';
import { refreshChats } from '../runtime/chatWords.ts';

export const toApiChat = (c: ChatRow | ChatListRow) => ({
  id: c.id,
  chatbotId: c.chatbot_id,
  lang: c.lang,
  category: c.category,
  read: c.read,
  favorite: c.favorite,
  lead: c.lead,
  leadSubmittedAt: c.lead_submitted_at,
  personRequested: c.person_requested,
  source: c.source,
  createdAt: c.created_at,
  lastMessageAt: c.last_message_at,
  messageCount: c.message_count,
  ...('preview' in c ? { preview: c.preview } : {}),
});

export const toApiMessage = (m: MessageRow) => ({
  id: m.id,
  chatId: m.chat_id,
  question: m.question,
  translatedText: m.translated_text,
  translatedLang: m.translated_lang,
  answer: m.answer,
  optimizedAnswer: m.optimized_answer,
  optimizedQnaId: m.optimized_qna_id,
  sources: m.sources,
  score: m.score,
  answeredBy: m.answered_by,
  createdAt: m.created_at,
  // The visitor's thumbs up or down in the widget, with the comment a thumbs-down may carry.
  feedbackRating: m.feedback_rating,
  feedbackComment: m.feedback_comment,
  feedbackAt: m.feedback_at,
});

/** The organization's chat with its last message time and search words brought up to its messages (runtime/chatWords.ts). */
export const requireChat = (db: Db, orgId: string, chatId: string) =>
  requireRecord('Chat', chatId, async (id) => {
    await refreshChats(db, orgId);
    return historyRepo.chatInOrg(db, orgId, id);
  });

export const requireMessage = (db: Db, orgId: string, chatId: string, messageId: string) =>
  requireRecord('Message', messageId, async (id) => (isUuid(chatId) ? historyRepo.messageInOrg(db, orgId, chatId, id) : null));

export async function chatWithMessages(db: Db, orgId: string, chatId: string) {
  const chat = await requireChat(db, orgId, chatId);
  const messages = await historyRepo.messages(db, chat.id);
  return { ...toApiChat(chat), messages: messages.map(toApiMessage) };
}

/**
 * Saves an improved answer to a visitor's question as an active question-answer pair marked
 * "from chat history", indexes it, and keeps it on the message as its optimized answer.
 * Optimizing the same message again updates its pair. If the chatbot already has a pair for the
 * same question, that pair gets the new answer (and is activated and marked), so the chatbot never
 * has two pairs competing for one question.
 */
export async function optimizeAnswer(
  db: Db,
  orgId: string,
  chatId: string,
  messageId: string,
  input: { answer: string; question?: string },
) {
  const m = await requireMessage(db, orgId, chatId, messageId);
  const question = input.question ?? m.question;
  const result = await db.transaction(async (tx) => {
    let pair: QnaRow | undefined;
    if (m.optimized_qna_id) pair = await historyRepo.lockPair(tx, orgId, m.optimized_qna_id);
    pair ??= await historyRepo.lockPairForQuestion(tx, orgId, m.chatbot_id, m.lang, question);
    let created = false;
    if (pair) {
      pair = await historyRepo.updatePairFromHistory(tx, pair.id, question, input.answer);
    } else {
      created = true;
      pair = await historyRepo.insertPairFromHistory(tx, orgId, m.chatbot_id, m.lang, question, input.answer);
    }
    await syncQnaPassage(tx, pair);
    await historyRepo.setOptimized(tx, m.id, input.answer, pair.id);
    return { pair, created };
  });
  return {
    message: toApiMessage({ ...m, optimized_answer: input.answer, optimized_qna_id: result.pair.id }),
    qna: toApiQna(result.pair),
    created: result.created,
  };
}

/** Keeps a translation next to the original text of the visitor's message. */
export async function saveTranslation(db: Db, orgId: string, chatId: string, messageId: string, t: { translatedText: string; translatedLang: string }) {
  const m = await requireMessage(db, orgId, chatId, messageId);
  await historyRepo.setTranslation(db, m.id, t.translatedText, t.translatedLang);
  return toApiMessage({ ...m, translated_text: t.translatedText, translated_lang: t.translatedLang });
}

export async function deleteChat(db: Db, orgId: string, chatId: string) {
  return toApiChat(await requireRecord('Chat', chatId, (id) => db.transaction((tx) => historyRepo.deleteChat(tx, orgId, id))));
}
