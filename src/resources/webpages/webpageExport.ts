/**
 * The webpages export: one row per page with the columns a person wants in a spreadsheet, headed in the
 * interface language; semicolons for German spreadsheet programs, commas for English ones.
 */
import Papa from 'papaparse';
import type { Webpage } from './types.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const EXPORT_COLUMNS = ['url', 'path', 'title', 'favorite', 'lastTrained', 'characters'] as const;

/** Formula-like cells would run in a spreadsheet program; a leading apostrophe keeps them text. */
const harmless = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function webpageRows(pages: Webpage[], translate: Translate, locale: string): string[][] {
  const dateLocale = locale === 'de' ? 'de-DE' : 'en-US';
  const header = EXPORT_COLUMNS.map((c) => translate(`training.website.columns.${c}`));
  const rows = pages.map((p) => [
    harmless(p.url),
    harmless(p.path),
    harmless(p.title ?? ''),
    translate(p.favorite ? 'training.website.export.yes' : 'training.website.export.no'),
    p.lastTrained ? new Date(p.lastTrained).toLocaleString(dateLocale, { dateStyle: 'medium', timeStyle: 'short' }) : '',
    String(p.characters ?? 0),
  ]);
  return [header, ...rows];
}

export function webpagesCsv(pages: Webpage[], translate: Translate, locale: string): string {
  return Papa.unparse(webpageRows(pages, translate, locale), { delimiter: locale === 'de' ? ';' : ',' });
}

/** `Webseiten_2026-03-01.csv` / `Webpages_2026-03-01.csv` (the day in the user's time zone). */
export function webpagesFileName(translate: Translate, now = new Date()) {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${translate('training.website.export.fileName')}_${day}.csv`;
}
