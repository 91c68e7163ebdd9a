/**
 * The chats list by keyset (issue 13 item 6): the server answers a full page with `X-Next-Cursor`, and
 * `after=<cursor>` asks for the page after it without counting or skipping the chats before. react-admin's
 * infinite list asks for pages by number; this provider remembers each page's cursor (per filter, sort and
 * page size) and sends it with the next page. A page whose predecessor's cursor is unknown (a cold start on
 * page 3, a forgotten list) goes by offset, which the server still answers.
 */
import type { DataProvider, GetListParams, GetListResult } from 'ra-core';
import { CHAT_CURSOR_HEADER, CHAT_TOTAL_EXCEEDS_HEADER } from '../../contract/api/historyCursor.ts';
import type { HttpClient } from './http.ts';

/** The cursors of recently listed pages; the oldest lists are forgotten first. */
export function createCursorBook(maxLists = 50) {
  const lists = new Map<string, Map<number, string>>();
  return {
    /** The cursor that ends page `page` of the list `key`, if that page was loaded. */
    get: (key: string, page: number) => lists.get(key)?.get(page),
    set(key: string, page: number, cursor: string | null) {
      let pages = lists.get(key);
      if (pages) lists.delete(key);
      else pages = new Map();
      lists.set(key, pages); // most recent last
      if (cursor) pages.set(page, cursor);
      else pages.delete(page);
      while (lists.size > maxLists) lists.delete(lists.keys().next().value!);
    },
  };
}

export type CursorBook = ReturnType<typeof createCursorBook>;

const listKey = (p: GetListParams) => JSON.stringify([p.filter ?? {}, p.sort?.field, p.sort?.order, p.pagination?.perPage]);

/** `chats 0-24/319` → 319; `chats 25-49/*` (paged by cursor, not counted again) → undefined. */
export function totalOf(contentRange: string | null): number | undefined {
  const n = Number(contentRange?.split('/').pop());
  return Number.isFinite(n) && contentRange?.split('/').pop() !== '*' ? n : undefined;
}

/** getList of one resource (chats) by cursor, in the ra-data-simple-rest dialect otherwise. */
export function keysetGetList(http: HttpClient, apiUrl: string, book: CursorBook = createCursorBook()): DataProvider['getList'] {
  return async (resource, params): Promise<GetListResult> => {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field = 'createdAt', order = 'DESC' } = params.sort ?? {};
    const key = listKey(params);
    const after = page > 1 ? book.get(key, page - 1) : undefined;
    const query = new URLSearchParams({
      sort: JSON.stringify([field, order]),
      range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
      filter: JSON.stringify(params.filter ?? {}),
      ...(after ? { after } : {}),
    });
    const { json, headers } = await http<any[]>(`${apiUrl}/${resource}?${query}`, { signal: params.signal });
    const next = headers.get(CHAT_CURSOR_HEADER);
    book.set(key, page, next);
    // Past the server's cap the total is not counted: meta.totalExceeds names the cap (the export's default).
    const exceeds = Number(headers.get(CHAT_TOTAL_EXCEEDS_HEADER)) || undefined;
    return {
      data: json,
      total: totalOf(headers.get('content-range')),
      pageInfo: { hasNextPage: !!next, hasPreviousPage: page > 1 },
      ...(exceeds ? { meta: { totalExceeds: exceeds } } : {}),
    };
  };
}
