import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { assertPoolLanguage } from '../../../services/languages.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { jsonParam, parseListQuery, sendList } from '../../simpleRest.ts';
import { chatFilterSchema } from '../../../history/filters.ts';
import { historyRepo } from '../../../history/repository.ts';
import { csvChunks, exportFileName, isTimeZone, planExport } from '../../../history/csvExport.ts';
import {
  chatWithMessages, deleteChat, optimizeAnswer, requireChat, saveTranslation, toApiChat,
} from '../../../history/service.ts';

const SORTABLE = { createdAt: 'c.created_at', lastMessageAt: 'c.last_message_at', id: 'c.id' };
export const MAX_EXPORT_CHATS = 100_000;

const filterParam = jsonParam(chatFilterSchema);

const exportQuery = z.object({
  filter: filterParam,
  amount: z.coerce.number({ error: 'required' }).int().min(1).max(MAX_EXPORT_CHATS),
  locale: z.enum(['de', 'en']).default('de'),
  tz: z.string().max(64).refine(isTimeZone, 'unknown time zone').default('UTC'),
});

// react-admin sends the whole record back on update; only the flags are the user's to change.
const flagsBody = z.object({ read: z.boolean().optional(), favorite: z.boolean().optional() });
const translationBody = z.strictObject({ translatedText: z.string().trim().min(1).max(20_000), translatedLang: z.string().min(2).max(10) });
const optimizeBody = z.strictObject({
  answer: z.string().trim().min(1, 'required').max(20_000),
  question: z.string().trim().min(1, 'required').max(2000).optional(),
});
const chatParams = z.object({ id: z.string() });
const messageParams = z.object({ chatId: z.string(), messageId: z.string() });

/**
 * Chat history: chats of the active chatbot in the ra-data-simple-rest dialect, counts per category,
 * read/favorite flags, delete, translations and optimized answers of messages, and the CSV export.
 */
export default async function chatsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/chats', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: chatFilterSchema });
    const { organizationId } = requireAuth(req);
    await requireChatbot(req, q.filter.chatbotId);
    const orderBy = `${q.orderBy}, c.id ${q.sort.order}`;
    const [rows, total] = await Promise.all([
      historyRepo.list(db, organizationId, q.filter, orderBy, q.limit, q.offset),
      historyRepo.total(db, organizationId, q.filter),
    ]);
    return sendList(reply, 'chats', rows.map(toApiChat), total, q.offset);
  });

  /** Counts per category and per read state under the other filters, in one call. */
  app.get('/chats/counts', async (req) => {
    const { filter } = parse(z.object({ filter: filterParam }), req.query);
    const { organizationId } = requireAuth(req);
    await requireChatbot(req, filter.chatbotId);
    return historyRepo.counts(db, organizationId, filter);
  });

  /**
   * CSV of the newest `amount` chats matching the filters, streamed. X-Export-Chats says how many chats
   * are in the file, X-Export-Skipped how many of the selection had no message to export.
   */
  app.get('/chats/export', async (req, reply) => {
    const q = parse(exportQuery, req.query);
    const { organizationId } = requireAuth(req);
    await requireChatbot(req, q.filter.chatbotId);
    const plan = await planExport(db, organizationId, q.filter, q.amount);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(q.tz)}"`)
      .header('x-export-chats', String(plan.chatIds.length))
      .header('x-export-skipped', String(plan.skipped))
      .header('access-control-expose-headers', 'Content-Disposition, X-Export-Chats, X-Export-Skipped')
      .header('cache-control', 'no-store')
      .send(Readable.from(csvChunks(db, organizationId, plan, { locale: q.locale, timeZone: q.tz })));
  });

  app.get('/chats/:id', async (req) => chatWithMessages(db, requireAuth(req).organizationId, parse(chatParams, req.params).id));

  app.put('/chats/:id', async (req) => {
    const { organizationId } = requireAuth(req);
    const chat = await requireChat(db, organizationId, parse(chatParams, req.params).id);
    const flags = parse(flagsBody, req.body ?? {});
    return toApiChat(await historyRepo.setFlags(db, chat.id, flags));
  });

  app.delete('/chats/:id', async (req) => deleteChat(db, requireAuth(req).organizationId, parse(chatParams, req.params).id));

  /** Keeps the translation of a visitor's message (the dashboard gets it from translations?lang&message). */
  app.put('/chats/:chatId/messages/:messageId', async (req) => {
    const p = parse(messageParams, req.params);
    const body = parse(translationBody, req.body);
    assertPoolLanguage(body.translatedLang);
    return saveTranslation(db, requireAuth(req).organizationId, p.chatId, p.messageId, body);
  });

  /** Saves an improved answer as an active question-answer pair from the chat history. */
  app.post('/chats/:chatId/messages/:messageId/optimize', async (req) => {
    const p = parse(messageParams, req.params);
    const body = parse(optimizeBody, req.body);
    const result = await optimizeAnswer(db, requireAuth(req).organizationId, p.chatId, p.messageId, body);
    await queueEmbeddings(app.ctx, result.qna.chatbotId);
    return result;
  });
}
