/**
 * Test questions and the quality score (issue 15 items 4 and 5). A run asks every test question of a chatbot
 * through the answer engine visitors get (without counting against the message quota and without a chat),
 * scores each answer by the quality bench's rules (quality/testScore.ts) and keeps the score and every result.
 * A test that passed in the previous run and fails now is given the page changes of the crawls in between that
 * explain it. A new chatbot gets suggested test questions from its own content at its first run.
 */
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { causeOfFailure, parseTestRows, scoreOf, scoreTest, suggestTestQuestions, normalizeTestQuestion, type SheetRow } from '../quality/testScore.ts';
import { historyMessage, testQuestionsRepo, type NewTestQuestion, type TestQuestionListRow, type TestQuestionRow, type TestResultRow, type TestRunRow } from '../repositories/testQuestions.ts';
import { answerQuestion } from '../runtime/answer.ts';
import { llmFor } from '../runtime/publicChat.ts';
import { TEST_QUESTION_LIMITS } from '../../../contract/api/testQuestions.ts';
import { chatbotsRepo, type ChatbotRow } from '../repositories/chatbots.ts';

/** Suggestions a new chatbot starts with. */
export const SUGGESTIONS_AT_START = 10;

type Bot = Pick<ChatbotRow, 'id' | 'organization_id' | 'lang'>;

export const toApiTestQuestion = (t: TestQuestionRow | TestQuestionListRow) => {
  const last = 'last_passed' in t ? t : null;
  return {
    id: t.id,
    chatbotId: t.chatbot_id,
    lang: t.lang,
    question: t.question,
    expectedUrl: t.expected_url,
    expectedSource: t.expected_source_type && t.expected_source_id ? { type: t.expected_source_type, id: t.expected_source_id } : null,
    expectedFacts: t.expected_facts,
    origin: t.origin,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
    status: last?.last_passed === true ? 'passed' : last?.last_passed === false ? 'failed' : 'new',
    lastResult: last && last.last_passed !== null
      ? {
          passed: last.last_passed,
          sourceOk: last.last_source_ok,
          factsOk: last.last_facts_ok,
          declined: last.last_declined,
          missingFacts: last.last_missing_facts ?? [],
          answer: last.last_answer ?? '',
          sources: last.last_sources ?? [],
          cause: last.last_cause,
          runAt: last.last_run_at,
        }
      : null,
  };
};

export const toApiTestRun = (r: TestRunRow & { added?: number; changed?: number; removed?: number; scrape_type?: string | null }) => ({
  id: r.id,
  chatbotId: r.chatbot_id,
  trigger: r.trigger,
  status: r.status,
  total: r.total,
  passed: r.passed,
  score: r.score,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  scrapeJobId: r.scrape_job_id,
  crawl: r.scrape_job_id ? { type: r.scrape_type ?? null, added: r.added ?? 0, changed: r.changed ?? 0, removed: r.removed ?? 0 } : null,
});

/** A run pg-boss holds that has not started: no score yet; `startedAt` is when it is due. */
export const queuedTestRun = (chatbotId: string, job: { id: string; trigger: TestRunRow['trigger']; start_after: string }) => ({
  id: job.id,
  chatbotId,
  trigger: job.trigger,
  status: 'queued' as const,
  total: 0,
  passed: 0,
  score: null,
  startedAt: new Date(job.start_after).toISOString(),
  finishedAt: null,
  scrapeJobId: null,
  crawl: null,
});

/** The expected training source must be the chatbot's: another chatbot's (or tenant's) id is refused as not found. */
export async function checkExpectedSource(db: Queryable, chatbotId: string, s: { type: 'webpage' | 'document' | 'qna'; id: string } | null | undefined) {
  if (s && !(await testQuestionsRepo.sourceExists(db, chatbotId, s.type, s.id))) throw notFound('Training source');
}

/** Refuses a write that would take the chatbot over its number of test questions. */
async function checkRoom(db: Queryable, chatbotId: string, adding: number) {
  const n = await testQuestionsRepo.count(db, chatbotId);
  if (n + adding > TEST_QUESTION_LIMITS.perChatbot)
    throw badRequest('ValidationFailed', `A chatbot can have at most ${TEST_QUESTION_LIMITS.perChatbot} test questions`, [{ path: 'question', code: 'too_big', message: `at most ${TEST_QUESTION_LIMITS.perChatbot}` }]);
}

