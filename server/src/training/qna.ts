import type * as Xlsx from '@e965/xlsx';
import type { Db, Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { passagesRepo } from '../repositories/passages.ts';
import { qnaRepo } from '../repositories/qna.ts';
import { removePassages } from './indexer.ts';
import { baseLang, tsConfigFor } from './lang.ts';
import { requireOnFirstUse } from '../requireOnFirstUse.ts';

const xlsx = requireOnFirstUse<typeof Xlsx>('@e965/xlsx');

export interface QnaRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  lang: string;
  question: string;
  answer: string;
  active: boolean;
  from_chat_history: boolean;
  created_at: string;
  updated_at: string;
}

export const LINK_RE = /https?:\/\/|www\.[a-z0-9-]+\./i;
export const HAS_LINK_SQL = `(answer ~* 'https?://|www\\.[a-z0-9-]+\\.')`;

export const toApiQna = (q: QnaRow) => ({
  id: q.id,
  chatbotId: q.chatbot_id,
  lang: q.lang,
  question: q.question,
  answer: q.answer,
  active: q.active,
  fromChatHistory: q.from_chat_history,
  hasLink: LINK_RE.test(q.answer),
  createdAt: q.created_at,
  updatedAt: q.updated_at,
});

/** Active pairs are in the index (the answer engine uses them); inactive ones are not. */
export async function syncQnaPassage(tx: Queryable, q: QnaRow) {
  await removePassages(tx, 'qna', q.id);
  if (q.active) await passagesRepo.insertQnaPairs(tx, [q.id], baseLang(q.lang), await tsConfigFor(tx, q.lang));
}

export const normalizeQuestion = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').replace(/[?!.\s]+$/, '').trim();

export interface ImportRow {
  row: number; // 1-based row number in the sheet
  question: string;
  answer: string;
  duplicate: 'file' | 'existing' | null;
}

const HEADER = /^(question|questions|frage|fragen)$/i;

/** The error key and wording of a spreadsheet import that fails as a whole (the Q&A import's, or another import's). */
export type SheetImport = 'qna' | 'testQuestions';
const SHEET_FAILED = {
  qna: { key: 'QnaImportFailed', what: 'Question-answer pairs' },
  testQuestions: { key: 'TestQuestionImportFailed', what: 'Test questions' },
} as const;
const sheetFailed = (kind: SheetImport, why: string) => badRequest(SHEET_FAILED[kind].key, `${SHEET_FAILED[kind].what} could not be imported: ${why}`);

/**
 * The non-blank rows of the first sheet of a spreadsheet (xlsx, xls, ods, CSV), each cell as trimmed text,
 * trailing empty cells dropped, with its 1-based row number. Shared by the Q&A import and the test-question
 * import; runs in the extraction child (extractChild.ts).
 */
export function readSheetRows(buf: Buffer, kind: SheetImport = 'qna'): { row: number; values: string[] }[] {
  let wb: Xlsx.WorkBook;
  try {
    wb = xlsx().read(buf, { type: 'buffer', dense: true, cellHTML: false, cellFormula: false });
  } catch {
    throw sheetFailed(kind, 'not a spreadsheet');
  }
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws) throw sheetFailed(kind, 'no sheet');
  const rows = xlsx().utils.sheet_to_json<unknown[]>(ws, { header: 1, blankrows: true, raw: false, defval: '' });
  const out: { row: number; values: string[] }[] = [];
  rows.forEach((cells, i) => {
    const values = (cells as unknown[]).map((c) => String(c ?? '').trim());
    while (values.length && !values[values.length - 1]) values.pop();
    if (values.length) out.push({ row: i + 1, values });
  });
  if (!out.length) throw sheetFailed(kind, 'the sheet is empty');
  return out;
}

/**
 * Reads the first sheet of an xlsx file as question/answer rows. Every non-empty row must
 * have exactly two filled columns; otherwise the whole import is refused, naming the rows.
 */
export function readQnaSheet(buf: Buffer): { question: string; answer: string; row: number }[] {
  const out: { question: string; answer: string; row: number }[] = [];
  const bad: number[] = [];
  readSheetRows(buf, 'qna').forEach(({ row, values }, i) => {
    if (values.length !== 2 || !values[0] || !values[1]) {
      bad.push(row);
      return;
    }
    if (i === 0 && row === 1 && HEADER.test(values[0])) return;
    out.push({ question: values[0], answer: values[1], row });
  });
  if (bad.length)
    throw badRequest('QnaImportColumns', 'Every row must have exactly 2 columns: question and answer', { rows: bad.slice(0, 100), count: bad.length });
  if (!out.length) throw sheetFailed('qna', 'the sheet is empty');
  return out;
}

/** Flags duplicates within the file (after the first occurrence) and against the stored pairs. */
export async function flagDuplicates(db: Queryable, chatbotId: string, lang: string, rows: { question: string; answer: string; row: number }[]): Promise<ImportRow[]> {
  const stored = new Set((await qnaRepo.questionsOf(db, chatbotId, lang)).map(normalizeQuestion));
  const seen = new Set<string>();
  return rows.map((r) => {
    const key = normalizeQuestion(r.question);
    const duplicate = stored.has(key) ? 'existing' : seen.has(key) ? 'file' : null;
    seen.add(key);
    return { ...r, duplicate };
  });
}

export async function importQna(
  db: Db,
  bot: { id: string; organization_id: string },
  lang: string,
  rows: ImportRow[],
  mode: 'import' | 'skip',
): Promise<{ imported: number; skipped: number }> {
  const take = mode === 'skip' ? rows.filter((r) => !r.duplicate) : rows;
  if (take.length) {
    const index = { lang: baseLang(lang), tsConfig: await tsConfigFor(db, lang) };
    await qnaRepo.createManyIndexed(db, { organizationId: bot.organization_id, chatbotId: bot.id, lang }, index, take);
  }
  return { imported: take.length, skipped: rows.length - take.length };
}

/** The header row of qna.xlsx per interface language (the import skips either). */
const EXPORT_HEADER = { de: ['Frage', 'Antwort'], en: ['Question', 'Answer'], none: ['question', 'answer'] } as const;

/** qna.xlsx: one sheet, question and answer columns, headed in the interface language when it is given. */
export function exportQnaSheet(pairs: { question: string; answer: string }[], locale?: 'de' | 'en'): Buffer {
  const ws = xlsx().utils.aoa_to_sheet([[...EXPORT_HEADER[locale ?? 'none']], ...pairs.map((p) => [p.question, p.answer])]);
  const wb = xlsx().utils.book_new();
  xlsx().utils.book_append_sheet(wb, ws, 'qna');
  return xlsx().write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
