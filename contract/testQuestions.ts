/**
 * The limits and names of the test questions, shared by the server's schemas (contract/api/testQuestions.ts) and the
 * dashboard's form and filters. Zod-free: the dashboard reads it without the schemas.
 */
export const TEST_QUESTION_LIMITS = {
  question: 2000,
  url: 2000,
  fact: 200,
  facts: 20,
  /** Test questions per chatbot: a run asks every one through the answer engine. */
  perChatbot: 1000,
  /** Rows an import may hold (the same sheet limits as the Q&A import apply on top). */
  importRows: 1000,
} as const;

export const TEST_QUESTION_ORIGINS = ['manual', 'import', 'chat', 'gap', 'suggested'] as const;
export type TestQuestionOrigin = (typeof TEST_QUESTION_ORIGINS)[number];
export const TEST_SOURCE_TYPES = ['webpage', 'document', 'qna'] as const;
/** A question's state in the latest run: passed, failed, or not asked yet. */
export const TEST_STATUSES = ['passed', 'failed', 'new'] as const;