export async function createTestQuestions(db: Queryable, bot: Bot, items: NewTestQuestion[]) {
  await checkRoom(db, bot.id, items.length);
  return testQuestionsRepo.createMany(db, bot, items);
}

/** A test question from a bot answer in the chat history: the visitor's question, the answer's first source. */
export async function testQuestionFromChat(db: Queryable, organizationId: string, bot: Bot, chatId: string, messageId: string) {
  const m = await historyMessage(db, organizationId, chatId, messageId);
  if (!m || m.chatbot_id !== bot.id) throw notFound('Message');
  const first = m.sources.find((s) => s.type && s.id);
  const item: NewTestQuestion = {
    lang: m.lang,
    question: m.question.slice(0, TEST_QUESTION_LIMITS.question).trim() || '?',
    expectedUrl: first?.type === 'webpage' && first.url ? first.url : null,
    expectedSource: first && !(first.type === 'webpage' && first.url) ? { type: first.type, id: first.id } : null,
    expectedFacts: [],
    origin: 'chat',
  };
  const [row] = await createTestQuestions(db, bot, [item]);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Import

export interface TestImportRow {
  row: number;
  question: string;
  lang: string;
  expectedUrl: string | null;
  expectedSource: { type: 'document'; id: string } | null;
  expectedFacts: string[];
  duplicate: 'file' | 'existing' | null;
}

const URL_LIKE = /^https?:\/\//i;

/**
 * The rows of an uploaded sheet as test questions: the columns are checked (bad rows refuse the whole file,
 * named, like the Q&A import), an expected source that is no URL must name one of the chatbot's documents,
 * duplicates in the file and against the stored questions are flagged.
 */
export async function readTestImport(db: Queryable, bot: Bot, lang: string, sheet: SheetRow[]): Promise<TestImportRow[]> {
  const { rows, bad } = parseTestRows(sheet, TEST_QUESTION_LIMITS);
  const unknownSources: number[] = [];
  const out: Omit<TestImportRow, 'duplicate'>[] = [];
  for (const r of rows) {
    let expectedUrl: string | null = null;
    let expectedSource: TestImportRow['expectedSource'] = null;
    if (r.expected && URL_LIKE.test(r.expected)) {
      if (URL.canParse(r.expected)) expectedUrl = r.expected;
      else bad.push(r.row);
    } else if (r.expected) {
      const id = await testQuestionsRepo.documentByName(db, bot.id, r.expected);
      if (id) expectedSource = { type: 'document', id };
      else unknownSources.push(r.row);
    }
    out.push({ row: r.row, question: r.question, lang: r.lang ?? lang, expectedUrl, expectedSource, expectedFacts: r.facts });
  }
  if (bad.length || unknownSources.length)
    throw badRequest(
      'TestQuestionImportColumns',
      'Every row needs a question; then optionally the expected page (URL) or document name, facts separated by ";" and a language',
      { rows: [...bad].sort((a, b) => a - b).slice(0, 100), count: bad.length, unknownSources: unknownSources.slice(0, 100) },
    );
  if (!out.length) throw badRequest('TestQuestionImportFailed', 'Test questions could not be imported: the sheet is empty');
  if (out.length > TEST_QUESTION_LIMITS.importRows)
    throw badRequest('TestQuestionImportFailed', `Test questions could not be imported: more than ${TEST_QUESTION_LIMITS.importRows} rows`, { max: TEST_QUESTION_LIMITS.importRows });
  const stored = new Set((await testQuestionsRepo.questionsOf(db, bot.id)).map((q) => `${q.lang}|${normalizeTestQuestion(q.question)}`));
  const seen = new Set<string>();
  return out.map((r) => {
    const key = `${r.lang}|${normalizeTestQuestion(r.question)}`;
    const duplicate = stored.has(key) ? 'existing' : seen.has(key) ? 'file' : null;
    seen.add(key);
    return { ...r, duplicate };
  });
}

export async function importTestQuestions(db: Queryable, bot: Bot, rows: TestImportRow[], mode: 'import' | 'skip') {
  const take = mode === 'skip' ? rows.filter((r) => !r.duplicate) : rows;
  await createTestQuestions(db, bot, take.map((r) => ({ ...r, origin: 'import' as const })));
  return { imported: take.length, skipped: rows.length - take.length };
}

// ---------------------------------------------------------------------------------------------------------
// Suggestions

/** Adds up to `max` suggested test questions from the chatbot's content (none it has already); returns them. */
export async function addSuggestions(db: Queryable, bot: Bot, max: number) {
  const room = TEST_QUESTION_LIMITS.perChatbot - (await testQuestionsRepo.count(db, bot.id));
  if (room <= 0) return [];
  const existing = new Set((await testQuestionsRepo.questionsOf(db, bot.id)).map((q) => normalizeTestQuestion(q.question)));
  const units = await testQuestionsRepo.contentUnits(db, bot.id, 5000);
  const suggestions = suggestTestQuestions(units, Math.min(max, room), existing);
  return testQuestionsRepo.createMany(db, bot, suggestions.map((s) => ({ ...s, expectedFacts: [], origin: 'suggested' as const })));
}

// ---------------------------------------------------------------------------------------------------------
// Runs

/**
 * Asks every test question of the chatbot and records the run. A training run of a chatbot that never had a
 * test question nor a run first adds suggestions from its content, so a new chatbot has a score from its first
 * training on. Returns null when there is nothing to ask.
 */
export async function runTestQuestions(ctx: Pick<AppContext, 'db' | 'config'>, chatbotId: string, trigger: TestRunRow['trigger']) {
  const { db } = ctx;
  const bot = await chatbotsRepo.byId(db, chatbotId);
  if (!bot) return null;
  let questions = await testQuestionsRepo.allOf(db, bot.id);
  if (!questions.length && trigger === 'training' && (await testQuestionsRepo.countRuns(db, bot.id)) === 0) {
    await addSuggestions(db, bot, SUGGESTIONS_AT_START);
    questions = await testQuestionsRepo.allOf(db, bot.id);
  }
  if (!questions.length) return null;
  await testQuestionsRepo.failStaleRuns(db, bot.id);
  const run = await testQuestionsRepo.startRun(db, bot, trigger);
  try {
    const previous = await testQuestionsRepo.previousRun(db, bot.id, run);
    const before = new Map((previous ? await testQuestionsRepo.resultsOf(db, previous.id) : []).map((r) => [r.test_question_id, r]));
    const llm = llmFor(ctx.config);
    const results: Omit<TestResultRow, 'run_id'>[] = [];
    for (const q of questions) {
      const a = await answerQuestion(db, { chatbotId: bot.id, lang: q.lang, question: q.question, siteUrl: bot.url }, { llm });
      const expectation = {
        lang: q.lang,
        expectedUrl: q.expected_url,
        expectedSource: q.expected_source_type && q.expected_source_id ? { type: q.expected_source_type, id: q.expected_source_id } : null,
        expectedFacts: q.expected_facts,
      };
      const o = scoreTest(expectation, a);
      const sources = a.sources.slice(0, 5).map((s) => ({ type: s.type, id: s.id, ...(s.url ? { url: s.url } : {}), ...(s.title ? { title: s.title } : {}), ...(s.name ? { name: s.name } : {}) }));
      results.push({
        test_question_id: q.id, passed: o.passed, source_ok: o.sourceOk, facts_ok: o.factsOk, declined: o.declined,
        missing_facts: o.missingFacts, answer: a.answer, answered_by: a.answeredBy, sources, cause: null,
      });
    }
    // Tests that passed last time and fail now: which page changes of the crawls in between explain it.
    const newlyFailing = results.filter((r) => !r.passed && before.get(r.test_question_id)?.passed);
    const changes = newlyFailing.length ? await testQuestionsRepo.pageChangesSince(db, bot.id, previous?.started_at ?? null, run.started_at) : [];
    if (changes.length)
      for (const r of newlyFailing) {
        const q = questions.find((x) => x.id === r.test_question_id)!;
        const cause = causeOfFailure({ expectedUrl: q.expected_url }, before.get(r.test_question_id)!, r, changes);
        if (cause.length) r.cause = cause;
      }
    const passed = results.filter((r) => r.passed).length;
    const scrapeJobId = await testQuestionsRepo.crawlSince(db, bot.id, previous?.started_at ?? null, run.started_at);
    // Results and the finished run in one transaction: never a half-written run.
    return await db.transaction(async (tx) => {
      await testQuestionsRepo.insertResults(tx, run, results);
      return testQuestionsRepo.finishRun(tx, run.id, { status: 'completed', total: results.length, passed, score: scoreOf(passed, results.length), scrapeJobId });
    });
  } catch (e) {
    await testQuestionsRepo.finishRun(db, run.id, { status: 'failed', total: 0, passed: 0, score: null, scrapeJobId: null, error: (e as Error).message.slice(0, 500) }).catch(() => {});
    throw e;
  }
}
