import type { FastifyInstance } from 'fastify';
import websitesRoutes from '../routes/api/websites/index.ts';
import webpagesRoutes from '../routes/api/webpages/index.ts';
import scrapeJobsRoutes from '../routes/api/scrape-jobs/index.ts';
import documentsRoutes from '../routes/api/documents/index.ts';
import qnaRoutes from '../routes/api/qna/index.ts';
import contactsRoutes from '../routes/api/contacts/index.ts';
import schedulesRoutes from '../routes/api/schedules/index.ts';

/** The training resources: websites, webpages, scrape-jobs, documents, qna, contacts, schedules. */
export default async function trainingRoutes(api: FastifyInstance) {
  await api.register(websitesRoutes);
  await api.register(webpagesRoutes);
  await api.register(scrapeJobsRoutes);
  await api.register(documentsRoutes);
  await api.register(qnaRoutes);
  await api.register(contactsRoutes);
  await api.register(schedulesRoutes);
}
