/** One page of a list: the ORDER BY expression (from the route's whitelist of sortable columns), LIMIT and OFFSET. */
export interface ListPage {
  orderBy: string;
  limit: number;
  offset: number;
}

/** A search text as an ILIKE pattern: contains, with %, _ and \ matched literally. */
export const containsPattern = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;
