/**
 * A list asked for more than the API's longest page (react-admin's export asks for 1,000 records) is read as
 * consecutive pages and joined: the export gets every record, not the first 500.
 */
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/providers/http.ts';
import { createDataProvider } from '../../src/providers/dataProvider.ts';
import { MAX_PAGE } from '../../contract/listPage.ts';

/** A server of `count` contacts answering ranges as the API does: at most MAX_PAGE records a request. */
function contactsServer(count: number) {
  const ranges: [number, number][] = [];
  const fetch = vi.fn(async (url: string | URL | Request) => {
    const [from, to] = JSON.parse(new URL(String(url), 'http://x').searchParams.get('range')!) as [number, number];
    ranges.push([from, to]);
    const end = Math.min(to, from + MAX_PAGE - 1, count - 1);
    const rows = Array.from({ length: Math.max(0, end - from + 1) }, (_, i) => ({ id: String(from + i) }));
    return new Response(JSON.stringify(rows), { status: 200, headers: { 'content-range': `contacts ${from}-${end}/${count}` } });
  });
  const http = createHttpClient({ getToken: () => 'tok', fetch, isOnline: () => true });
  return { dp: createDataProvider(http, () => ({ chatbotId: 'c1', lang: 'de' })), ranges };
}
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => String(from + i));
const list = (page: number, perPage: number) => ({ pagination: { page, perPage }, sort: { field: 'name', order: 'ASC' as const }, filter: {} });

describe('lists longer than one API page', () => {
  it('reads 1,000 of 1,234 records in two pages of 500', async () => {
    const { dp, ranges } = contactsServer(1234);
    const result = await dp.getList('contacts', list(1, 1000));
    expect(result.data.map((r) => r.id)).toEqual(ids(1000));
    expect(result.total).toBe(1234);
    expect(ranges).toEqual([[0, 499], [500, 999]]);
  });

  it('stops at the last record', async () => {
    const { dp, ranges } = contactsServer(620);
    const result = await dp.getList('contacts', list(1, 1000));
    expect(result.data.map((r) => r.id)).toEqual(ids(620));
    expect(ranges).toEqual([[0, 499], [500, 999]]);
  });

  it('reads a later long page from its own offset', async () => {
    const { dp, ranges } = contactsServer(3000);
    const result = await dp.getList('contacts', list(2, 1100));
    expect(result.data.map((r) => r.id)).toEqual(ids(1100, 1100));
    expect(ranges.every(([from, to]) => to - from + 1 <= MAX_PAGE)).toBe(true);
    expect(ranges[0][0]).toBe(1100);
  });

  it('asks once for a page the API answers whole', async () => {
    const { dp, ranges } = contactsServer(1234);
    const result = await dp.getList('contacts', list(3, 25));
    expect(result.data.map((r) => r.id)).toEqual(ids(25, 50));
    expect(ranges).toEqual([[50, 74]]);
  });
});
