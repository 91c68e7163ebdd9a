import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { QNA_SORTABLE, qnaRepo } from '../../../repositories/qna.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { readQnaSheetInSandbox } from '../../../training/extractionSandbox.ts';
import { removePassages } from '../../../training/indexer.ts';
import { acceptUploads, uploadedFile } from '../../multipartUpload.ts';
import {
  exportQnaSheet, flagDuplicates, importQna, syncQnaPassage, toApiQna, type QnaRow,
} from '../../../training/qna.ts';
import { chatbotScope, idList, idParam, idsBody, langOr, scoped } from '../../../training/scope.ts';

const text = (max: number) => z.string().trim().min(1, 'required').max(max);
const listFilter = z.object({
  ...chatbotScope,
  active: z.boolean().optional(),
  q: z.string().max(200).optional(),
  fromChatHistory: z.boolean().optional(),
  hasLink: z.boolean().optional(),
  id: idList.optional(),
});

const qnaInOrg = (app: FastifyInstance, id: string, orgId: string) => recordInOrg<QnaRow>(app.ctx.db, 'qna', id, orgId);

/** Question-answer pairs: CRUD, activation, xlsx import and export. */
export default async function qnaRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  await acceptUploads(app, config.MAX_UPLOAD_MB * 1024 * 1024);

  app.get('/qna', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: QNA_SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: listFilter });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await qnaRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'qna', rows.map(toApiQna), total, q.offset);
  });

  app.get('/qna/export', async (req, reply) => {
    const f = parse(z.object({ filter: z.string().transform((s) => JSON.parse(s)).pipe(listFilter) }), req.query).filter;
    const { orgId } = await scoped(req, f.chatbotId);
    const rows = await qnaRepo.listForExport(db, orgId, f);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="qna.xlsx"')
      .send(exportQnaSheet(rows));
  });

  app.get('/qna/:id', async (req) => toApiQna(await qnaInOrg(app, idParam(req.params), requireAuth(req).organizationId)));

  app.post('/qna', async (req, reply) => {
    const body = parse(
      z.strictObject({ ...chatbotScope, question: text(2000), answer: text(20000), active: z.boolean().default(true), fromChatHistory: z.boolean().default(false) }),
      req.body,
    );
    const { bot } = await scoped(req, body.chatbotId);
    const row = await db.transaction(async (tx) => {
      const pair = await qnaRepo.create(tx, bot, { ...body, lang: langOr(body.lang, bot) });
      await syncQnaPassage(tx, pair);
      return pair;
    });
    await queueEmbeddings(app.ctx, row.chatbot_id);
    return reply.status(201).send(toApiQna(row));
  });

  // react-admin sends the whole record back on update; only these fields are the user's to change.
  const updateBody = z.object({ question: text(2000).optional(), answer: text(20000).optional(), active: z.boolean().optional() });
  const update = async (id: string, orgId: string, patch: z.infer<typeof updateBody>) => {
    const cur = await qnaInOrg(app, id, orgId);
    const row = await db.transaction(async (tx) => {
      const pair = await qnaRepo.update(tx, cur.id, { question: patch.question ?? cur.question, answer: patch.answer ?? cur.answer, active: patch.active ?? cur.active });
      await syncQnaPassage(tx, pair);
      return pair;
    });
    await queueEmbeddings(app.ctx, row.chatbot_id);
    return row;
  };
  app.put('/qna/:id', async (req) => toApiQna(await update(idParam(req.params), requireAuth(req).organizationId, parse(updateBody, req.body))));
  app.post('/qna/:id/activate', async (req) => toApiQna(await update(idParam(req.params), requireAuth(req).organizationId, { active: true })));
  app.post('/qna/:id/deactivate', async (req) => toApiQna(await update(idParam(req.params), requireAuth(req).organizationId, { active: false })));

  app.post('/qna/activate', async (req) => {
    const body = parse(z.strictObject({ ...chatbotScope, ids: idsBody, active: z.boolean() }), req.body);
    const { orgId } = await scoped(req, body.chatbotId);
    const rows = await db.transaction(async (tx) => {
      const pairs = await qnaRepo.setActive(tx, orgId, body.chatbotId, body.ids, body.active);
      for (const q of pairs) await syncQnaPassage(tx, q);
      return pairs;
    });
    await queueEmbeddings(app.ctx, body.chatbotId);
    return rows.map(toApiQna);
  });

  app.delete('/qna/:id', async (req) => {
    const cur = await qnaInOrg(app, idParam(req.params), requireAuth(req).organizationId);
    await db.transaction(async (tx) => {
      await removePassages(tx, 'qna', cur.id);
      await qnaRepo.remove(tx, cur.id);
    });
    return toApiQna(cur);
  });

  /**
   * xlsx import, multipart: file + chatbotId, lang, mode. mode=check (default) only reports the rows
   * and their duplicates; import stores all rows; skip stores all but the duplicates.
   */
  app.post('/qna/import', async (req, reply) => {
    const { buf, fields } = await uploadedFile(req, reply);
    // Fields may come before the file in the form, or in the query string.
    const f = parse(z.object({ ...chatbotScope, mode: z.enum(['check', 'import', 'skip']).default('check') }), { ...(req.query as object), ...fields });
    const { bot } = await scoped(req, f.chatbotId);
    const lang = langOr(f.lang, bot);
    const rows = await flagDuplicates(db, bot.id, lang, await readQnaSheetInSandbox(buf));
    const summary = {
      total: rows.length,
      duplicatesInFile: rows.filter((r) => r.duplicate === 'file').length,
      duplicatesExisting: rows.filter((r) => r.duplicate === 'existing').length,
    };
    if (f.mode === 'check') return { ...summary, imported: 0, skipped: 0, rows: rows.slice(0, 1000) };
    const result = await importQna(db, bot, lang, rows, f.mode);
    await queueEmbeddings(app.ctx, bot.id);
    return { ...summary, ...result };
  });
}
