import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiObject, apiRecord, described } from '../../../../../contract/api/common.ts';
import { pathId } from '../../../../../contract/ids.ts';
import { parse } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { assertPoolLanguage } from '../../../services/languages.ts';
import { requireChatbot } from '../../../services/tenancy.ts';
import { jsonParam, listQuery, sendList } from '../../simpleRest.ts';
import { CHAT_COUNT_CAP, CHAT_CURSOR_HEADER, CHAT_SORT_FIELDS, CHAT_TOTAL_EXCEEDS_HEADER, chatCursorSchema, formatChatCursor, type ChatSortField } from '../../../../../contract/api/history.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { chatFilterSchema } from '../../../history/filters.ts';
import { historyRepo } from '../../../history/repository.ts';
import { refreshChats } from '../../../runtime/chatWords.ts';
import { csvChunks, exportFileName, isTimeZone, planExport } from '../../../history/csvExport.ts';
import {
  chatWithMessages, deleteChat, optimizeAnswer, requireChat, saveTranslation, toApiChat,
} from '../../../history/service.ts';

const chatRecord = apiRecord('a chat: chatbotId, lang, category, read, favorite, createdAt, lastMessageAt, messages count, lead');

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
const chatParams = z.object({ id: pathId });
const messageParams = z.object({ chatId: pathId, messageId: pathId });

/**
 * Chat history: chats of the active chatbot in the ra-data-simple-rest dialect, counts per category,
 * read/favorite flags, delete, translations and optimized answers of messages, and the CSV export.
 */
export default async function chatsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = listQuery(chatFilterSchema, { sortable: CHAT_SORT_FIELDS, defaultSort: ['createdAt', 'DESC'] })
    .and(z.object({ after: chatCursorSchema.optional() }))
    .superRefine((q, ctx) => {
      if (q.after && q.after.field !== q.sort.field) ctx.addIssue({ code: 'custom', path: ['after'], message: `a cursor of the ${q.after.field} sort` });
    });
  api.get('/chats', { schema: { querystring: list, response: { 200: z.array(chatRecord) } } }, async (req, reply) => {
    const q = req.query;
    const auth = requireAuth(req);
    const { organizationId } = auth;
    await requireChatbot(db, auth, q.filter.chatbotId);
    await refreshChats(db, organizationId);
    const page = { field: q.sort.field as ChatSortField, order: q.sort.order, limit: q.limit, offset: q.offset, after: q.after };
    // A client that pages by cursor has the total from its first page; counting again would cost more than
    // the page itself (a keyset page reads its own chats). The total is counted up to CHAT_COUNT_CAP only.
    const [rows, counted] = await Promise.all([
      historyRepo.list(db, organizationId, q.filter, page),
      q.after ? ('*' as const) : historyRepo.total(db, organizationId, q.filter),
    ]);
    const last = rows.length === q.limit ? rows[rows.length - 1] : undefined;
    if (last) reply.header(CHAT_CURSOR_HEADER, formatChatCursor({ field: page.field, key: last.sort_key, id: last.id }));
    // A page by range that is not full is the last one: it tells the total past the cap as well.
    const lastPage = !q.after && rows.length < q.limit && (rows.length > 0 || q.offset === 0);
    const exceeds = !lastPage && counted !== '*' && counted > CHAT_COUNT_CAP;
    if (exceeds) reply.header(CHAT_TOTAL_EXCEEDS_HEADER, String(CHAT_COUNT_CAP));
    const total = lastPage ? q.offset + rows.length : exceeds ? '*' : counted;
    return sendList(reply, 'chats', rows.map(toApiChat), total, q.offset);
  });

  /** Counts per category and per read state under the other filters, in one call, each up to CHAT_COUNT_CAP. */
  api.get('/chats/counts', { schema: { querystring: z.object({ filter: filterParam }), response: { 200: apiObject(`counts per category and per read state under the other filters; each exact up to cap (${CHAT_COUNT_CAP}), cap + 1 meaning more`) } } }, async (req) => {
    const { filter } = req.query;
    const auth = requireAuth(req);
    const { organizationId } = auth;
    await requireChatbot(db, auth, filter.chatbotId);
    await refreshChats(db, organizationId);
    return historyRepo.counts(db, organizationId, filter);
  });

  /**
   * CSV of the newest `amount` chats matching the filters, streamed. X-Export-Chats says how many chats
   * are in the file, X-Export-Skipped how many of the selection had no message to export.
   */
  api.get('/chats/export', {
    schema: {
      querystring: exportQuery,
      response: { 200: { description: 'CSV of the chats (X-Export-Chats, X-Export-Skipped: how many)', content: { 'text/csv': { schema: described<Readable>(z.string(), 'CSV text, streamed') } } } },
    },
  }, async (req, reply) => {
    const q = req.query;
    const auth = requireAuth(req);
    const { organizationId } = auth;
    await requireChatbot(db, auth, q.filter.chatbotId);
    await refreshChats(db, organizationId);
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

  api.get('/chats/:id', { schema: { params: chatParams, response: { 200: apiRecord('the chat with its messages (question, answer, sources, score, translations)') } } }, async (req) => chatWithMessages(db, requireAuth(req).organizationId, req.params.id));

  api.put('/chats/:id', { schema: { params: chatParams, body: flagsBody.optional(), response: { 200: chatRecord } } }, async (req) => {
    const { organizationId } = requireAuth(req);
    const chat = await requireChat(db, organizationId, req.params.id);
    const flags = req.body ?? {};
    return toApiChat(await historyRepo.setFlags(db, chat.id, flags));
  });

  api.delete('/chats/:id', { schema: { params: chatParams, response: { 200: apiObject('the deleted chat') } } }, async (req) => deleteChat(db, requireAuth(req).organizationId, req.params.id));

  /** Keeps the translation of a visitor's message (the dashboard gets it from translations?lang&message). */
  api.put('/chats/:chatId/messages/:messageId', { schema: { params: messageParams, response: { 200: apiObject('the message with its saved translation') } }, config: { bodyCheckedAfterLookup: translationBody } }, async (req) => {
    const p = req.params;
    const body = parse(translationBody, req.body);
    assertPoolLanguage(body.translatedLang);
    return saveTranslation(db, requireAuth(req).organizationId, p.chatId, p.messageId, body);
  });

  /** Saves an improved answer as an active question-answer pair from the chat history. */
  api.post('/chats/:chatId/messages/:messageId/optimize', { schema: { params: messageParams, response: { 200: apiObject('qna: the question-answer pair saved from the chat') } }, config: { bodyCheckedAfterLookup: optimizeBody } }, async (req) => {
    const p = req.params;
    const body = parse(optimizeBody, req.body);
    const result = await optimizeAnswer(db, requireAuth(req).organizationId, p.chatId, p.messageId, body);
    await queueEmbeddings(app.ctx, result.qna.chatbotId);
    return result;
  });
}
