/**
 * Sign-in through the identity provider (oidc-client-ts: authorization code + PKCE, silent renew,
 * end-session) and admin mode's token. The provider's settings come from GET /api/v1/public/app-config,
 * so the same build works with the local provider and with an external one.
 *
 * Tokens live in session storage rather than in memory: a reload in the same tab keeps the user signed in
 * without a round trip through the provider, while the tokens still vanish with the tab and are never shared
 * with other tabs. Anything that could read session storage (script injection) could equally call the API
 * with the in-memory token, so memory would add a redirect per reload without protecting more.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { User, UserManager } from 'oidc-client-ts';
import { loadAppConfig } from './appConfig.ts';
import { AUTH, withRetries } from './authConstants.ts';
import { clearAdminParams, currentAdminParams } from './adminSession.ts';
import { ADMIN_EXPIRED_PATH, safeReturnPath, type SessionSnapshot } from './guard.ts';
import { userStore } from './userStore.ts';
import { initialLocale, signInLocale, type Locale } from '../lib/locale.ts';

let managerPromise: Promise<UserManager> | null = null;

export function getUserManager(): Promise<UserManager> {
  managerPromise ??= (async () => {
    const [{ UserManager, WebStorageStateStore }, config] = await Promise.all([
      import('oidc-client-ts'),
      withRetries(() => loadAppConfig()),
    ]);
    const origin = window.location.origin;
    return new UserManager({
      authority: config.oidc.authority,
      client_id: config.oidc.clientId,
      scope: config.oidc.scope,
      resource: config.oidc.resource || undefined,
      response_type: 'code',
      redirect_uri: `${origin}/auth/callback`,
      silent_redirect_uri: `${origin}/auth/silent-renew`,
      post_logout_redirect_uri: `${origin}/`,
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: AUTH.silentRenewMarginSeconds,
      requestTimeoutInSeconds: AUTH.requestTimeoutSeconds,
      silentRequestTimeoutInSeconds: AUTH.popupTimeoutSeconds,
      loadUserInfo: false,
      monitorSession: false,
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    });
  })().catch((e) => {
    managerPromise = null;
    throw e;
  });
  return managerPromise;
}

async function oidcUser(): Promise<User | null> {
  try {
    return await (await getUserManager()).getUser();
  } catch {
    return null;
  }
}

/** True when this tab has stored a sign-in: without one, public pages need not load the sign-in code. */
function hasStoredUser(): boolean {
  try {
    return Object.keys(window.sessionStorage).some((k) => k.startsWith('oidc.user:'));
  } catch {
    return false;
  }
}

/** The normal (non-admin) session as the guard sees it. */
export async function sessionSnapshot(): Promise<SessionSnapshot | null> {
  if (!hasStoredUser()) return null;
  const user = await oidcUser();
  if (!user) return null;
  return { accessToken: user.access_token || null, expiresAt: user.expires_at ?? null };
}

/** Bearer token of every API call: the admin token in admin mode, else the signed-in user's access token. */
export async function getAccessToken(): Promise<string | null> {
  const admin = currentAdminParams().adminToken;
  if (admin) return admin;
  const user = await oidcUser();
  return user && !user.expired ? user.access_token : null;
}

export function getActAsUser(): string | null {
  const { adminToken, userId } = currentAdminParams();
  return adminToken ? userId : null;
}

export async function silentRefresh(): Promise<boolean> {
  try {
    const manager = await getUserManager();
    const user = await withRetries(() => manager.signinSilent(), 1);
    return !!user && !user.expired;
  } catch {
    return false;
  }
}

function returnHere() {
  return { returnTo: window.location.pathname + window.location.search };
}

export async function startSignIn() {
  const manager = await getUserManager();
  await manager.signinRedirect({ state: returnHere(), ui_locales: initialLocale() });
}

/** Sign-up is the provider's sign-in flow with a screen hint. */
export async function startSignUp() {
  const manager = await getUserManager();
  await manager.signinRedirect({
    state: returnHere(),
    ui_locales: initialLocale(),
    extraQueryParams: { screen_hint: 'signup' },
  });
}

/** Forgets the session in this tab only (a failed silent refresh). */
export async function signOutLocally() {
  userStore.set(undefined);
  try {
    await (await getUserManager()).removeUser();
  } catch {
    // Nothing stored, or the provider is unreachable: nothing to forget.
  }
}

/** Full sign-out: admin mode ends, the local session is dropped, and the provider's session ends too. */
export async function signOut() {
  const wasAdmin = !!currentAdminParams().adminToken;
  clearAdminParams();
  userStore.set(undefined);
  const user = await oidcUser();
  if (!user) {
    window.location.assign(wasAdmin ? '/dashboard' : '/');
    return;
  }
  const manager = await getUserManager();
  await manager.removeUser();
  await manager.signoutRedirect({ id_token_hint: user.id_token });
}

/**
 * /auth/callback: finishes the redirect sign-in and says where to go and in which interface language (the
 * profile's preferred language, from the ID token; null when it names none); throws when it failed.
 */
export async function completeSignIn(): Promise<{ to: string; locale: Locale | null }> {
  const manager = await getUserManager();
  const user = await manager.signinRedirectCallback();
  return { to: safeReturnPath((user.state as { returnTo?: unknown } | undefined)?.returnTo), locale: signInLocale(user.profile) };
}

/** /auth/silent-renew, loaded in the hidden frame: hands the response back to the parent page. */
export async function completeSilentRenew() {
  const manager = await getUserManager();
  await manager.signinSilentCallback();
}

/**
 * react-admin's view of the session. The route guard (guardRunner.ts) decides about sign-in; this answers
 * react-admin's own checks consistently with it.
 */
export const authProvider: AuthProvider = {
  async login() {
    await startSignIn();
  },
  async logout() {
    // The provider's end-session page takes over; react-admin must not redirect meanwhile.
    void signOut();
    return false;
  },
  async checkAuth() {
    if (!(await getAccessToken())) throw { redirectTo: '/dashboard', message: false };
  },
  async checkError(error: { status?: number }) {
    // Only a token the server rejects ends the session; 403 is a refusal (expired subscription, plan limit).
    // In admin mode a rejected token is the admin token expiring: that page says so and leads back.
    if (error?.status === 401 && currentAdminParams().adminToken)
      throw { redirectTo: ADMIN_EXPIRED_PATH, logoutUser: false, message: false };
    if (error?.status === 401) throw { message: 'errors.Forbidden' };
  },
  async getIdentity(): Promise<UserIdentity> {
    const lookup = userStore.get();
    if (!lookup) return { id: '' };
    const { user } = lookup;
    const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    return { id: user.id, fullName };
  },
  async getPermissions() {
    return currentAdminParams().adminToken ? 'admin' : 'user';
  },
};
