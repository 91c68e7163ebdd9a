import { describe, expect, it } from 'vitest';
import {
  afterSilentRefresh,
  checkSignedIn,
  decideRoute,
  guardRouteOf,
  isAdminMode,
  isRegistered,
  readAdminParams,
  safeReturnPath,
  type GuardRoute,
} from '../../src/providers/guard.ts';
import type { UserLookup } from '../../contract/api/account.ts';

const protectedRoute = guardRouteOf({});
const registerRoute = guardRouteOf({ registrationRequired: false, onLoggedOut: 'signUp' });
const demoRoute = guardRouteOf({ loginRequired: false, registrationRequired: false, onLoggedIn: 'continue' });
const loginFreeRoute = guardRouteOf({ loginRequired: false });

function lookup(withChatbot: boolean, isAdmin = false): UserLookup {
  return {
    user: {
      id: 'u1',
      email: 'a@example.com',
      firstName: 'A',
      lastName: 'B',
      company: 'C',
      phone: '',
      campaign: null,
      preferredLanguage: null,
      isAdmin,
      organization: { id: 'o1', customerId: null },
    },
    subscription: null,
    chatbot: withChatbot
      ? { id: 'c1', organizationId: 'o1', url: 'https://example.com', lang: 'de', initialSetup: 'completed', createdAt: '' }
      : null,
  };
}

const decide = (route: GuardRoute, signedIn: boolean, user: UserLookup | null | undefined, adminMode = false) =>
  decideRoute({ route, signedIn, adminMode, user });

describe('readAdminParams (step 1)', () => {
  it('takes the query and says what to save', () => {
    const r = readAdminParams('?adminToken=t1&userId=u9&chatbotId=c9', {});
    expect(r.params).toEqual({ adminToken: 't1', userId: 'u9', chatbotId: 'c9' });
    expect(r.toStore).toEqual({ adminToken: 't1', userId: 'u9', chatbotId: 'c9' });
  });
  it('falls back to session storage when the query has nothing', () => {
    const r = readAdminParams('', { adminToken: 's1', userId: 'su', chatbotId: null });
    expect(r.params).toEqual({ adminToken: 's1', userId: 'su', chatbotId: null });
    expect(r.toStore).toEqual({});
  });
  it('lets the query win over session storage, per parameter', () => {
    const r = readAdminParams(new URLSearchParams('userId=new'), { adminToken: 's1', userId: 'old', chatbotId: 'c' });
    expect(r.params).toEqual({ adminToken: 's1', userId: 'new', chatbotId: 'c' });
    expect(r.toStore).toEqual({ userId: 'new' });
  });
  it('ignores empty query values', () => {
    const r = readAdminParams('?adminToken=&userId=%20', { adminToken: 's1' });
    expect(r.params.adminToken).toBe('s1');
    expect(r.params.userId).toBeNull();
  });
});

describe('admin mode (step 2)', () => {
  it('is on with an admin token only', () => {
    expect(isAdminMode({ adminToken: 'x' })).toBe(true);
    expect(isAdminMode({ adminToken: null })).toBe(false);
  });
  it('counts an admin as registered, a user only with a chatbot', () => {
    expect(isRegistered(true, lookup(false))).toBe(true);
    expect(isRegistered(false, lookup(false))).toBe(false);
    expect(isRegistered(false, lookup(true))).toBe(true);
  });
});

describe('signed-in check', () => {
  const base = { nowSeconds: 1000, leewaySeconds: 60 };
  it('accepts an admin token as it is, without refresh', () => {
    expect(checkSignedIn({ ...base, adminToken: 'a', session: { accessToken: 't', expiresAt: 0 } })).toBe('signedIn');
    expect(checkSignedIn({ ...base, adminToken: 'a', session: null })).toBe('signedIn');
  });
  it('is signed out without a session or token', () => {
    expect(checkSignedIn({ ...base, adminToken: null, session: null })).toBe('signedOut');
    expect(checkSignedIn({ ...base, adminToken: null, session: { accessToken: null, expiresAt: 5000 } })).toBe('signedOut');
  });
  it('asks for a silent refresh of an expired token or one expiring within the leeway', () => {
    expect(checkSignedIn({ ...base, adminToken: null, session: { accessToken: 't', expiresAt: 900 } })).toBe('refresh');
    expect(checkSignedIn({ ...base, adminToken: null, session: { accessToken: 't', expiresAt: 1060 } })).toBe('refresh');
  });
  it('accepts a valid token', () => {
    expect(checkSignedIn({ ...base, adminToken: null, session: { accessToken: 't', expiresAt: 1061 } })).toBe('signedIn');
    expect(checkSignedIn({ ...base, adminToken: null, session: { accessToken: 't', expiresAt: null } })).toBe('signedIn');
  });
  it('signs out when the silent refresh fails', () => {
    expect(afterSilentRefresh(false)).toBe('signOut');
    expect(afterSilentRefresh(true)).toBe('signedIn');
  });
});

