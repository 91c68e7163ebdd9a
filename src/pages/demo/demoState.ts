/** What the public demo shows for the answer of the public config call (spec section 8, "Demo"). */
import { ApiError } from '../../providers/http.ts';

export type DemoProblem = 'invalidLink' | 'chatbotNotFound' | 'subscriptionInvalid' | 'unknown' | 'offline';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A link without a well-formed chatbot id is invalid before anything is asked. */
export const isDemoId = (id: string | undefined): id is string => !!id && UUID.test(id);

export function demoProblem(error: unknown): DemoProblem {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.key === 'NoInternetConnection') return 'offline';
  if (error.status === 400) return 'invalidLink';
  if (error.status === 404) return 'chatbotNotFound';
  if (error.status === 403 && error.serverKey === 'SubscriptionExpired') return 'subscriptionInvalid';
  return 'unknown';
}

export const DEMO_PROBLEM_TEXT: Record<DemoProblem, string> = {
  invalidLink: 'errors.demo.invalidLink',
  chatbotNotFound: 'errors.demo.chatbotNotFound',
  subscriptionInvalid: 'errors.demo.subscriptionInvalid',
  offline: 'errors.NoInternetConnection',
  unknown: 'errors.Unknown',
};
