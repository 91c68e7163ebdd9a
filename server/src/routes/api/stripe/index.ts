import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portalSession, portalSessionBody } from '../../../../../contract/api/account.ts';
import { errorResponses } from '../../../../../contract/api/common.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { createPortalSession } from '../../../services/stripe.ts';

/** stripe/portal-session: a Stripe customer-portal link for the caller's own organization. */
export default async function stripeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post('/stripe/portal-session', {
    schema: { body: portalSessionBody, response: { 200: portalSession, ...errorResponses('FeatureNotConfigured', 'UpstreamFailed') } },
  }, async (req) => createPortalSession(app.ctx, requireAuth(req).organizationId, req.body.customerId));
}