describe('decideRoute: not signed in (step 3)', () => {
  it('runs the route action (sign-up on the registration)', () => {
    expect(decide(registerRoute, false, undefined)).toEqual({ type: 'signUp' });
  });
  it('continues when no login is needed', () => {
    expect(decide(demoRoute, false, undefined)).toEqual({ type: 'continue' });
  });
  it('starts sign-in otherwise', () => {
    expect(decide(protectedRoute, false, undefined)).toEqual({ type: 'signIn' });
  });
});

describe('decideRoute: signed in (step 4)', () => {
  it('runs the signed-in action of the demo: continue, even unregistered and without lookup', () => {
    expect(decide(demoRoute, true, undefined)).toEqual({ type: 'continue' });
    expect(decide(demoRoute, true, lookup(false))).toEqual({ type: 'continue' });
  });
  it('sends a login-free route without such an action to the dashboard', () => {
    expect(decide(loginFreeRoute, true, lookup(true))).toEqual({ type: 'redirect', to: '/dashboard' });
  });
});

describe('decideRoute: user (step 5)', () => {
  it('loads the user when missing', () => {
    expect(decide(protectedRoute, true, undefined)).toEqual({ type: 'loadUser' });
    expect(decide(registerRoute, true, undefined)).toEqual({ type: 'loadUser' });
  });
  it('signs out when there is still no user', () => {
    expect(decide(protectedRoute, true, null)).toEqual({ type: 'signOut' });
    expect(decide(protectedRoute, true, null, true)).toEqual({ type: 'signOut' });
  });
});

describe('decideRoute: registration (steps 6 and 7)', () => {
  it('sends an unregistered user to the registration', () => {
    expect(decide(protectedRoute, true, lookup(false))).toEqual({ type: 'redirect', to: '/register' });
  });
  it('lets an unregistered user stay on a route that allows it', () => {
    expect(decide(registerRoute, true, lookup(false))).toEqual({ type: 'continue' });
  });
  it('sends a registered user away from the registration to the dashboard', () => {
    expect(decide(registerRoute, true, lookup(true))).toEqual({ type: 'redirect', to: '/dashboard' });
  });
  it('lets a registered user continue', () => {
    expect(decide(protectedRoute, true, lookup(true))).toEqual({ type: 'continue' });
  });
  it('treats an admin as registered even when the customer has no chatbot', () => {
    expect(decide(protectedRoute, true, lookup(false), true)).toEqual({ type: 'continue' });
    expect(decide(registerRoute, true, lookup(false), true)).toEqual({ type: 'redirect', to: '/dashboard' });
  });
});

describe('decideRoute: operators and the console', () => {
  const consoleRoute = guardRouteOf({ operatorOnly: true });
  const operator = lookup(false, true);
  it('sends an operator without a chatbot to the customer list instead of the registration', () => {
    expect(decide(protectedRoute, true, operator)).toEqual({ type: 'redirect', to: '/customers' });
    expect(decide(registerRoute, true, operator)).toEqual({ type: 'redirect', to: '/customers' });
  });
  it('lets an operator open the console, with or without a chatbot of their own', () => {
    expect(decide(consoleRoute, true, operator)).toEqual({ type: 'continue' });
    expect(decide(consoleRoute, true, lookup(true, true))).toEqual({ type: 'continue' });
    expect(decide(protectedRoute, true, lookup(true, true))).toEqual({ type: 'continue' });
  });
  it('sends a customer away from the console to the dashboard (the server refuses them anyway)', () => {
    expect(decide(consoleRoute, true, lookup(true))).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(decide(consoleRoute, true, lookup(false))).toEqual({ type: 'redirect', to: '/dashboard' });
  });
  it('ends admin mode on the console', () => {
    expect(decide(consoleRoute, true, lookup(true), true)).toEqual({ type: 'leaveAdminMode' });
    // Before the customer is looked up: that would be one more audited request on the customer's account.
    expect(decide(consoleRoute, true, undefined, true)).toEqual({ type: 'leaveAdminMode' });
  });
  it('still signs in a visitor first', () => {
    expect(decide(consoleRoute, false, undefined)).toEqual({ type: 'signIn' });
  });
});

describe('guard helpers', () => {
  it('fills route flag defaults', () => {
    expect(guardRouteOf({})).toEqual({ loginRequired: true, registrationRequired: true, onLoggedIn: undefined, onLoggedOut: undefined });
  });
  it('only returns to paths of this app', () => {
    expect(safeReturnPath('/training/website?x=1')).toBe('/training/website?x=1');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});
