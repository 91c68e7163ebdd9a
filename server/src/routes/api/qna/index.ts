import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiObject, apiRecord, described, errorResponses } from '../../../../../contract/api/common.ts';
import { parse } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { QNA_SORTABLE, qnaRepo } from '../../../repositories/qna.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import { activateQnaBody, createQnaBody, qnaExportQuery, qnaFilter, qnaImportFields, updateQnaBody } from '../../../../../contract/api/training.ts';
import { readQnaSheetInSandbox } from '../../../training/extractionSandbox.ts';
import { removePassages } from '../../../training/indexer.ts';
import { acceptUploads, uploadedFile } from '../../multipartUpload.ts';
import {
  exportQnaSheet, flagDuplicates, importQna, syncQnaPassage, toApiQna, type QnaRow,
} from '../../../training/qna.ts';
import { langOr, scoped } from '../../../training/scope.ts';

const pair = apiRecord('a question-answer pair: chatbotId, lang, question, answer, active, fromChatHistory, createdAt');

const params = z.object({ id: pathId });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const qnaInOrg = (app: FastifyInstance, id: string, orgId: string) => recordInOrg<QnaRow>(app.ctx.db, 'qna', id, orgId);

/** Question-answer pairs: CRUD, activation, xlsx import and export. */
export default async function qnaRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  await acceptUploads(app, config.MAX_UPLOAD_MB * 1024 * 1024);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = listQuery(qnaFilter, { sortable: Object.keys(QNA_SORTABLE), defaultSort: ['createdAt', 'DESC'] });
  api.get('/qna', { schema: { querystring: list, response: { 200: z.array(pair) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, QNA_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await qnaRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'qna', rows.map(toApiQna), total, q.offset);
  });

  api.get('/qna/export', {
    schema: {
      querystring: qnaExportQuery,
      response: { 200: { description: 'the pairs as an xlsx sheet', content: { [XLSX]: { schema: described<Buffer>(z.string(), 'the xlsx file') } } } },
    },
  }, async (req, reply) => {
    const { filter: f, sort, locale } = req.query;
    const { orgId } = await scoped(req, f.chatbotId);
    const rows = await qnaRepo.listForExport(db, orgId, f, sort ? `${QNA_SORTABLE[sort[0]]} ${sort[1]}` : undefined);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', 'attachment; filename="qna.xlsx"')
      .send(exportQnaSheet(rows, locale));
  });

  api.get('/qna/:id', { schema: { params, response: { 200: pair } } }, async (req) => toApiQna(await qnaInOrg(app, req.params.id, requireAuth(req).organizationId)));

  api.post('/qna', { schema: { body: createQnaBody, response: { 201: pair } } }, async (req, reply) => {
    const body = req.body;
    const { bot } = await scoped(req, body.chatbotId);
    const row = await db.transaction(async (tx) => {
      const pair = await qnaRepo.create(tx, bot, { ...body, lang: langOr(body.lang, bot) });
      await syncQnaPassage(tx, pair);
      return pair;
    });
    await queueEmbeddings(app.ctx, row.chatbot_id);
    return reply.status(201).send(toApiQna(row));
  });

  const updateBody = updateQnaBody;
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
  api.put('/qna/:id', { schema: { params, body: updateBody, response: { 200: pair } } }, async (req) => toApiQna(await update(req.params.id, requireAuth(req).organizationId, req.body)));
  api.post('/qna/:id/activate', { schema: { params, response: { 200: pair } } }, async (req) => toApiQna(await update(req.params.id, requireAuth(req).organizationId, { active: true })));
  api.post('/qna/:id/deactivate', { schema: { params, response: { 200: pair } } }, async (req) => toApiQna(await update(req.params.id, requireAuth(req).organizationId, { active: false })));

  api.post('/qna/activate', { schema: { body: activateQnaBody, response: { 200: z.array(pair) } } }, async (req) => {
    const body = req.body;
    const { orgId } = await scoped(req, body.chatbotId);
    const rows = await db.transaction(async (tx) => {
      const pairs = await qnaRepo.setActive(tx, orgId, body.chatbotId, body.ids, body.active);
      for (const q of pairs) await syncQnaPassage(tx, q);
      return pairs;
    });
    await queueEmbeddings(app.ctx, body.chatbotId);
    return rows.map(toApiQna);
  });

  api.delete('/qna/:id', { schema: { params, response: { 200: pair } } }, async (req) => {
    const cur = await qnaInOrg(app, req.params.id, requireAuth(req).organizationId);
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
  api.post('/qna/import', {
    schema: {
      consumes: ['multipart/form-data'],
      description: `multipart/form-data: one xlsx file and the fields ${Object.keys(qnaImportFields.shape).join(', ')}`,
      response: {
        200: apiObject('total, duplicatesInFile, duplicatesExisting, imported, skipped; in check mode the rows (first 1000) with their duplicate flag'),
        ...errorResponses('QnaImportColumns', 'QnaImportFailed', 'FileTooLarge'),
      },
    },
  }, async (req, reply) => {
    const { buf, fields } = await uploadedFile(req, reply);
    // Fields may come before the file in the form, or in the query string.
    const f = parse(qnaImportFields, { ...(req.query as object), ...fields });
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
