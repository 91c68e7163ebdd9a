/**
 * CSV export of chats: one row per message (chat id, date, category, question, answer, optimized answer,
 * translation, lead fields, the visitor's rating and its comment). Streamed in batches, so 100,000 chats never sit in memory at once.
 * The file opens in spreadsheet programs: UTF-8 with a byte-order mark (umlauts intact), a semicolon
 * for German (German Excel splits on it), a comma for English, CRLF line ends, and cells that start
 * like a formula are escaped, because visitors wrote them.
 */
import type PapaParse from 'papaparse';
import type { Queryable } from '../db/index.ts';
import { requireOnFirstUse } from '../requireOnFirstUse.ts';
import { LEAD_FIELDS, type LeadField } from '../runtime/uiConfig.ts';
import type { Category, ChatFilter } from './filters.ts';
import { historyRepo } from './repository.ts';

const Papa = requireOnFirstUse<typeof PapaParse>('papaparse');

export type CsvLocale = 'de' | 'en';

const LABELS: Record<CsvLocale, { columns: string[]; lead: Record<LeadField, string>; category: Record<Category, string>; ratingColumns: string[]; rating: Record<'up' | 'down', string> }> = {
  de: {
    columns: ['Chat-ID', 'Datum', 'Kategorie', 'Frage', 'Antwort', 'Optimierte Antwort', 'Übersetzung der Frage'],
    // After the lead fields, so the columns scripts read by position stay where they were.
    ratingColumns: ['Bewertung', 'Kommentar zur Bewertung'],
    lead: {
      name: 'Name', firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail', phoneNumber: 'Telefonnummer',
      address: 'Adresse', streetNumber: 'Hausnummer', zip: 'PLZ', city: 'Ort', country: 'Land',
    },
    category: { general: 'Allgemein', contact: 'Kontakt', hr: 'HR' },
    rating: { up: 'Positiv', down: 'Negativ' },
  },
  en: {
    columns: ['Chat ID', 'Date', 'Category', 'Question', 'Answer', 'Optimized answer', 'Translated question'],
    ratingColumns: ['Rating', 'Rating comment'],
    lead: {
      name: 'Name', firstName: 'First name', lastName: 'Last name', email: 'Email', phoneNumber: 'Phone number',
      address: 'Address', streetNumber: 'Street number', zip: 'ZIP code', city: 'City', country: 'Country',
    },
    category: { general: 'General', contact: 'Contact', hr: 'HR' },
    rating: { up: 'Positive', down: 'Negative' },
  },
};

/**
 * Chats read per statement, and rows per piece of text handed to the response. Both small, so every object
 * a batch makes (its rows, their text) dies young: the export's memory stays flat however many chats it
 * has, instead of growing by large strings that only a full garbage collection would free.
 */
export const BATCH_CHATS = 500;
const ROWS_PER_PIECE = 200;

export interface ExportPlan {
  /** Chats in the selection that have messages, newest first. */
  chatIds: string[];
  /** Chats in the selection without any message: nothing to export. */
  skipped: number;
}

/** The newest `amount` chats matching the filters, split into exportable and empty ones. */
export async function planExport(db: Queryable, orgId: string, f: ChatFilter, amount: number): Promise<ExportPlan> {
  const chats = await historyRepo.newestChatsForExport(db, orgId, f, amount);
  const chatIds = chats.filter((c) => c.message_count > 0).map((c) => c.id);
  return { chatIds, skipped: chats.length - chatIds.length };
}

export function exportFileName(timeZone: string, now = new Date()) {
  // en-CA formats as YYYY-MM-DD.
  return `Chat_Export_${new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)}.csv`;
}

export function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}


/** The CSV text, piece by piece: BOM and header first, then one piece per batch of chats. */
export async function* csvChunks(db: Queryable, orgId: string, plan: ExportPlan, opts: { locale: CsvLocale; timeZone: string }) {
  const labels = LABELS[opts.locale];
  const config = { delimiter: opts.locale === 'de' ? ';' : ',', newline: '\r\n', escapeFormulae: true, header: false };
  yield '\uFEFF' + Papa().unparse([[...labels.columns, ...LEAD_FIELDS.map((f) => labels.lead[f]), ...labels.ratingColumns]], config) + '\r\n';
  for (let i = 0; i < plan.chatIds.length; i += BATCH_CHATS) {
    const ids = plan.chatIds.slice(i, i + BATCH_CHATS);
    const messages = await historyRepo.exportRows(db, orgId, ids, opts.timeZone);
    if (!messages.length) continue;
    const rows = messages.map((x) => [
      x.chat_id,
      x.date,
      labels.category[x.category] ?? x.category,
      x.question,
      x.answer ?? '',
      x.optimized_answer ?? '',
      x.translated_text ?? '',
      ...LEAD_FIELDS.map((f) => x.lead?.[f] ?? ''),
      x.feedback_rating ? labels.rating[x.feedback_rating] : '',
      x.feedback_comment ?? '',
    ]);
    for (let j = 0; j < rows.length; j += ROWS_PER_PIECE) yield Papa().unparse(rows.slice(j, j + ROWS_PER_PIECE), config) + '\r\n';
  }
}
