/**
 * The ra-data-simple-rest dialect: ?sort=["field","ASC"]&range=[0,24]&filter={...}, answered by a JSON array and
 * Content-Range: <resource> 0-24/319. The query schema of a list validates all three and gives the page to read.
 */
import { z } from 'zod';
import { MAX_PAGE } from '../listPage.ts';

/** A query parameter holding JSON, validated by `inner` after parsing (in the document: a string). */
export const jsonParam = <T extends z.ZodType>(inner: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);

export { MAX_PAGE };

export type SortOrder = 'ASC' | 'DESC';
export interface ListQuery<F> {
  sort: { field: string; order: SortOrder };
  /** SQL-ready: LIMIT and OFFSET. */
  limit: number;
  offset: number;
  filter: F;
}

/** The page when range is not given: the first 25 records. */
export const DEFAULT_RANGE: readonly [number, number] = [0, 24];

const sortParam = z.tuple([z.string(), z.enum(['ASC', 'DESC', 'asc', 'desc'])]);
const rangeParam = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([start, end]) => end >= start, 'range end before start');

/** range → SQL's OFFSET and LIMIT: inclusive bounds, at most MAX_PAGE records. */
export function pageOf(range: readonly [number, number] = DEFAULT_RANGE) {
  const [start, end] = range;
  return { offset: start, limit: Math.min(end - start + 1, MAX_PAGE) };
}

/** The dialect's three parameters for any resource and any filter (the mock server's lists). */
export const simpleRestQuery = z.object({
  sort: jsonParam(sortParam).optional(),
  range: jsonParam(rangeParam).optional(),
  filter: jsonParam(z.record(z.string(), z.unknown())).optional(),
});

/**
 * The query of a list: `sortable` names the fields a client may sort by (the server maps each to SQL, so no
 * client text reaches ORDER BY), `filter` validates the filter object.
 */
export function listQuery<F extends z.ZodObject>(filter: F, opts: { sortable: readonly string[]; defaultSort: [string, SortOrder] }) {
  const fields = Object.keys(filter.shape).join(', ');
  return z
    .object({
      sort: jsonParam(sortParam).optional().describe(`JSON ["field","ASC"|"DESC"]; fields: ${opts.sortable.join(', ')}; default ${JSON.stringify(opts.defaultSort)}`),
      range: jsonParam(rangeParam).optional().describe(`JSON [first, last], 0-based and inclusive; at most ${MAX_PAGE} records; default [0,24]`),
      // A missing filter is an empty one: its defaults apply, or its "required" issues are reported.
      filter: z.string().default('{}').pipe(jsonParam(filter)).describe(`JSON object; fields: ${fields}`),
    })
    .superRefine((q, ctx) => {
      const field = q.sort?.[0];
      if (field !== undefined && !opts.sortable.includes(field))
        ctx.addIssue({ code: 'custom', path: ['sort'], message: `Cannot sort by ${field}; allowed: ${opts.sortable.join(', ')}` });
    })
    .transform((q): ListQuery<z.output<F>> => {
      const [field, order] = q.sort ?? opts.defaultSort;
      return { sort: { field, order: order.toUpperCase() as SortOrder }, ...pageOf(q.range), filter: (q as { filter?: unknown }).filter as z.output<F> };
    });
}
