import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../errors.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { MAX_MESSAGE_LENGTH, translate } from '../../../services/translation.ts';

const translationQuery = z.object({ lang: z.string().min(1).max(10), message: z.string().min(1).max(MAX_MESSAGE_LENGTH) });

/** translations?lang&message: a text translated by the configured provider. */
export default async function translationsRoutes(app: FastifyInstance) {
  app.get('/translations', async (req) => {
    requireAuth(req);
    const q = parse(translationQuery, req.query);
    return translate(app.ctx.config, q.lang, q.message);
  });
}
