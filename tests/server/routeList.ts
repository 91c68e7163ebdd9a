import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  path: string;
}

/**
 * Every route of the running server, from fastify's own route tree (printRoutes): one line per node,
 * four characters of indentation per level, the methods in parentheses. Two parameters at the same
 * place print as `:id|:chatId`.
 */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1].length / 4;
    stack.push(m[2]);
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path: stack.join('') });
  }
  return routes;
}
