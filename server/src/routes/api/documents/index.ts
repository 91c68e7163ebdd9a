import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, parse, tooLarge } from '../../../errors.ts';
import { queueEmbeddings } from '../../../jobs/embeddings.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { DOCUMENTS_SORTABLE, documentsRepo } from '../../../repositories/documents.ts';
import { recordInOrg } from '../../../services/tenancy.ts';
import { parseListQuery, sendList } from '../../simpleRest.ts';
import { addDocument, deleteDocument, toApiDocument, type DocumentRow } from '../../../training/documents.ts';
import { FetchError, safeFetch } from '../../../training/fetch.ts';
import { acceptUploads, uploadedFile } from '../../multipartUpload.ts';
import { chatbotScope, idList, idParam, langOr, scoped } from '../../../training/scope.ts';

/** Documents: upload (file or URL), list, delete. */
export default async function documentsRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const maxBytes = Math.round(config.MAX_UPLOAD_MB * 1024 * 1024);
  await acceptUploads(app, maxBytes);

  const byId = (id: string, orgId: string) => recordInOrg<DocumentRow>(db, 'documents', id, orgId);

  app.get('/documents', async (req, reply) => {
    const q = parseListQuery(req.query, {
      sortable: DOCUMENTS_SORTABLE, defaultSort: ['createdAt', 'DESC'],
      filter: z.object({ ...chatbotScope, type: z.enum(['pdf', 'docx', 'txt']).optional(), q: z.string().max(200).optional(), id: idList.optional() }),
    });
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await documentsRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'documents', rows.map(toApiDocument), total, q.offset);
  });

  app.get('/documents/:id', async (req) => toApiDocument(await byId(idParam(req.params), requireAuth(req).organizationId)));

  /** multipart/form-data: chatbotId and lang (as fields before the file, or in the query) and one file. */
  app.post('/documents', async (req, reply) => {
    const { buf, name, fields } = await uploadedFile(req, reply);
    const f = parse(z.object(chatbotScope), { ...(req.query as object), ...fields });
    const { bot } = await scoped(req, f.chatbotId);
    const doc = await addDocument(app.ctx, bot, { lang: langOr(f.lang, bot), name: name || 'document', buf });
    await queueEmbeddings(app.ctx, bot.id);
    return reply.status(201).send(toApiDocument(doc));
  });

  app.post('/documents/url', async (req, reply) => {
    const body = parse(z.strictObject({ ...chatbotScope, url: z.url({ protocol: /^https?$/ }).max(2000) }), req.body);
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

  app.delete('/documents/:id', async (req) => {
    const doc = await byId(idParam(req.params), requireAuth(req).organizationId);
    await deleteDocument(app.ctx, doc);
    return toApiDocument(doc);
  });
}
