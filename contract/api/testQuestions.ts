/**
 * Requests of the test questions (issue 15 items 4–6): a chatbot's questions with the page or training source
 * the answer should cite and the facts it must state, re-asked after every training run; the runs and their
 * score. Scoped like the other training lists: filter={"chatbotId":…,"lang":…}.
 */
import { z } from 'zod';
import { uuid } from '../ids.ts';
import { chatbotScope, idList } from './training.ts';
import { TEST_QUESTION_LIMITS, TEST_QUESTION_ORIGINS, TEST_SOURCE_TYPES, TEST_STATUSES } from '../testQuestions.ts';

export { TEST_QUESTION_LIMITS, TEST_QUESTION_ORIGINS, TEST_SOURCE_TYPES, TEST_STATUSES };
export type { TestQuestionOrigin } from '../testQuestions.ts';

const text = (max: number) => z.string().trim().min(1, 'required').max(max);
const fact = z.string().trim().min(1, 'required').max(TEST_QUESTION_LIMITS.fact);
export const expectedUrl = z.url({ protocol: /^https?$/ }).max(TEST_QUESTION_LIMITS.url);
export const expectedSource = z.strictObject({ type: z.enum(TEST_SOURCE_TYPES), id: uuid });

export const testQuestionFilter = z.object({
  ...chatbotScope,
  q: z.string().max(200).optional(),
  origin: z.enum(TEST_QUESTION_ORIGINS).optional(),
  status: z.enum(TEST_STATUSES).optional(),
  id: idList.optional(),
});

const fields = {
  question: text(TEST_QUESTION_LIMITS.question),
  expectedUrl: expectedUrl.nullable().optional(),
  expectedSource: expectedSource.nullable().optional(),
  expectedFacts: z.array(fact).max(TEST_QUESTION_LIMITS.facts).optional(),
};

/** A new test question; `origin` says how it came (a knowledge gap's "keep as test" sends "gap"). */
export const createTestQuestionBody = z.strictObject({
  ...chatbotScope,
  ...fields,
  origin: z.enum(['manual', 'chat', 'gap']).default('manual'),
});

/** react-admin sends the whole record back on update; only these fields are the user's to change. */
export const updateTestQuestionBody = z.object({
  question: fields.question.optional(),
  lang: chatbotScope.lang,
  expectedUrl: fields.expectedUrl,
  expectedSource: fields.expectedSource,
  expectedFacts: fields.expectedFacts,
});

/** A test question from a bot answer in the chat history: its question, its first source as the expected one. */
export const testQuestionFromChatBody = z.strictObject({ chatId: uuid, messageId: uuid });

/** The form fields of an import: check (default) only reports, import stores all rows, skip all but the duplicates. */
export const testQuestionImportFields = z.object({ ...chatbotScope, mode: z.enum(['check', 'import', 'skip']).default('check') });

/** Run now / suggest: the chatbot (its questions in every language). */
export const testRunBody = z.strictObject({ chatbotId: z.string().min(1) });

export const testRunFilter = z.object({ chatbotId: z.string().min(1) });
export const testResultsQuery = z.object({ chatbotId: z.string().min(1) });
