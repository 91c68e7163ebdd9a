import type { FastifyInstance } from 'fastify';
import { refuseUnstorableText } from '../../services/users.ts';

/** A query parameter holding JSON (react-admin's filter, sort, range): checked as what it decodes to. */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{"]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * PostgreSQL cannot store or compare text holding a NUL character or a lone surrogate: such text in any
 * API query (filters included) or JSON body is refused with 400 naming the field, before a route runs,
 * instead of failing the query as a 500. Path segments are ids, which their own rule answers with 404
 * (a malformed id is "not found"); uploaded files are bytes, not text, and are not looked at.
 */
export function registerStorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const query = (req.query ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(query)) refuseUnstorableText(decoded(value), ['query', key]);
    if (!String(req.headers['content-type'] ?? '').startsWith('multipart/')) refuseUnstorableText(req.body, ['body']);
  });
}
