import { describe, expect, it } from 'vitest';
import { chatLinkErrorMessage, chatLinkSearch, parseChatLink } from '../../src/resources/chats/chatLink.ts';
import { dateFormatFor, rangeDays, rangeFilter, weekStartsOn } from '../../src/resources/chats/dateRange.ts';
import { csvBlob, exportAmountError } from '../../src/resources/chats/exportCsv.ts';

const ID = '3f2b8a1e-5c4d-4e6f-8a9b-0c1d2e3f4a5b';

describe('chat deep links', () => {
  it('tells no link, an invalid link and a chat id apart', () => {
    expect(parseChatLink('')).toEqual({ kind: 'none' });
    expect(parseChatLink('?foo=1')).toEqual({ kind: 'none' });
    expect(parseChatLink(`?chatId=${ID}`)).toEqual({ kind: 'chat', id: ID });
    expect(parseChatLink(`?chatId=${ID.toUpperCase()}`)).toEqual({ kind: 'chat', id: ID });
    expect(parseChatLink('?chatId=')).toEqual({ kind: 'invalid' });
    expect(parseChatLink('?chatId=123')).toEqual({ kind: 'invalid' });
    expect(parseChatLink(`?chatId=${ID}x`)).toEqual({ kind: 'invalid' });
    expect(parseChatLink('?chatId=%3Cscript%3E')).toEqual({ kind: 'invalid' });
  });

  it('says not found for 404 and "search by id failed" otherwise', () => {
    expect(chatLinkErrorMessage(404)).toBe('errors.link.chatNotFound');
    expect(chatLinkErrorMessage(500)).toBe('errors.link.chatSearchFailed');
    expect(chatLinkErrorMessage(0)).toBe('errors.link.chatSearchFailed');
    expect(chatLinkErrorMessage(undefined)).toBe('errors.link.chatSearchFailed');
  });

  it('keeps other query parameters (admin links) when a chat opens or closes', () => {
    expect(chatLinkSearch('?adminToken=a&chatbotId=b', ID)).toBe(`?adminToken=a&chatbotId=b&chatId=${ID}`);
    expect(chatLinkSearch(`?adminToken=a&chatId=${ID}`, null)).toBe('?adminToken=a');
    expect(chatLinkSearch(`?chatId=${ID}`, null)).toBe('');
  });
});

describe('date filter', () => {
  it('starts the week on Monday in German and on Sunday in English, with each date format', () => {
    expect(weekStartsOn('de')).toBe(1);
    expect(weekStartsOn('en')).toBe(0);
    expect(dateFormatFor('de')).toBe('dd.MM.yyyy');
    expect(dateFormatFor('en')).toBe('MM/dd/yyyy');
  });

  it('turns local days into [start of first day, start of the day after the last)', () => {
    const from = new Date(2026, 2, 3, 15, 30);
    const to = new Date(2026, 2, 5, 8, 0);
    const f = rangeFilter(from, to);
    expect(new Date(f.from!).getTime()).toBe(new Date(2026, 2, 3).getTime());
    expect(new Date(f.to!).getTime()).toBe(new Date(2026, 2, 6).getTime());
    const back = rangeDays(f);
    expect(back.from!.getTime()).toBe(new Date(2026, 2, 3).getTime());
    expect(back.to!.getTime()).toBe(new Date(2026, 2, 5).getTime());
  });

  it('handles one open end, invalid dates and days picked the wrong way round', () => {
    expect(rangeFilter(null, null)).toEqual({});
    expect(Object.keys(rangeFilter(new Date(2026, 0, 1), null))).toEqual(['from']);
    expect(Object.keys(rangeFilter(null, new Date('nonsense')))).toEqual([]);
    const swapped = rangeFilter(new Date(2026, 2, 9), new Date(2026, 2, 2));
    expect(new Date(swapped.from!).getTime()).toBe(new Date(2026, 2, 2).getTime());
    expect(new Date(swapped.to!).getTime()).toBe(new Date(2026, 2, 10).getTime());
  });
});

describe('CSV export rules', () => {
  it('requires an amount of at least 1 (whole numbers)', () => {
    expect(exportAmountError('')).toBe('ra.validation.required');
    expect(exportAmountError('  ')).toBe('ra.validation.required');
    expect(exportAmountError('0')).toBe('ra.validation.minValue');
    expect(exportAmountError('-2')).toBe('ra.validation.minValue');
    expect(exportAmountError('1.5')).toBe('ra.validation.minValue');
    expect(exportAmountError('abc')).toBe('ra.validation.minValue');
    expect(exportAmountError('100001')).toBe('ra.validation.maxValue');
    expect(exportAmountError('1')).toBeNull();
    expect(exportAmountError('10000')).toBeNull();
  });

  it('puts the byte-order mark back (once) so spreadsheets read umlauts', async () => {
    const bytes = async (b: Blob) => [...new Uint8Array(await b.arrayBuffer())];
    const plain = await bytes(csvBlob('Frage;Größe\r\n'));
    expect(plain.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(new Uint8Array(plain))).toBe('Frage;Größe\r\n'); // the decoder drops the mark it found
    const already = await bytes(csvBlob('\uFEFFa'));
    expect(already.slice(0, 4)).toEqual([0xef, 0xbb, 0xbf, 0x61]);
  });
});
