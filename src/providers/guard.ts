/**
 * The route guard of spec section 2 as pure functions: every input (route flags, query, session storage,
 * sign-in state, user lookup) is passed in and every output is a decision the caller carries out
 * (see guardRunner.ts). This keeps each branch unit-testable without a browser or an identity provider.
 */
import type { UserLookup } from '../../contract/api/account.ts';

/** What the guard needs to know about a route; plugins declare these flags on their routes. */
export interface GuardRoute {
  /** Default true. A route that needs no login (the public demo). */
  loginRequired: boolean;
  /** Default true. False for routes an unregistered user may open (registration). */
  registrationRequired: boolean;
  /** What to do for a visitor who is not signed in, instead of starting sign-in. */
  onLoggedOut?: 'signUp';
  /** What to do for a signed-in user on a login-free route, instead of going to the dashboard. */
  onLoggedIn?: 'continue';
  /** The operator console: only an admin signed in as themself (not in admin mode) may open it. */
  operatorOnly?: boolean;
}

export type GuardDecision =
  | { type: 'continue' }
  | { type: 'redirect'; to: string }
  | { type: 'signIn' }
  | { type: 'signUp' }
  | { type: 'signOut' }
  | { type: 'loadUser' }
  | { type: 'leaveAdminMode' };

// ---- step 1 and 2: admin mode ---------------------------------------------

export const ADMIN_PARAM_KEYS = ['adminToken', 'userId', 'chatbotId'] as const;
export type AdminParamKey = (typeof ADMIN_PARAM_KEYS)[number];
export type AdminParams = Record<AdminParamKey, string | null>;

/**
 * Step 1: admin token, user id and chatbot id come from the query, else from session storage.
 * The query wins; whatever it brings is returned in `toStore` so the caller saves it for the next page.
 */
export function readAdminParams(
  query: string | URLSearchParams,
  stored: Partial<Record<AdminParamKey, string | null>>,
): { params: AdminParams; toStore: Partial<Record<AdminParamKey, string>> } {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const params = {} as AdminParams;
  const toStore: Partial<Record<AdminParamKey, string>> = {};
  for (const key of ADMIN_PARAM_KEYS) {
    const fromQuery = q.get(key)?.trim();
    if (fromQuery) {
      params[key] = fromQuery;
      if (stored[key] !== fromQuery) toStore[key] = fromQuery;
    } else {
      params[key] = stored[key] || null;
    }
  }
  return { params, toStore };
}

/** Step 2: admin mode is on when there is an admin token. */
export function isAdminMode(params: Pick<AdminParams, 'adminToken'>): boolean {
  return !!params.adminToken;
}

// ---- signed-in check --------------------------------------------------------

export interface SessionSnapshot {
  accessToken: string | null;
  /** Seconds since the epoch; null when the token does not say. */
  expiresAt: number | null;
}

export type SignedInState = 'signedIn' | 'refresh' | 'signedOut';

/**
 * The signed-in check: an admin token counts as signed in as it is (it is never refreshed); a normal token
 * that has expired, or expires within the leeway, must be refreshed silently first.
 */
export function checkSignedIn(input: {
  adminToken: string | null;
  session: SessionSnapshot | null;
  nowSeconds: number;
  leewaySeconds: number;
}): SignedInState {
  if (input.adminToken) return 'signedIn';
  const s = input.session;
  if (!s?.accessToken) return 'signedOut';
  if (s.expiresAt !== null && s.expiresAt - input.leewaySeconds <= input.nowSeconds) return 'refresh';
  return 'signedIn';
}

/** After a silent refresh of a normal token: signed in, or sign out when it failed. */
export function afterSilentRefresh(succeeded: boolean): 'signedIn' | 'signOut' {
  return succeeded ? 'signedIn' : 'signOut';
}

// ---- steps 3 to 7 -------------------------------------------------------------

/** An admin counts as registered; a normal user is registered once they have a chatbot. */
export function isRegistered(adminMode: boolean, lookup: UserLookup | null | undefined): boolean {
  return adminMode || !!lookup?.chatbot;
}

export const DASHBOARD_PATH = '/dashboard';
export const REGISTER_PATH = '/register';
/** The operator console's start: the customer list. */
export const OPERATOR_HOME = '/customers';
/** Where admin mode goes when the server no longer accepts the admin token. */
export const ADMIN_EXPIRED_PATH = '/admin/expired';

/** An operator: an admin signed in as themself. In admin mode the lookup is the customer's, never an operator. */
export function isOperator(adminMode: boolean, lookup: UserLookup | null | undefined): boolean {
  return !adminMode && !!lookup?.user.isAdmin;
}

/**
 * Steps 3–7. `user` is undefined while not loaded yet, null when loading found none.
 */
export function decideRoute(input: {
  route: GuardRoute;
  signedIn: boolean;
  adminMode: boolean;
  user: UserLookup | null | undefined;
}): GuardDecision {
  const { route, signedIn, adminMode, user } = input;
  // 3. Not signed in: the route's own action, or continue when no login is needed, else sign in.
  if (!signedIn) {
    if (route.onLoggedOut === 'signUp') return { type: 'signUp' };
    if (!route.loginRequired) return { type: 'continue' };
    return { type: 'signIn' };
  }
  // 4. Signed in: the route's signed-in action; a login-free route otherwise goes to the dashboard.
  if (route.onLoggedIn === 'continue') return { type: 'continue' };
  if (!route.loginRequired) return { type: 'redirect', to: DASHBOARD_PATH };
  // The operator console is opened as oneself: admin mode ends there (before the customer is looked up).
  if (route.operatorOnly && adminMode) return { type: 'leaveAdminMode' };
  // 5. Load the user if missing; if there is still none, sign out.
  if (user === undefined) return { type: 'loadUser' };
  if (user === null) return { type: 'signOut' };
  const operator = isOperator(adminMode, user);
  // The operator console: anybody but an operator goes to the dashboard.
  if (route.operatorOnly) return operator ? { type: 'continue' } : { type: 'redirect', to: DASHBOARD_PATH };
  // 6. Not registered: registration unless the route allows unregistered users. An operator without a
  // chatbot of their own is no customer to register: their start is the console.
  const registered = isRegistered(adminMode, user);
  if (!registered && operator) return { type: 'redirect', to: OPERATOR_HOME };
  if (!registered) return route.registrationRequired ? { type: 'redirect', to: REGISTER_PATH } : { type: 'continue' };
  // 7. Registered on a registration-free route (the registration itself): dashboard.
  if (!route.registrationRequired) return { type: 'redirect', to: DASHBOARD_PATH };
  return { type: 'continue' };
}

/** Fills the defaults of a plugin route's flags. */
export function guardRouteOf(flags: Partial<GuardRoute>): GuardRoute {
  return {
    loginRequired: flags.loginRequired ?? true,
    registrationRequired: flags.registrationRequired ?? true,
    onLoggedOut: flags.onLoggedOut,
    onLoggedIn: flags.onLoggedIn,
    operatorOnly: flags.operatorOnly,
  };
}

/** Where to come back after sign-in: only a path of this app, never another origin. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
