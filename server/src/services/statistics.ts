import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import type { ApiSubscription } from '../../../contract/api/account.ts';
import { statisticsRepo } from '../repositories/statistics.ts';
import { getSubscription } from './subscriptions.ts';

export const STATISTICS_DAYS = 30;

/** GET statistics: every figure of the dashboard in one answer. */
export interface Statistics {
  chatbotId: string;
  timeZone: string;
  subscription: ApiSubscription | null;
  /** Days until the trial or paid period ends, a started day counting as one; null when it does not end. */
  daysLeft: number | null;
  messagesToday: number;
  messagesThisMonth: number;
  totals: {
    chats: number;
    messages: number;
    avgMessagesPerChat: number;
    avgLeadsPerChat: number;
    contactsCollected: number;
  };
  /** Messages of this calendar month (UTC) counted against the plan, demo messages included. */
  usage: { usedMessages: number; monthlyMessages: number };
  /** The chat history at a glance. */
  history: { unread: number; contact: number; hr: number; favorites: number };
  /** Answers visitors rated with thumbs up / down in the widget (of the chats still kept). */
  feedback: { up: number; down: number };
  messagesPerDay: { day: string; count: number }[];
}

/** A time zone PostgreSQL and Intl both know; anything else is a 400 rather than a database error. */
export function checkTimeZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(tz) && tz !== 'UTC') throw invalidTz(tz);
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw invalidTz(tz);
  }
  return tz;
}
const invalidTz = (tz: string) =>
  badRequest('ValidationFailed', 'Unknown time zone', [{ path: 'tz', code: 'invalid_value', message: `Unknown time zone: ${tz}` }]);

const round2 = (x: number) => Math.round(x * 100) / 100;
const DAY_MS = 24 * 3600 * 1000;

/** The date the subscription's current right to use ends: cancellation, trial end or period end. */
export function subscriptionEnd(sub: ApiSubscription): string | null {
  if (sub.cancelAt) return sub.cancelAt;
  if (sub.status === 'trialing') return sub.trialEndsAt;
  if (sub.status === 'active' || sub.status === 'canceled') return sub.currentPeriodEnd;
  return null;
}

export function daysLeftOf(sub: ApiSubscription | null, now = new Date()): number | null {
  if (!sub || sub.status === 'demo') return null;
  const end = subscriptionEnd(sub);
  if (!end) return null;
  return Math.max(0, Math.ceil((new Date(end).getTime() - now.getTime()) / DAY_MS));
}

export async function chatbotStatistics(db: Queryable, bot: { id: string; organization_id: string }, timeZone: string): Promise<Statistics> {
  const subscription = await getSubscription(db, bot.organization_id);
  const t = await statisticsRepo.totals(db, bot.id, bot.organization_id, timeZone);
  const perDay = await statisticsRepo.messagesPerDay(db, bot.id, bot.organization_id, timeZone, STATISTICS_DAYS);
  return {
    chatbotId: bot.id,
    timeZone,
    subscription,
    daysLeft: daysLeftOf(subscription),
    messagesToday: t.messages_today,
    messagesThisMonth: t.messages_this_month,
    totals: {
      chats: t.chats,
      messages: t.messages,
      avgMessagesPerChat: t.chats ? round2(t.messages / t.chats) : 0,
      avgLeadsPerChat: t.chats ? round2(t.leads / t.chats) : 0,
      contactsCollected: t.leads,
    },
    usage: { usedMessages: t.used_messages, monthlyMessages: subscription?.limits.monthlyMessages ?? 0 },
    history: { unread: t.unread_chats, contact: t.contact_chats, hr: t.hr_chats, favorites: t.favorite_chats },
    feedback: { up: t.thumbs_up, down: t.thumbs_down },
    messagesPerDay: perDay,
  };
}
