/**
 * The subscription states of spec section 4 (expired, trialing, ends at, extends on, expired on, demo,
 * external invoice) derived from the server's subscription. Pure, so profile and dashboard show the same.
 */
import type { ApiSubscription } from '../../../contract/api/account.ts';

export type SubscriptionHeadline = 'expired' | 'trialing' | 'active' | 'demo' | 'none';
export type SubscriptionLine =
  | { key: 'trialing'; date: string | null }
  | { key: 'endsAt'; date: string }
  | { key: 'extendsOn'; date: string }
  | { key: 'expiredOn'; date: string }
  | { key: 'demo' }
  | { key: 'externalInvoice' };

export interface SubscriptionState {
  headline: SubscriptionHeadline;
  /** Days left of the trial or the paid period, a started day counting as one; null when nothing ends. */
  daysLeft: number | null;
  lines: SubscriptionLine[];
}

const DAY_MS = 24 * 3600 * 1000;
type Sub = Pick<ApiSubscription, 'status' | 'valid' | 'trialEndsAt' | 'currentPeriodEnd' | 'cancelAt' | 'externalInvoice'>;

/** When the current right to use ends: a cancellation first, then the trial's or the period's end. */
export function endOf(sub: Sub): string | null {
  if (sub.cancelAt) return sub.cancelAt;
  if (sub.status === 'trialing') return sub.trialEndsAt;
  if (sub.status === 'demo') return null;
  return sub.currentPeriodEnd;
}

export function subscriptionState(sub: Sub | null | undefined, now: Date = new Date()): SubscriptionState {
  if (!sub) return { headline: 'none', daysLeft: null, lines: [] };
  const lines: SubscriptionLine[] = [];
  const end = endOf(sub);
  const daysLeft = end && sub.valid ? Math.max(0, Math.ceil((new Date(end).getTime() - now.getTime()) / DAY_MS)) : null;
  let headline: SubscriptionHeadline;
  if (sub.status === 'demo' && sub.valid) {
    headline = 'demo';
    lines.push({ key: 'demo' });
  } else if (!sub.valid) {
    headline = 'expired';
    if (end) lines.push({ key: 'expiredOn', date: end });
  } else if (sub.status === 'trialing') {
    headline = 'trialing';
    lines.push({ key: 'trialing', date: sub.trialEndsAt });
    if (sub.cancelAt) lines.push({ key: 'endsAt', date: sub.cancelAt });
  } else {
    headline = 'active';
    // Cancelled (or set to cancel): it ends; otherwise it renews at the period's end.
    if (sub.cancelAt || sub.status === 'canceled') {
      if (end) lines.push({ key: 'endsAt', date: end });
    } else if (sub.currentPeriodEnd) {
      lines.push({ key: 'extendsOn', date: sub.currentPeriodEnd });
    }
  }
  if (sub.externalInvoice) lines.push({ key: 'externalInvoice' });
  return { headline, daysLeft, lines };
}
