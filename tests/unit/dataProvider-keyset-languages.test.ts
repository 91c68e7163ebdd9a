/**
 * The chats list pages by the server's cursor (X-Next-Cursor → after), per filter and sort, falling back to
 * offsets where no cursor is known; the languages resource speaks the spec's language calls.
 */
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/providers/http.ts';
import { createDataProvider } from '../../src/providers/dataProvider.ts';
import { createCursorBook, totalOf } from '../../src/providers/chatsKeyset.ts';
import { sortLanguages } from '../../src/providers/languagesProvider.ts';

function provider(respond: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return respond(String(url), init ?? {});
  });
  const http = createHttpClient({ getToken: () => 'tok', fetch, isOnline: () => true });
  return { dp: createDataProvider(http, () => ({ chatbotId: 'c1', lang: 'de' })), calls };
}
const q = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const page = (n: number, perPage = 2, sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'createdAt', order: 'DESC' }, filter: object = {}) => ({
  pagination: { page: n, perPage },
  sort,
  filter,
});

describe('chats by cursor', () => {
  /** A server of 5 chats whose full pages carry a cursor naming their last chat. */
  const server = (url: string) => {
    const query = q(url);
    const [from, to] = JSON.parse(query.range) as [number, number];
    const start = query.after ? Number(query.after.split('~')[2]) + 1 : from;
    const ids = [0, 1, 2, 3, 4].slice(start, start + (to - from + 1));
    const headers = new Headers({ 'content-range': `chats ${from}-${to}/${query.after ? '*' : 5}` });
    if (ids.length === to - from + 1) headers.set('x-next-cursor', `createdAt~~${ids.at(-1)}`);
    return new Response(JSON.stringify(ids.map((id) => ({ id: String(id) }))), { status: 200, headers });
  };

  it('sends the cursor of the page before, counts only the first page, and ends where the server says', async () => {
    const { dp, calls } = provider(server);
    const first = await dp.getList('chats', page(1));
    expect(first).toMatchObject({ total: 5, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(q(calls[0].url).after).toBeUndefined();
    expect(JSON.parse(q(calls[0].url).filter)).toEqual({ chatbotId: 'c1', lang: 'de' });
    const second = await dp.getList('chats', page(2));
    expect(q(calls[1].url).after).toBe('createdAt~~1');
    expect(second.total).toBeUndefined();
    expect(second.data.map((c) => c.id)).toEqual(['2', '3']);
    const third = await dp.getList('chats', page(3));
    expect(q(calls[2].url).after).toBe('createdAt~~3');
    expect(third.data.map((c) => c.id)).toEqual(['4']);
    expect(third.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('keeps cursors apart per filter and sort; without one a page goes by offset', async () => {
    const { dp, calls } = provider(server);
    await dp.getList('chats', page(1));
    await dp.getList('chats', page(2, 2, { field: 'createdAt', order: 'ASC' }));
    expect(q(calls[1].url).after).toBeUndefined();
    expect(q(calls[1].url).range).toBe('[2,3]');
    await dp.getList('chats', page(2, 2, undefined, { category: 'hr' }));
    expect(q(calls[2].url).after).toBeUndefined();
    await dp.getList('chats', page(2));
    expect(q(calls[3].url).after).toBe('createdAt~~1');
  });

  it('other resources keep the simple-rest dialect', async () => {
    const { dp, calls } = provider(() => new Response('[]', { status: 200, headers: { 'content-range': 'qna 0-0/0' } }));
    expect((await dp.getList('qna', page(2))).total).toBe(0);
    expect(q(calls[0].url).after).toBeUndefined();
  });

  it('passes on a total past the server\'s count cap as meta.totalExceeds', async () => {
    const { dp } = provider(() => new Response('[]', { status: 200, headers: { 'content-range': 'chats 0-24/*', 'x-total-exceeds': '1000' } }));
    const first = await dp.getList('chats', page(1, 25));
    expect(first.total).toBeUndefined();
    expect(first.meta).toEqual({ totalExceeds: 1000 });
  });

  it('remembers a bounded number of lists; a total of * is unknown', () => {
    const book = createCursorBook(2);
    book.set('a', 1, 'x');
    book.set('b', 1, 'y');
    book.set('c', 1, 'z');
    expect(book.get('a', 1)).toBeUndefined();
    expect(book.get('c', 1)).toBe('z');
    book.set('c', 1, null);
    expect(book.get('c', 1)).toBeUndefined();
    expect(totalOf('chats 0-24/319')).toBe(319);
    expect(totalOf('chats 25-49/*')).toBeUndefined();
    expect(totalOf(null)).toBeUndefined();
  });
});

describe('languages resource', () => {
  const entries = [
    { lang: 'de', isDefault: true, name: 'German', alias: 'de' },
    { lang: 'italian', isDefault: false, name: 'Italian', alias: 'it' },
  ];
  it('lists, adds, sets the default and deletes through languages/{chatbotId}', async () => {
    const { dp, calls } = provider(() => new Response(JSON.stringify(entries), { status: 200 }));
    const list = await dp.getList('languages', { pagination: { page: 1, perPage: 50 }, sort: { field: 'lang', order: 'DESC' }, filter: {} });
    expect(calls[0].url).toBe('/api/v1/languages/c1');
    expect(list.total).toBe(2);
    expect(list.data.map((l) => l.id)).toEqual(['italian', 'de']);
    expect((await dp.create('languages', { data: { lang: 'italian' } })).data).toMatchObject({ id: 'italian', alias: 'it' });
    expect([calls[1].url, calls[1].init.method, JSON.parse(String(calls[1].init.body))]).toEqual(['/api/v1/languages/c1', 'POST', { lang: 'italian' }]);
    await dp.update('languages', { id: 'italian', data: { isDefault: true }, previousData: {} as any });
    expect([calls[2].url, calls[2].init.method, JSON.parse(String(calls[2].init.body))]).toEqual(['/api/v1/languages/c1/italian', 'PATCH', { isDefault: true }]);
    await dp.deleteMany('languages', { ids: ['italian'] });
    expect([calls[3].url, calls[3].init.method]).toEqual(['/api/v1/languages/c1/italian', 'DELETE']);
  });
  it('sorts by any field, both ways', () => {
    const rows = entries.map((e) => ({ ...e, id: e.lang }));
    expect(sortLanguages(rows, { field: 'alias', order: 'ASC' }).map((r) => r.alias)).toEqual(['de', 'it']);
    expect(sortLanguages(rows, { field: 'isDefault', order: 'DESC' })[0].lang).toBe('de');
  });
});
