import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';

/**
 * The embeddable widget, at the site root: the loader keeps a short cache so a new release
 * reaches every site quickly; the chat interface it loads is cached long (its URL carries the
 * loader's build hash). Any site may load them (CORS *), as the customer's snippet does.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../dist');

const FILES = {
  '/widget.js': 'public, max-age=300',
  '/widget-chat.js': 'public, max-age=31536000, immutable',
} as const;

export default async function widgetFileRoutes(app: FastifyInstance) {
  for (const [route, cacheControl] of Object.entries(FILES)) {
    app.get(route, async (_req, reply) => {
      const file = path.join(DIST, route.slice(1));
      const body = await fs.readFile(file).catch(() => null);
      if (!body) throw notFound('Widget build (run npm run build)');
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', cacheControl)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(body);
    });
  }
}
