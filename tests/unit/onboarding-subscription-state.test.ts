import { describe, expect, it } from 'vitest';
import { subscriptionState } from '../../src/pages/profile/subscriptionState.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const base = { status: 'active' as const, valid: true, trialEndsAt: null, currentPeriodEnd: null, cancelAt: null, externalInvoice: false };

describe('subscription states (spec section 4)', () => {
  it('trialing with the days left', () => {
    const s = subscriptionState({ ...base, status: 'trialing', trialEndsAt: '2026-03-20T12:00:00Z' }, NOW);
    expect(s).toEqual({ headline: 'trialing', daysLeft: 10, lines: [{ key: 'trialing', date: '2026-03-20T12:00:00Z' }] });
  });
  it('the trial\'s last hours count as one day', () => {
    expect(subscriptionState({ ...base, status: 'trialing', trialEndsAt: '2026-03-10T20:00:00Z' }, NOW).daysLeft).toBe(1);
    expect(subscriptionState({ ...base, status: 'trialing', trialEndsAt: '2026-03-11T12:00:01Z' }, NOW).daysLeft).toBe(2);
  });
  it('expired, with the date it expired on', () => {
    const s = subscriptionState({ ...base, status: 'trialing', valid: false, trialEndsAt: '2026-03-01T00:00:00Z' }, NOW);
    expect(s).toEqual({ headline: 'expired', daysLeft: null, lines: [{ key: 'expiredOn', date: '2026-03-01T00:00:00Z' }] });
    expect(subscriptionState({ ...base, status: 'expired', valid: false }, NOW)).toEqual({ headline: 'expired', daysLeft: null, lines: [] });
  });
  it('an active subscription extends on its period end', () => {
    const s = subscriptionState({ ...base, currentPeriodEnd: '2026-04-01T00:00:00Z' }, NOW);
    expect(s.headline).toBe('active');
    expect(s.lines).toEqual([{ key: 'extendsOn', date: '2026-04-01T00:00:00Z' }]);
    expect(s.daysLeft).toBe(22);
  });
  it('a cancelled subscription ends at its cancellation date', () => {
    const s = subscriptionState({ ...base, currentPeriodEnd: '2026-04-01T00:00:00Z', cancelAt: '2026-03-15T00:00:00Z' }, NOW);
    expect(s.lines).toEqual([{ key: 'endsAt', date: '2026-03-15T00:00:00Z' }]);
    const canceled = subscriptionState({ ...base, status: 'canceled', currentPeriodEnd: '2026-04-01T00:00:00Z' }, NOW);
    expect(canceled.lines).toEqual([{ key: 'endsAt', date: '2026-04-01T00:00:00Z' }]);
  });
  it('demo, and external invoice as an extra line', () => {
    expect(subscriptionState({ ...base, status: 'demo' }, NOW)).toEqual({ headline: 'demo', daysLeft: null, lines: [{ key: 'demo' }] });
    const s = subscriptionState({ ...base, currentPeriodEnd: '2026-04-01T00:00:00Z', externalInvoice: true }, NOW);
    expect(s.lines.map((l) => l.key)).toEqual(['extendsOn', 'externalInvoice']);
  });
  it('no subscription', () => expect(subscriptionState(null, NOW)).toEqual({ headline: 'none', daysLeft: null, lines: [] }));
});
