import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest, parse } from '../errors.ts';

/**
 * The ra-data-simple-rest dialect: ?sort=["field","ASC"]&range=[0,24]&filter={...}
 * answered by a JSON array and Content-Range: <resource> 0-24/319.
 */
/** A query parameter holding JSON, validated by `inner` after parsing. */
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

export interface ListQuery<F> {
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** SQL-ready: LIMIT and OFFSET. */
  limit: number;
  offset: number;
  filter: F;
}

export const MAX_PAGE = 500;

/**
 * Parses a list query. `sortable` maps the API's field names to SQL expressions, so a
 * client can never put its own text into ORDER BY; `filter` validates the filter object.
 */
export function parseListQuery<F extends z.ZodType>(
  query: unknown,
  opts: { sortable: Record<string, string>; defaultSort: [string, 'ASC' | 'DESC']; filter: F },
): ListQuery<z.infer<F>> & { orderBy: string } {
  const q = parse(
    z.object({
      sort: jsonParam(z.tuple([z.string(), z.enum(['ASC', 'DESC', 'asc', 'desc'])])).optional(),
      range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
      filter: jsonParam(z.record(z.string(), z.unknown())).optional(),
    }),
    query ?? {},
  );
  const [field, order] = q.sort ?? opts.defaultSort;
  const column = opts.sortable[field];
  if (!column) throw badRequest('ValidationFailed', `Cannot sort by ${field}`, [{ path: 'sort', message: `allowed: ${Object.keys(opts.sortable).join(', ')}` }]);
  const [start, end] = q.range ?? [0, 24];
  if (end < start) throw badRequest('ValidationFailed', 'range end before start', [{ path: 'range', message: 'end < start' }]);
  const limit = Math.min(end - start + 1, MAX_PAGE);
  const dir = order.toUpperCase() as 'ASC' | 'DESC';
  return {
    sort: { field, order: dir },
    orderBy: `${column} ${dir}`,
    limit,
    offset: start,
    filter: parse(opts.filter, q.filter ?? {}),
  };
}

export function sendList<T>(reply: FastifyReply, resource: string, rows: T[], total: number, offset: number) {
  const end = rows.length ? offset + rows.length - 1 : offset;
  return reply.header('Content-Range', `${resource} ${offset}-${end}/${total}`).send(rows);
}
