/**
 * A list asked for more records than the API answers at once (react-admin's export asks for 1,000; the API's
 * pages end at MAX_PAGE) is read as consecutive pages of MAX_PAGE and joined, so an export is never cut short.
 */
import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'ra-core';
import { MAX_PAGE } from '../../contract/listPage.ts';

export function withLongPages(base: DataProvider, pageSize = MAX_PAGE): DataProvider {
  return {
    ...base,
    getList: async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      if (perPage <= pageSize) return base.getList<R>(resource, params);
      const start = (page - 1) * perPage;
      // The API's pages are asked for by page number, so every request's offset must be a multiple of its size.
      const size = start === 0 ? pageSize : gcd(start, pageSize);
      const data: R[] = [];
      let first: GetListResult<R> | undefined;
      while (data.length < perPage) {
        const part = await base.getList<R>(resource, { ...params, pagination: { page: (start + data.length) / size + 1, perPage: size } });
        first ??= part;
        data.push(...part.data);
        if (part.data.length < size || (part.total !== undefined && start + data.length >= part.total)) break;
      }
      data.length = Math.min(data.length, perPage);
      return { ...first!, data };
    },
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
