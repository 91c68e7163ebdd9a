import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiObject, apiRecord, errorResponses } from '../../../../../contract/api/common.ts';
import { pathId } from '../../../../../contract/ids.ts';
import {
  createTestQuestionBody, testQuestionFilter, testQuestionFromChatBody, testQuestionImportFields, testRunBody, testRunFilter,
  updateTestQuestionBody,
} from '../../../../../contract/api/testQuestions.ts';
import { idsBody } from '../../../../../contract/api/training.ts';
import { parse } from '../../../errors.ts';
import { queueTestRun, TEST_RUN_QUEUE } from '../../../jobs/testRuns.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { TEST_QUESTIONS_SORTABLE, testQuestionsRepo, type TestQuestionRow } from '../../../repositories/testQuestions.ts';
import {
  addSuggestions, checkExpectedSource, createTestQuestions, importTestQuestions, readTestImport, testQuestionFromChat,
  queuedTestRun, toApiTestQuestion, toApiTestRun,
} from '../../../services/testQuestions.ts';
import { requireRecord } from '../../../services/tenancy.ts';
import { readSheetRowsInSandbox } from '../../../training/extractionSandbox.ts';
import { langOr, scoped } from '../../../training/scope.ts';
import { acceptUploads, uploadedFile } from '../../multipartUpload.ts';
import { jsonParam, listQuery, sendList, withOrderBy } from '../../simpleRest.ts';

const record = apiRecord('a test question: chatbotId, lang, question, expectedUrl, expectedSource, expectedFacts, origin, status (passed/failed/new) and lastResult of the latest run');
const run = apiRecord('a run of the test questions: trigger, status, total, passed, score, startedAt, finishedAt, crawl (the page changes of the crawl it followed)');
const params = z.object({ id: pathId });
/** Runs the score history shows. */
const HISTORY = 50;

/**
 * Test questions (issue 15 item 4): CRUD scoped to a chatbot, from a chat in the history, xlsx/CSV import
 * (the Q&A import's sheet reader), suggestions from the content, run now, and the score history.
 */
