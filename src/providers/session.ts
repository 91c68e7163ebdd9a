/**
 * The browser side of the route guard: wires guardRunner.ts to the identity provider, session storage,
 * the address bar and the user lookup.
 */
import type { UserLookup } from '../../contract/api/account.ts';
import { captureAdminParams, clearAdminParams, currentAdminParams, removeAdminTokenFromAddressBar } from './adminSession.ts';
import {
  sessionSnapshot,
  signOut,
  signOutLocally,
  silentRefresh,
  startSignIn,
  startSignUp,
} from './authProvider.ts';
import { dataProvider } from './dataProvider.ts';
import type { AdminParams } from './guard.ts';
import { AdminTokenRefused, PageLeaving, type GuardDeps } from './guardRunner.ts';
import { ApiError } from './http.ts';
import { userStore } from './userStore.ts';

// A reload or navigation aborts the lookup in flight: that is the page leaving, not a failed lookup,
// and must not sign the user out.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** Loads user, subscription and chatbot; a failure clears all three (spec section 8). */
export async function loadUser(params: AdminParams = currentAdminParams()): Promise<UserLookup | null> {
  try {
    const lookup =
      params.adminToken && params.userId ? await dataProvider.getUser(params.userId) : await dataProvider.lookupUser();
    userStore.set(lookup);
    return lookup;
  } catch (e) {
    if (leavingPage) throw new PageLeaving();
    // The admin token expired (or was revoked): that ends admin mode, not the admin's own session.
    if (params.adminToken && e instanceof ApiError && e.status === 401) {
      userStore.set(undefined);
      throw new AdminTokenRefused();
    }
    userStore.set(null);
    return null;
  }
}

export const browserGuardDeps: GuardDeps = {
  captureAdminParams() {
    const before = currentAdminParams();
    const params = captureAdminParams(window.location.search);
    removeAdminTokenFromAddressBar();
    // Another customer (or leaving/entering admin mode) makes the loaded lookup stale.
    if (before.adminToken !== params.adminToken || before.userId !== params.userId) userStore.set(undefined);
    return params;
  },
  session: sessionSnapshot,
  silentRefresh,
  signOutLocally,
  getUser: () => userStore.get(),
  loadUser,
  startSignIn,
  startSignUp,
  signOut,
  leaveAdminMode() {
    clearAdminParams();
    userStore.set(undefined);
  },
};
