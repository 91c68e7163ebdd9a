import { saveFile } from '../../lib/saveFile.ts';

/** The export dialog's rules and the download itself (spec: amount required, at least 1; Chat_Export CSV). */
export const MAX_EXPORT_CHATS = 100_000;

/** An i18n key when the amount is not acceptable, else null. */
export function exportAmountError(value: string): string | null {
  if (!value.trim()) return 'ra.validation.required';
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) return 'ra.validation.minValue';
  if (n > MAX_EXPORT_CHATS) return 'ra.validation.maxValue';
  return null;
}

/**
 * Saves the CSV text as a file. fetch drops the UTF-8 byte-order mark while decoding, so it is put
 * back: spreadsheet programs need it to read umlauts correctly.
 */
export function csvBlob(csv: string): Blob {
  const text = csv.charCodeAt(0) === 0xfeff ? csv : `\uFEFF${csv}`;
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

export const downloadCsv = (csv: string, fileName: string) => saveFile(csvBlob(csv), fileName);
