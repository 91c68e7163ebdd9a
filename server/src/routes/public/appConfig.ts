import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SCOPE } from '../../oidc/provider.ts';

const appConfig = z.object({
  oidc: z.object({ authority: z.string(), clientId: z.string(), scope: z.string(), resource: z.string() }),
  meetingUrl: z.string().nullable(),
  salesEmail: z.string().nullable().describe('where a customer writes to change the plan (SALES_EMAIL)'),
  publicUrl: z.string(),
  maxUploadBytes: z.number().describe('documents larger than this are refused (413)'),
});

/**
 * GET /api/v1/public/app-config: what the dashboard needs before anyone signs in, so
 * one build works against the local identity provider or an external OIDC_ISSUER.
 */
export default async function appConfigRoutes(app: FastifyInstance) {
  app.get('/app-config', { schema: { response: { 200: appConfig } } }, async (_req, reply) => {
    const { config, issuer, audience } = app.ctx;
    reply.header('cache-control', 'no-cache');
    return {
      oidc: { authority: issuer, clientId: config.OIDC_CLIENT_ID, scope: SCOPE, resource: audience },
      meetingUrl: config.MEETING_URL ?? null,
      salesEmail: config.SALES_EMAIL ?? null,
      publicUrl: config.publicUrl,
      /** Documents larger than this are refused (413); the dashboard checks before uploading. */
      maxUploadBytes: Math.round(config.MAX_UPLOAD_MB * 1024 * 1024),
    };
  });
}
