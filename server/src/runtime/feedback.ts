/**
 * A visitor's thumbs up or down on one answer of their chat (issue 15): stored on the message, a second
 * rating replacing the first. The ids are checked before the body, like the widget's other calls: a
 * malformed chatbot id is 400, an unknown (or another chatbot's) chat or message 404, and so is a
 * message without an answer, which has nothing to rate.
 */
import { feedbackBody } from '../../../contract/api/widget.ts';
import type { AppContext } from '../context.ts';
import { notFound, parse } from '../errors.ts';
import { refuseUnstorableText } from '../services/users.ts';
import { requirePublicChatbot } from './access.ts';
import { conversationsRepo } from './conversations.ts';

export async function giveFeedback(ctx: AppContext, chatbotId: string, chatId: string, messageId: string, body: unknown) {
  const bot = await requirePublicChatbot(ctx.db, chatbotId);
  const chat = await conversationsRepo.byId(ctx.db, bot.id, chatId);
  if (!chat) throw notFound('Chat');
  const message = await conversationsRepo.answerInChat(ctx.db, bot.id, chat.id, messageId);
  if (!message) throw notFound('Message');
  // PostgreSQL cannot store NUL characters: a 400 naming the field, never a database error.
  refuseUnstorableText(body);
  const input = parse(feedbackBody, body);
  const saved = await conversationsRepo.setFeedback(ctx.db, message.id, input.rating, input.comment);
  return { messageId: saved.id, chatId: saved.chat_id, rating: saved.feedback_rating, comment: saved.feedback_comment, ratedAt: saved.feedback_at };
}
