import type { FastifyInstance } from 'fastify';
import { parse } from '../../../errors.ts';
import { portalSessionBody } from '../../../schemas/contract.ts';
import { requireAuth } from '../../../plugins/app/auth.ts';
import { createPortalSession } from '../../../services/stripe.ts';

/** stripe/portal-session: a Stripe customer-portal link for the caller's own organization. */
export default async function stripeRoutes(app: FastifyInstance) {
  app.post('/stripe/portal-session', async (req) => {
    const auth = requireAuth(req);
    const { customerId } = parse(portalSessionBody, req.body);
    return createPortalSession(app.ctx, auth.organizationId, customerId);
  });
}
