/** The webpages export: translated headers, one row per page, harmless formula-like cells, the separator per language. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de.ts';
import { en } from '../../i18n/en.ts';
import { webpagesCsv, webpagesFileName } from '../../src/resources/webpages/webpageExport.ts';
import type { Webpage } from '../../src/resources/webpages/types.ts';

const translator = (messages: Record<string, any>) => (key: string) => key.split('.').reduce((m, k) => m?.[k], messages) as unknown as string;
const page = (over: Partial<Webpage>): Webpage => ({
  id: '1', chatbotId: 'c', websiteId: 'w', lang: 'de', url: 'https://radhaus.test/versand.html', path: '/versand.html', title: 'Versand & Rückgabe',
  favorite: false, lastTrained: null, beingTrained: false, characters: 1200, createdAt: '2026-03-01T10:00:00Z', ...over,
});

describe('webpages export', () => {
  it('German: semicolons, German headers, ja/nein, umlauts kept, formulas defused', () => {
    const csv = webpagesCsv([page({ favorite: true }), page({ id: '2', path: '/=cmd', url: 'https://radhaus.test/=cmd', title: '=HYPERLINK("x")' })], translator(de), 'de');
    const rows = Papa.parse<string[]>(csv, { delimiter: ';' }).data;
    expect(rows[0]).toEqual(['URL', 'Seite', 'Titel', 'Favorit', 'Zuletzt trainiert', 'Zeichen']);
    expect(rows[1]).toEqual(['https://radhaus.test/versand.html', '/versand.html', 'Versand & Rückgabe', 'ja', '', '1200']);
    expect(rows[2][2]).toBe('\'=HYPERLINK("x")');
    expect(rows[2][3]).toBe('nein');
  });
  it('English: commas and English headers; a dated file name per language', () => {
    const csv = webpagesCsv([page({ lastTrained: '2026-03-01T10:00:00Z' })], translator(en), 'en');
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual(['URL', 'Page', 'Title', 'Favorite', 'Last trained', 'Characters']);
    expect(rows[1][4]).toMatch(/2026/);
    expect(webpagesFileName(translator(en), new Date(2026, 2, 1))).toBe('Webpages_2026-03-01.csv');
    expect(webpagesFileName(translator(de), new Date(2026, 2, 1))).toBe('Webseiten_2026-03-01.csv');
  });
});