export default async function testQuestionsRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  await acceptUploads(app, config.MAX_UPLOAD_MB * 1024 * 1024);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The caller's test question, or 404 (malformed, unknown and another tenant's ids alike). */
  const inOrg = (id: string, organizationId: string) =>
    requireRecord<TestQuestionRow>('Test question', id, (x) => testQuestionsRepo.inOrg(db, organizationId, x));

  const list = listQuery(testQuestionFilter, { sortable: Object.keys(TEST_QUESTIONS_SORTABLE), defaultSort: ['createdAt', 'DESC'] });
  api.get('/test-questions', { schema: { querystring: list, response: { 200: z.array(record) } } }, async (req, reply) => {
    const q = withOrderBy(req.query, TEST_QUESTIONS_SORTABLE);
    const { orgId } = await scoped(req, q.filter.chatbotId);
    const { total, rows } = await testQuestionsRepo.list(db, orgId, q.filter, q);
    return sendList(reply, 'test-questions', rows.map(toApiTestQuestion), total, q.offset);
  });

  /** The score history: the chatbot's latest runs, oldest first, each with the page changes of the crawl it followed. */
  api.get('/test-questions/runs', {
    schema: { querystring: z.object({ filter: z.string().default('{}').pipe(jsonParam(testRunFilter)) }), response: { 200: z.array(run) } },
  }, async (req) => {
    const { orgId, bot } = await scoped(req, req.query.filter.chatbotId);
    const [runs, waiting] = await Promise.all([testQuestionsRepo.latestRuns(db, orgId, bot.id, HISTORY), testQuestionsRepo.waitingRun(db, TEST_RUN_QUEUE, bot.id)]);
    const history = runs.map(toApiTestRun);
    // A run about to start is the last entry (status "queued"), so a screen knows to watch for its score; while
    // one is running it shows that instead (and asks again until it ends).
    return waiting && !history.some((r) => r.status === 'running') ? [...history, queuedTestRun(bot.id, waiting)] : history;
  });

  /** Run now: queues a run of all the chatbot's test questions (202; a run already waiting takes this one in). */
  api.post('/test-questions/run', { schema: { body: testRunBody, response: { 202: apiObject('queued: whether a new run was queued') } } }, async (req, reply) => {
    const { bot } = await scoped(req, req.body.chatbotId);
    const queued = await queueTestRun(app.ctx, bot.id, 'manual');
    return reply.status(202).send({ queued });
  });

  /** Suggested test questions from the chatbot's content (FAQ units, Q&A pairs, headings), added at once. */
  api.post('/test-questions/suggest', { schema: { body: testRunBody, response: { 200: z.array(record) } } }, async (req) => {
    const { bot } = await scoped(req, req.body.chatbotId);
    const rows = await db.transaction((tx) => addSuggestions(tx, bot, 10));
    if (rows.length) await queueTestRun(app.ctx, bot.id, 'edit');
    return rows.map(toApiTestQuestion);
  });

  /** A test question from a bot answer in the chat history. */
  api.post('/test-questions/from-chat', { schema: { body: testQuestionFromChatBody.extend({ chatbotId: z.string().min(1) }), response: { 201: record } } }, async (req, reply) => {
    const { bot, orgId } = await scoped(req, req.body.chatbotId);
    const row = await db.transaction((tx) => testQuestionFromChat(tx, orgId, bot, req.body.chatId, req.body.messageId));
    await queueTestRun(app.ctx, bot.id, 'edit');
    return reply.status(201).send(toApiTestQuestion(row));
  });

  /**
   * xlsx/CSV import, multipart: file + chatbotId, lang, mode, like the Q&A import. Columns: question, expected page
   * (URL) or document name, expected facts separated by ";", language. mode=check (default) only reports the rows
   * and their duplicates; import stores all rows; skip all but the duplicates.
   */
  api.post('/test-questions/import', {
    schema: {
      consumes: ['multipart/form-data'],
      description: `multipart/form-data: one xlsx or CSV file and the fields ${Object.keys(testQuestionImportFields.shape).join(', ')}`,
      response: {
        200: apiObject('total, duplicatesInFile, duplicatesExisting, imported, skipped; in check mode the rows (first 1000) with their duplicate flag'),
        ...errorResponses('TestQuestionImportColumns', 'TestQuestionImportFailed', 'FileTooLarge'),
      },
    },
  }, async (req, reply) => {
    const { buf, fields } = await uploadedFile(req, reply);
    const f = parse(testQuestionImportFields, { ...(req.query as object), ...fields });
    const { bot } = await scoped(req, f.chatbotId);
    const rows = await readTestImport(db, bot, langOr(f.lang, bot), await readSheetRowsInSandbox(buf, 'testQuestions'));
    const summary = {
      total: rows.length,
      duplicatesInFile: rows.filter((r) => r.duplicate === 'file').length,
      duplicatesExisting: rows.filter((r) => r.duplicate === 'existing').length,
    };
    if (f.mode === 'check') return { ...summary, imported: 0, skipped: 0, rows: rows.slice(0, 1000) };
    const result = await db.transaction((tx) => importTestQuestions(tx, bot, rows, f.mode as 'import' | 'skip'));
    await queueTestRun(app.ctx, bot.id, 'edit');
    return { ...summary, ...result };
  });

  /** Deletes the selected test questions of the chatbot (react-admin's deleteMany sends ids one by one otherwise). */
  api.post('/test-questions/delete', { schema: { body: z.strictObject({ chatbotId: z.string().min(1), ids: idsBody }), response: { 200: z.array(z.string()) } } }, async (req) => {
    const { bot, orgId } = await scoped(req, req.body.chatbotId);
    return testQuestionsRepo.removeMany(db, orgId, bot.id, req.body.ids);
  });

  api.get('/test-questions/:id', { schema: { params, response: { 200: record } } }, async (req) => {
    const orgId = requireAuth(req).organizationId;
    const t = await inOrg(req.params.id, orgId);
    return toApiTestQuestion(await testQuestionsRepo.one(db, orgId, t.chatbot_id, t.id));
  });

  api.post('/test-questions', { schema: { body: createTestQuestionBody, response: { 201: record } } }, async (req, reply) => {
    const b = req.body;
    const { bot } = await scoped(req, b.chatbotId);
    await checkExpectedSource(db, bot.id, b.expectedSource);
    const [row] = await db.transaction((tx) => createTestQuestions(tx, bot, [{
      lang: langOr(b.lang, bot), question: b.question, expectedUrl: b.expectedUrl ?? null, expectedSource: b.expectedSource ?? null,
      expectedFacts: b.expectedFacts ?? [], origin: b.origin,
    }]));
    await queueTestRun(app.ctx, bot.id, 'edit');
    return reply.status(201).send(toApiTestQuestion(row));
  });

  api.put('/test-questions/:id', { schema: { params, body: updateTestQuestionBody, response: { 200: record } } }, async (req) => {
    const orgId = requireAuth(req).organizationId;
    const cur = await inOrg(req.params.id, orgId);
    const b = req.body;
    await checkExpectedSource(db, cur.chatbot_id, b.expectedSource);
    const curSource = cur.expected_source_type && cur.expected_source_id ? { type: cur.expected_source_type, id: cur.expected_source_id } : null;
    await testQuestionsRepo.update(db, cur.id, {
      lang: b.lang ?? cur.lang,
      question: b.question ?? cur.question,
      expectedUrl: b.expectedUrl === undefined ? cur.expected_url : b.expectedUrl,
      expectedSource: b.expectedSource === undefined ? curSource : b.expectedSource,
      expectedFacts: b.expectedFacts ?? cur.expected_facts,
    });
    await queueTestRun(app.ctx, cur.chatbot_id, 'edit');
    return toApiTestQuestion(await testQuestionsRepo.one(db, orgId, cur.chatbot_id, cur.id));
  });

  api.delete('/test-questions/:id', { schema: { params, response: { 200: record } } }, async (req) => {
    const cur = await inOrg(req.params.id, requireAuth(req).organizationId);
    await testQuestionsRepo.remove(db, cur.id);
    return toApiTestQuestion(cur);
  });
}
