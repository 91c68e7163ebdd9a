import { storeAdminParams } from '../../providers/adminSession.ts';
import { getAccessToken, sessionSnapshot, silentRefresh } from '../../providers/authProvider.ts';
import { AUTH } from '../../providers/authConstants.ts';
import { activeLanguageStore } from '../../providers/scope.ts';
import { userStore } from '../../providers/userStore.ts';
import type { Customer } from './types.ts';

/** An admin token that lasts less than this is renewed before it becomes the admin view's token. */
const MIN_ADMIN_TOKEN_SECONDS = 5 * 60;

/**
 * Enters the admin view of a customer: the operator's own access token becomes the admin token (it is
 * never refreshed in admin mode, so a nearly expired one is renewed first), acting as the owner, on the
 * customer's first chatbot. Throws when there is no valid token to use.
 */
export async function enterCustomerAdminView(customer: Customer) {
  if (!customer.ownerId) throw new Error('customer without owner');
  const session = await sessionSnapshot();
  const left = session?.expiresAt == null ? Infinity : session.expiresAt - Date.now() / 1000;
  if (left < Math.max(MIN_ADMIN_TOKEN_SECONDS, AUTH.tokenLeewaySeconds)) await silentRefresh();
  const adminToken = await getAccessToken();
  if (!adminToken) throw new Error('no token');
  storeAdminParams({ adminToken, userId: customer.ownerId, chatbotId: customer.chatbotId });
  // The customer's lookup and chatbot language replace the operator's.
  userStore.set(undefined);
  activeLanguageStore.set(null);
}
