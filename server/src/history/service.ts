/**
 * The chat history: reading and triaging recorded conversations, keeping translations, and turning
 * an improved answer into a question-answer pair the chatbot answers with from then on.
 */
import type { Db } from '../db/index.ts';
import type { ChatRow } from '../runtime/conversations.ts';
import { isUuid } from '../../../contract/ids.ts';
import { requireRecord } from '../services/tenancy.ts';
import { syncQnaPassage, toApiQna, type QnaRow } from '../training/qna.ts';
import { historyRepo, type ChatListRow, type MessageRow } from './repository.ts';

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
});

export const requireChat = (db: Db, orgId: string, chatId: string) => requireRecord('Chat', chatId, (id) => historyRepo.chatInOrg(db, orgId, id));

export const requireMessage = (db: Db, orgId: string, chatId: string, messageId: string) =>
  requireRecord('Message', messageId, async (id) => (isUuid(chatId) ? historyRepo.messageInOrg(db, orgId, chatId, id) : null));

export async function chatWithMessages(db: Db, orgId: string, chatId: string) {
  const chat = await requireChat(db, orgId, chatId);
  const messages = await historyRepo.messages(db, chat.id);
  return { ...toApiChat(chat), messages: messages.map(toApiMessage) };
}

/** Same normalisation as the xlsx import's duplicate check: case, inner spaces, closing punctuation. */
const NORMALIZED_QUESTION = (expr: string) => `regexp_replace(regexp_replace(lower(btrim(${expr})), '\\s+', ' ', 'g'), '[?!.\\s]+$', '')`;

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
    if (m.optimized_qna_id)
      pair = (await tx.query<QnaRow>('select * from qna where id = $1 and organization_id = $2 for update', [m.optimized_qna_id, orgId])).rows[0];
    pair ??= (
      await tx.query<QnaRow>(
        `select * from qna where chatbot_id = $1 and organization_id = $2 and lang = $3
            and ${NORMALIZED_QUESTION('question')} = ${NORMALIZED_QUESTION('$4')}
          order by active desc, created_at limit 1 for update`,
        [m.chatbot_id, orgId, m.lang, question],
      )
    ).rows[0];
    let created = false;
    if (pair) {
      pair = (
        await tx.query<QnaRow>(
          'update qna set question = $2, answer = $3, active = true, from_chat_history = true, updated_at = now() where id = $1 returning *',
          [pair.id, question, input.answer],
        )
      ).rows[0];
    } else {
      created = true;
      pair = (
        await tx.query<QnaRow>(
          `insert into qna (organization_id, chatbot_id, lang, question, answer, active, from_chat_history)
           values ($1, $2, $3, $4, $5, true, true) returning *`,
          [orgId, m.chatbot_id, m.lang, question, input.answer],
        )
      ).rows[0];
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
