import { describe, expect, it, vi } from 'vitest';
import { AdminTokenRefused, PageLeaving, runGuard, type GuardDeps } from '../../src/providers/guardRunner.ts';
import { guardRouteOf } from '../../src/providers/guard.ts';
import type { UserLookup } from '../../contract/api/account.ts';

const registered = { user: { id: 'u' }, subscription: null, chatbot: { id: 'c' } } as unknown as UserLookup;

function deps(over: Partial<GuardDeps> = {}): GuardDeps & { calls: string[] } {
  const calls: string[] = [];
  const rec = (name: string, value?: unknown) => vi.fn(async () => (calls.push(name), value)) as any;
  return {
    calls,
    captureAdminParams: () => ({ adminToken: null, userId: null, chatbotId: null }),
    session: async () => ({ accessToken: 't', expiresAt: 10_000 }),
    silentRefresh: rec('silentRefresh', true),
    signOutLocally: rec('signOutLocally'),
    getUser: () => undefined,
    loadUser: rec('loadUser', registered),
    startSignIn: rec('startSignIn'),
    startSignUp: rec('startSignUp'),
    signOut: rec('signOut'),
    leaveAdminMode: vi.fn(() => void calls.push('leaveAdminMode')),
    nowSeconds: () => 1000,
    ...over,
  };
}

describe('runGuard', () => {
  it('does not sign out when the lookup was cut off by the page leaving (reload, navigation)', async () => {
    const d = deps({
      loadUser: vi.fn(async () => {
        throw new PageLeaving();
      }),
    });
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'leaving' });
    expect(d.calls).not.toContain('signOut');
  });

  it('loads the user, then continues a registered user', async () => {
    const d = deps();
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'continue' });
    expect(d.calls).toEqual(['loadUser']);
  });
  it('refreshes an expiring token silently and goes on', async () => {
    const d = deps({ session: async () => ({ accessToken: 't', expiresAt: 1010 }) });
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'continue' });
    expect(d.calls).toEqual(['silentRefresh', 'loadUser']);
  });
  it('signs out locally when the refresh fails, then starts sign-in', async () => {
    const d = deps({ session: async () => ({ accessToken: 't', expiresAt: 1010 }) });
    d.silentRefresh = vi.fn(async () => (d.calls.push('silentRefresh'), false));
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'leaving' });
    expect(d.calls).toEqual(['silentRefresh', 'signOutLocally', 'startSignIn']);
  });
  it('never refreshes an admin token', async () => {
    const d = deps({
      captureAdminParams: () => ({ adminToken: 'adm', userId: 'u2', chatbotId: null }),
      session: async () => ({ accessToken: 't', expiresAt: 0 }),
    });
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'continue' });
    expect(d.calls).toEqual(['loadUser']);
  });
  it('signs out when the user lookup finds nobody', async () => {
    const d = deps();
    d.loadUser = vi.fn(async () => (d.calls.push('loadUser'), null));
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'leaving' });
    expect(d.calls).toEqual(['loadUser', 'signOut']);
  });
  it('starts sign-up for a visitor on the registration', async () => {
    const d = deps({ session: async () => null });
    expect(await runGuard(guardRouteOf({ registrationRequired: false, onLoggedOut: 'signUp' }), d)).toEqual({ type: 'leaving' });
    expect(d.calls).toEqual(['startSignUp']);
  });

  it('sends admin mode whose token the server refuses to the "admin view ended" page, without signing out', async () => {
    const d = deps({
      captureAdminParams: () => ({ adminToken: 'expired', userId: 'u2', chatbotId: 'c2' }),
      loadUser: vi.fn(async () => {
        throw new AdminTokenRefused();
      }),
    });
    expect(await runGuard(guardRouteOf({}), d)).toEqual({ type: 'redirect', to: '/admin/expired' });
    expect(d.calls).not.toContain('signOut');
  });

  it('leaves admin mode on the operator console, then checks the operator as themself', async () => {
    let admin = true;
    const operator = { user: { id: 'op', isAdmin: true }, subscription: null, chatbot: null } as unknown as UserLookup;
    const d = deps({
      captureAdminParams: () => ({ adminToken: admin ? 'adm' : null, userId: admin ? 'u2' : null, chatbotId: null }),
      loadUser: vi.fn(async () => operator),
    });
    d.leaveAdminMode = vi.fn(() => {
      admin = false;
      d.calls.push('leaveAdminMode');
    });
    // The customer's lookup was loaded in admin mode; after leaving, the operator's own is loaded.
    let user: UserLookup | undefined = registered;
    d.getUser = () => user;
    const leave = d.leaveAdminMode;
    d.leaveAdminMode = () => {
      leave();
      user = undefined;
    };
    expect(await runGuard(guardRouteOf({ operatorOnly: true }), d)).toEqual({ type: 'continue' });
    expect(d.calls).toEqual(['leaveAdminMode']);
    expect(d.loadUser).toHaveBeenCalledTimes(1);
    expect(d.loadUser).toHaveBeenCalledWith({ adminToken: null, userId: null, chatbotId: null });
  });

  it('does not loop when the address keeps bringing an admin token to the console', async () => {
    const d = deps({ captureAdminParams: () => ({ adminToken: 'adm', userId: 'u2', chatbotId: null }) });
    expect(await runGuard(guardRouteOf({ operatorOnly: true }), d)).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(d.calls).toEqual(['leaveAdminMode']);
    expect(d.loadUser).not.toHaveBeenCalled();
  });
});
