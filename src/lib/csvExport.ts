import Papa from 'papaparse';
import { csvBlob } from '../resources/chats/exportCsv.ts';
import { saveFile } from './saveFile.ts';

/** A column of an exported list: its header (already translated) and the text of a record's cell. */
export interface CsvColumn<T> {
  header: string;
  value: (record: T) => string | number | null | undefined;
}

/**
 * A list as CSV the way a spreadsheet in the interface language opens it: German uses ";" between cells
 * (its decimal separator is the comma), English ",". Cells that a spreadsheet would run as a formula
 * (=, +, -, @ at the start) are escaped.
 */
export function toCsv<T>(records: readonly T[], columns: readonly CsvColumn<T>[], locale: string): string {
  return Papa.unparse(
    { fields: columns.map((c) => c.header), data: records.map((r) => columns.map((c) => c.value(r) ?? '')) },
    { delimiter: locale === 'de' ? ';' : ',', escapeFormulae: true, newline: '\r\n' },
  );
}

/** Saves the CSV (with the byte-order mark spreadsheets need for umlauts). */
export function saveCsv(csv: string, fileName: string) {
  saveFile(csvBlob(csv), fileName);
}
