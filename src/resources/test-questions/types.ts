import type { TEST_QUESTION_ORIGINS, TEST_STATUSES } from '../../../contract/testQuestions.ts';

export type TestStatus = (typeof TEST_STATUSES)[number];
export type TestOrigin = (typeof TEST_QUESTION_ORIGINS)[number];

export interface PageChange {
  url: string;
  outcome: 'added' | 'changed' | 'removed';
  scrapeJobId: string;
}

export interface TestQuestion {
  id: string;
  chatbotId: string;
  lang: string;
  question: string;
  expectedUrl: string | null;
  expectedSource: { type: 'webpage' | 'document' | 'qna'; id: string } | null;
  expectedFacts: string[];
  origin: TestOrigin;
  createdAt: string;
  updatedAt: string;
  status: TestStatus;
  lastResult: {
    passed: boolean;
    sourceOk: boolean | null;
    factsOk: boolean | null;
    declined: boolean;
    missingFacts: string[];
    answer: string;
    sources: { type: string; id: string; url?: string; title?: string; name?: string }[];
    cause: PageChange[] | null;
    runAt: string | null;
  } | null;
}

export interface TestRun {
  id: string;
  trigger: 'training' | 'edit' | 'manual';
  /** queued: due to start (the last entry, no score yet). */
  status: 'queued' | 'running' | 'completed' | 'failed';
  total: number;
  passed: number;
  score: number | null;
  startedAt: string;
  finishedAt: string | null;
  crawl: { type: string | null; added: number; changed: number; removed: number } | null;
}

export interface TestImportResult {
  total: number;
  duplicatesInFile: number;
  duplicatesExisting: number;
  imported: number;
  skipped: number;
  rows?: { row: number; question: string; lang: string; expectedUrl: string | null; expectedFacts: string[]; duplicate: 'file' | 'existing' | null }[];
}
