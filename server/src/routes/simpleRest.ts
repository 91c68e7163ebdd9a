import type { FastifyReply } from 'fastify';
import type { ListQuery } from '../../../contract/api/simpleRest.ts';

export { jsonParam, listQuery, MAX_PAGE, type ListQuery } from '../../../contract/api/simpleRest.ts';

/**
 * A list query (validated by the route's listQuery schema) with its ORDER BY: `sortable` maps the API's
 * field names to SQL expressions, so a client can never put its own text into ORDER BY.
 */
export function withOrderBy<F>(q: ListQuery<F>, sortable: Record<string, string>): ListQuery<F> & { orderBy: string } {
  return { ...q, orderBy: `${sortable[q.sort.field]} ${q.sort.order}` };
}

/** The simple-rest answer: the page as a JSON array and Content-Range: <resource> 0-24/319 (or /* when not counted). */
export function sendList<T>(reply: FastifyReply, resource: string, rows: T[], total: number | '*', offset: number) {
  const end = rows.length ? offset + rows.length - 1 : offset;
  return reply.header('Content-Range', `${resource} ${offset}-${end}/${total}`).send(rows);
}
