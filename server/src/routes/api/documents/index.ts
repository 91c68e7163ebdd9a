import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRecord, errorResponses } from '../../../../../contract/api/common.ts';
import { AppError, parse, tooLarge } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { DOCUMENTS_SORTABLE, documentsRepo } from '../../../repositories/documents.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { listQuery, sendList, withOrderBy } from '../../simpleRest.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathId } from '../../../../../contract/ids.ts';
import { documentFilter, documentFromUrlBody, documentUploadFields } from '../../../../../contract/api/training.ts';
import { addDocument, deleteDocument, toApiDocument, type DocumentRow } from '../../../training/documents.ts';
import { FetchError, safeFetch } from '../../../training/fetch.ts';
import { acceptUploads, uploadedFile } from '../../multipartUpload.ts';
import { langOr, scoped } from '../../../training/scope.ts';



const documentRecord = apiRecord('the document: chatbotId, lang, name, type, size, characters, sourceUrl, createdAt');

/** Documents: upload (file or URL), list, delete. */
export default async function documentsRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const maxBytes = Math.round(config.MAX_UPLOAD_MB * 1024 * 1024);
  await acceptUploads(app, maxBytes);

  const byId = (id: string, orgId: string) => recordInOrg<DocumentRow>(db, 'documents', id, orgId);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: pathId });
  const list = listQuery(documentFilter, { sortable: Object.keys(DOCUMENTS_SORTABLE), defaultSort: ['createdAt', 'DESC'] });
  api.get('/documents', { schema: { querystring: list, response: { 200: z.array(documentRecord) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, DOCUMENTS_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await documentsRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'documents', rows.map(toApiDocument), total, q.offset);
  });

  api.get('/documents/:id', { schema: { params, response: { 200: documentRecord } } }, async (req) => toApiDocument(await byId(req.params.id, requireAuth(req).organizationId)));

  /** multipart/form-data: chatbotId and lang (as fields before the file, or in the query) and one file. */
  api.post('/documents', {
    schema: {
      consumes: ['multipart/form-data'],
      description: `multipart/form-data: one file (pdf, docx, txt; at most MAX_UPLOAD_MB) and the fields ${Object.keys(documentUploadFields.shape).join(', ')}`,
      response: { 201: documentRecord, ...errorResponses('FileTooLarge', 'FileTypeNotSupported', 'PlanLimitReached') },
    },
  }, async (req, reply) => {
    const { buf, name, fields } = await uploadedFile(req, reply);
    const f = parse(documentUploadFields, { ...(req.query as object), ...fields });
    const { bot } = await scoped(req, f.chatbotId);
    const doc = await addDocument(app.ctx, bot, { lang: langOr(f.lang, bot), name: name || 'document', buf });
    await queueEmbeddings(app.ctx, bot.id);
    return reply.status(201).send(toApiDocument(doc));
  });

  api.post('/documents/url', { schema: { body: documentFromUrlBody, response: { 201: documentRecord, ...errorResponses('UrlLoadFailed', 'FileTooLarge', 'FileTypeNotSupported') } } }, async (req, reply) => {
    const body = req.body;
    const { bot } = await scoped(req, body.chatbotId);
    let res;
    try {
      res = await safeFetch(body.url, { allowPrivate: config.CRAWL_ALLOW_PRIVATE, maxBytes, timeoutMs: 30_000, accept: '*/*' });
    } catch (e) {
      if (e instanceof FetchError && e.code === 'TooLarge') throw tooLarge();
      throw new AppError(400, 'UrlLoadFailed', 'The document could not be loaded from the URL', { reason: (e as Error).message });
    }
    if (res.status < 200 || res.status >= 300) throw new AppError(400, 'UrlLoadFailed', `The URL answered ${res.status}`, { status: res.status });
    const name = decodeURIComponent(path.basename(new URL(res.url).pathname)) || 'document';
    const doc = await addDocument(app.ctx, bot, { lang: langOr(body.lang, bot), name, buf: res.body, sourceUrl: body.url });
    await queueEmbeddings(app.ctx, bot.id);
    return reply.status(201).send(toApiDocument(doc));
  });

  api.delete('/documents/:id', { schema: { params, response: { 200: documentRecord } } }, async (req) => {
    const doc = await byId(req.params.id, requireAuth(req).organizationId);
    await deleteDocument(app.ctx, doc);
    return toApiDocument(doc);
  });
}
