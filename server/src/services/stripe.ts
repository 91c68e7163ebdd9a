import type { AppContext } from '../context.ts';
import { AppError, notConfigured, notFound } from '../errors.ts';
import type { PortalSession } from '../../../contract/api/account.ts';
import { organizationsRepo } from '../repositories/organizations.ts';

/**
 * Stripe's customer portal through its REST API (form-encoded, bearer secret key).
 * Only the caller's own organization's customer may be opened.
 */
export async function createPortalSession(ctx: AppContext, organizationId: string, customerId: string): Promise<PortalSession> {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE, STRIPE_RETURN_URL } = ctx.config;
  if (!STRIPE_SECRET_KEY) throw notConfigured('billing (set STRIPE_SECRET_KEY)');
  const org = await organizationsRepo.billingCustomer(ctx.db, organizationId);
  if (!org?.customer_id || org.customer_id !== customerId) throw notFound('Customer');
  const failed = (why: string) => new AppError(502, 'Unknown', `Stripe failed: ${why}`);
  let res: Response;
  try {
    res = await fetch(`${STRIPE_API_BASE.replace(/\/$/, '')}/v1/billing_portal/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ customer: customerId, return_url: STRIPE_RETURN_URL ?? `${ctx.config.publicUrl}/profile` }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    throw failed((e as Error).message);
  }
  const body = (await res.json().catch(() => null)) as { url?: unknown; error?: { message?: string } } | null;
  if (!res.ok || typeof body?.url !== 'string') throw failed(body?.error?.message ?? `HTTP ${res.status}`);
  return { url: body.url };
}
