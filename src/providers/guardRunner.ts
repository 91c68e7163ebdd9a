/**
 * Carries out the pure guard of guard.ts: reads admin mode, checks sign-in (refreshing normal tokens
 * silently), loads the user, and returns what the page must do. Side effects come in as dependencies so the
 * flow can run in unit tests with fakes.
 */
import type { UserLookup } from '../../contract/api/account.ts';
import { AUTH } from './authConstants.ts';
import {
  ADMIN_EXPIRED_PATH,
  DASHBOARD_PATH,
  afterSilentRefresh,
  checkSignedIn,
  decideRoute,
  isAdminMode,
  type AdminParams,
  type GuardRoute,
  type SessionSnapshot,
} from './guard.ts';

/** Thrown by a dependency when the page is unloading mid-flow: the guard then does nothing more. */
export class PageLeaving extends Error {}

/** Thrown by loadUser in admin mode when the server refuses the admin token (it expired): no sign-out then. */
export class AdminTokenRefused extends Error {}

export type GuardOutcome = { type: 'continue' } | { type: 'redirect'; to: string } | { type: 'leaving' };

export interface GuardDeps {
  captureAdminParams: () => AdminParams;
  session: () => Promise<SessionSnapshot | null>;
  silentRefresh: () => Promise<boolean>;
  signOutLocally: () => Promise<void>;
  getUser: () => UserLookup | null | undefined;
  /** Loads and stores the lookup; resolves null (and stores null) when it fails. */
  loadUser: (params: AdminParams) => Promise<UserLookup | null>;
  startSignIn: () => Promise<void>;
  startSignUp: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Ends admin mode in this tab (the operator console is opened as oneself). */
  leaveAdminMode: () => void;
  nowSeconds?: () => number;
}

export async function runGuard(route: GuardRoute, deps: GuardDeps, leftAdminMode = false): Promise<GuardOutcome> {
  const params = deps.captureAdminParams();
  const adminMode = isAdminMode(params);
  let state = checkSignedIn({
    adminToken: params.adminToken,
    session: await deps.session(),
    nowSeconds: deps.nowSeconds?.() ?? Date.now() / 1000,
    leewaySeconds: AUTH.tokenLeewaySeconds,
  });
  if (state === 'refresh') {
    if (afterSilentRefresh(await deps.silentRefresh()) === 'signOut') {
      await deps.signOutLocally();
      state = 'signedOut';
    } else {
      state = 'signedIn';
    }
  }
  let user = deps.getUser();
  // Two rounds at most: the second one runs with the user loaded.
  for (let round = 0; round < 2; round++) {
    const decision = decideRoute({ route, signedIn: state === 'signedIn', adminMode, user });
    switch (decision.type) {
      case 'continue':
      case 'redirect':
        return decision;
      case 'loadUser':
        try {
          user = await deps.loadUser(params);
        } catch (e) {
          if (e instanceof PageLeaving) return { type: 'leaving' };
          if (e instanceof AdminTokenRefused) return { type: 'redirect', to: ADMIN_EXPIRED_PATH };
          throw e;
        }
        continue;
      case 'leaveAdminMode':
        // Once: a query that keeps bringing an admin token must not loop.
        if (leftAdminMode) return { type: 'redirect', to: DASHBOARD_PATH };
        deps.leaveAdminMode();
        return runGuard(route, deps, true);
      case 'signIn':
        await deps.startSignIn();
        return { type: 'leaving' };
      case 'signUp':
        await deps.startSignUp();
        return { type: 'leaving' };
      case 'signOut':
        await deps.signOut();
        return { type: 'leaving' };
    }
  }
  throw new Error('route guard did not decide');
}
