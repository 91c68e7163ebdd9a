import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translationQuery, translationResult } from '../../../../../contract/api/account.ts';
import { errorResponses } from '../../../../../contract/api/common.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { translate } from '../../../services/translation.ts';

/** translations?lang&message: a text translated by the configured provider. */
export default async function translationsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/translations', {
    schema: {
      querystring: translationQuery,
      response: { 200: translationResult, ...errorResponses('LanguageNotAvailable', 'FeatureNotConfigured', 'UpstreamFailed') },
    },
  }, async (req) => {
    requireAuth(req);
    return translate(app.ctx.config, req.query.lang, req.query.message);
  });
}
