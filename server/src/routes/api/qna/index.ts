import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { badRequest, parse } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { removePassages } from '../../../training/indexer.ts';
import {
  exportQnaSheet, flagDuplicates, HAS_LINK_SQL, importQna, readQnaSheet, syncQnaPassage, toApiQna, type QnaRow,
} from '../../../training/qna.ts';
import { chatbotScope, idList, idParam, idsBody, langOr, scoped } from '../../../training/scope.ts';

const SORTABLE = { question: 'question', answer: 'answer', createdAt: 'created_at', updatedAt: 'updated_at', active: 'active', id: 'id' };
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
  await app.register(multipart, { limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 1, fields: 10 } });

  const where = (f: z.infer<typeof listFilter>, orgId: string) => {
    const params: unknown[] = [orgId, f.chatbotId];
    let sql = 'organization_id = $1 and chatbot_id = $2';
    if (f.lang) sql += ` and lang = $${params.push(f.lang)}`;
    if (f.active !== undefined) sql += ` and active = $${params.push(f.active)}`;
    if (f.fromChatHistory !== undefined) sql += ` and from_chat_history = $${params.push(f.fromChatHistory)}`;
    if (f.hasLink !== undefined) sql += ` and ${HAS_LINK_SQL} = $${params.push(f.hasLink)}`;
    if (f.q) sql += ` and (question ilike $${params.push(`%${f.q.replace(/[%_\\]/g, '\\$&')}%`)} or answer ilike $${params.length})`;
    if (f.id) sql += ` and id = any($${params.push(f.id)}::uuid[])`;
    return { sql, params };
  };

  app.get('/qna', async (req, reply) => {
    const q = parseListQuery(req.query, { sortable: SORTABLE, defaultSort: ['createdAt', 'DESC'], filter: listFilter });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const w = where(q.filter, orgId);
    const total = (await db.query<{ n: number }>(`select count(*)::int n from qna where ${w.sql}`, w.params)).rows[0].n;
    const rows = await db.query<QnaRow>(`select * from qna where ${w.sql} order by ${q.orderBy}, id limit ${q.limit} offset ${q.offset}`, w.params);
    return sendList(reply, 'qna', rows.rows.map(toApiQna), total, q.offset);
  });

  app.get('/qna/export', async (req, reply) => {
    const f = parse(z.object({ filter: z.string().transform((s) => JSON.parse(s)).pipe(listFilter) }), req.query).filter;
    const { orgId } = await scoped(req, f.chatbotId);
    const w = where(f, orgId);
    const rows = await db.query<{ question: string; answer: string }>(`select question, answer from qna where ${w.sql} order by created_at, id`, w.params);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="qna.xlsx"')
      .send(exportQnaSheet(rows.rows));
  });

  app.get('/qna/:id', async (req) => toApiQna(await qnaInOrg(app, idParam(req.params), requireAuth(req).organizationId)));

  app.post('/qna', async (req, reply) => {
    const body = parse(
      z.strictObject({ ...chatbotScope, question: text(2000), answer: text(20000), active: z.boolean().default(true), fromChatHistory: z.boolean().default(false) }),
      req.body,
    );
    const { bot } = await scoped(req, body.chatbotId);
    const row = await db.transaction(async (tx) => {
      const r = await tx.query<QnaRow>(
        'insert into qna (organization_id, chatbot_id, lang, question, answer, active, from_chat_history) values ($1, $2, $3, $4, $5, $6, $7) returning *',
        [bot.organization_id, bot.id, langOr(body.lang, bot), body.question, body.answer, body.active, body.fromChatHistory],
      );
      await syncQnaPassage(tx, r.rows[0]);
      return r.rows[0];
    });
    await queueEmbeddings(app.ctx, row.chatbot_id);
    return reply.status(201).send(toApiQna(row));
  });

  // react-admin sends the whole record back on update; only these fields are the user's to change.
  const updateBody = z.object({ question: text(2000).optional(), answer: text(20000).optional(), active: z.boolean().optional() });
  const update = async (id: string, orgId: string, patch: z.infer<typeof updateBody>) => {
    const cur = await qnaInOrg(app, id, orgId);
    const row = await db.transaction(async (tx) => {
      const r = await tx.query<QnaRow>(
        'update qna set question = $2, answer = $3, active = $4, updated_at = now() where id = $1 returning *',
        [cur.id, patch.question ?? cur.question, patch.answer ?? cur.answer, patch.active ?? cur.active],
      );
      await syncQnaPassage(tx, r.rows[0]);
      return r.rows[0];
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
      const r = await tx.query<QnaRow>(
        'update qna set active = $4, updated_at = now() where organization_id = $1 and chatbot_id = $2 and id = any($3::uuid[]) returning *',
        [orgId, body.chatbotId, body.ids, body.active],
      );
      for (const q of r.rows) await syncQnaPassage(tx, q);
      return r.rows;
    });
    await queueEmbeddings(app.ctx, body.chatbotId);
    return rows.map(toApiQna);
  });

  app.delete('/qna/:id', async (req) => {
    const cur = await qnaInOrg(app, idParam(req.params), requireAuth(req).organizationId);
    await db.transaction(async (tx) => {
      await removePassages(tx, 'qna', cur.id);
      await tx.query('delete from qna where id = $1', [cur.id]);
    });
    return toApiQna(cur);
  });

  /**
   * xlsx import, multipart: file + chatbotId, lang, mode. mode=check (default) only reports the rows
   * and their duplicates; import stores all rows; skip stores all but the duplicates.
   */
  app.post('/qna/import', async (req) => {
    if (!req.isMultipart()) throw badRequest('ValidationFailed', 'Send the xlsx file as multipart/form-data', [{ path: 'file', message: 'required' }]);
    const part = await req.file();
    if (!part) throw badRequest('ValidationFailed', 'No file', [{ path: 'file', message: 'required' }]);
    const buf = await part.toBuffer();
    const fields = Object.fromEntries(
      Object.entries(part.fields).flatMap(([k, v]) => (v && !Array.isArray(v) && v.type === 'field' ? [[k, String(v.value)]] : [])),
    );
    // Fields may come before the file in the form, or in the query string.
    const f = parse(z.object({ ...chatbotScope, mode: z.enum(['check', 'import', 'skip']).default('check') }), { ...(req.query as object), ...fields });
    const { bot } = await scoped(req, f.chatbotId);
    const lang = langOr(f.lang, bot);
    const rows = await flagDuplicates(db, bot.id, lang, readQnaSheet(buf));
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
