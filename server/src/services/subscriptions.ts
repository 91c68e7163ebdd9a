import type { Queryable } from '../db/index.ts';
import { AppError, planLimit } from '../errors.ts';
import type { ApiSubscription, PlanLimits } from '../../../contract/api/account.ts';
import { subscriptionsRepo, type SubscriptionPlanRow } from '../repositories/subscriptions.ts';

const iso = (d: string | Date | null) => (d == null ? null : new Date(d).toISOString());
const passed = (d: string | Date | null, now: Date) => d != null && new Date(d).getTime() <= now.getTime();

/**
 * Whether the chatbot may still answer: a trial until its end, a paid period until it ends,
 * a cancelled subscription until cancel_at (or the period end), a demo always, expired never.
 */
export function isSubscriptionValid(s: Pick<SubscriptionPlanRow, 'status' | 'trial_ends_at' | 'current_period_end' | 'cancel_at'>, now = new Date()) {
  if (passed(s.cancel_at, now)) return false;
  switch (s.status) {
    case 'demo':
      return true;
    case 'trialing':
      return !passed(s.trial_ends_at, now);
    case 'active':
      return !passed(s.current_period_end, now);
    case 'canceled':
      return s.cancel_at != null || s.current_period_end != null ? !passed(s.current_period_end, now) : false;
    default:
      return false;
  }
}

export function limitsOf(row: SubscriptionPlanRow): PlanLimits {
  return {
    maxLanguages: row.max_languages,
    maxWebpages: row.max_webpages,
    monthlyTrainingCycles: row.monthly_training_cycles,
    monthlyMessages: row.monthly_messages,
    stylingAllowed: row.styling_allowed,
    contactCollectionAllowed: row.contact_collection_allowed,
    brandingRemovalAllowed: row.branding_removal_allowed,
  };
}

export function toApiSubscription(row: SubscriptionPlanRow, now = new Date()): ApiSubscription {
  return {
    planId: row.plan_id,
    planName: row.plan_name,
    status: row.status,
    priceCents: row.price_cents,
    currency: row.currency,
    period: row.period,
    startedAt: iso(row.started_at)!,
    trialEndsAt: iso(row.trial_ends_at),
    currentPeriodEnd: iso(row.current_period_end),
    cancelAt: iso(row.cancel_at),
    externalInvoice: row.external_invoice,
    valid: isSubscriptionValid(row, now),
    limits: limitsOf(row),
  };
}

/** The organization's subscription with its plan's limits, or null when it has none. */
export async function getSubscription(db: Queryable, organizationId: string): Promise<ApiSubscription | null> {
  const row = await subscriptionsRepo.byOrganization(db, organizationId);
  return row ? toApiSubscription(row) : null;
}

export const subscriptionExpired = () => new AppError(403, 'SubscriptionExpired', 'Subscription no longer valid');

/** 403 SubscriptionExpired unless the organization's subscription is still valid. */
export async function requireValidSubscription(db: Queryable, organizationId: string): Promise<ApiSubscription> {
  const sub = await getSubscription(db, organizationId);
  if (!sub?.valid) throw subscriptionExpired();
  return sub;
}

export type NumericLimit = 'maxLanguages' | 'maxWebpages' | 'monthlyTrainingCycles' | 'monthlyMessages';
export type FeatureLimit = 'stylingAllowed' | 'contactCollectionAllowed' | 'brandingRemovalAllowed';

/**
 * 403 PlanLimitReached when `current + adding` would exceed the plan's limit. Callers count
 * what they already have; nothing is ever cut silently.
 */
export async function assertWithinLimit(db: Queryable, organizationId: string, limit: NumericLimit, current: number, adding = 1) {
  const sub = await getSubscription(db, organizationId);
  const max = sub ? sub.limits[limit] : 0;
  if (current + adding > max) throw planLimit(limit, max);
  return max;
}

/** 403 PlanLimitReached when the plan does not include a feature (styling, contact collection, branding removal). */
export async function assertFeatureAllowed(db: Queryable, organizationId: string, feature: FeatureLimit) {
  const sub = await getSubscription(db, organizationId);
  if (!sub?.limits[feature]) throw new AppError(403, 'PlanLimitReached', `Your plan does not include ${feature}`, { limit: feature, max: 0 });
}
