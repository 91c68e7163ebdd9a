import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { startTestServer, type TestServer } from './helpers.ts';
import { createPgAdapter, deleteExpiredPayloads } from '../../server/src/oidc/adapter.ts';

/**
 * Drives the local identity provider like the dashboard's oidc-client-ts does:
 * authorization code + PKCE over real HTTP, with a browser-like cookie jar.
 */
let s: TestServer;
const ADMIN = { email: 'operator@example.test', password: 'operator-secret-1' };
beforeAll(async () => {
  // Behind a trusted proxy (the test client is it), so that the sign-in limits are tried with many client addresses.
  s = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, OIDC_LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => s?.close());

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser: keeps cookies per path and follows nothing on its own. */
class Browser {
  cookies = new Map<string, { value: string; path: string }>();
  /**
   * Each browser has its own client address (the test client is the trusted proxy), so that the sign-in limits
   * per address across accounts count each test's browser apart.
   */
  constructor(readonly headers: Record<string, string> = { 'x-forwarded-for': `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}` }) {}

  /** The server's public URL says localhost; the test server listens on 127.0.0.1. */
  private local(url: string) {
    const u = new URL(url, s.url);
    return `${s.url}${u.pathname}${u.search}`;
  }

  async request(method: string, url: string, form?: Record<string, string>) {
    const target = new URL(this.local(url));
    const cookie = [...this.cookies]
      .filter(([, c]) => target.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((p) => p.trim());
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attrs.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()) || attrs.some((a) => /^max-age=0$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
    return { status: res.status, location: res.headers.get('location'), text: await res.text(), headers: res.headers };
  }

  /** Follows redirects until one leaves the server for the dashboard's callback. */
  async follow(res: Awaited<ReturnType<Browser['request']>>) {
    while (res.status >= 300 && res.status < 400 && res.location) {
      const next = new URL(res.location, s.url);
      if (next.pathname.startsWith('/auth/') || !next.pathname.startsWith('/oidc')) return res;
      res = await this.request('GET', res.location);
    }
    return res;
  }
}

const redirectUri = () => `${s.config.publicUrl}/auth/callback`;

/** Starts a sign-in the way oidc-client-ts does and lands on the provider's page. */
async function authorize(browser: Browser, extra: Record<string, string> = {}) {
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const state = b64url(randomBytes(8));
  const q = new URLSearchParams({
    client_id: 'dashboard',
    response_type: 'code',
    redirect_uri: redirectUri(),
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: b64url(randomBytes(8)),
    ...extra,
  });
  const res = await browser.request('GET', `/oidc/auth?${q}`);
  expect(res.status).toBe(303);
  const page = await browser.follow(res);
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  return { verifier, state, page, action: action!.replace(/&amp;/g, '&') };
}

/** Posts the form; on success returns the authorization code from the dashboard callback. */
async function submit(browser: Browser, flow: Awaited<ReturnType<typeof authorize>>, form: Record<string, string>) {
  const res = await browser.follow(await browser.request('POST', flow.action, form));
  if (res.status !== 303) return { res, code: null };
  const back = new URL(res.location!);
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
  expect(back.searchParams.get('state')).toBe(flow.state);
  return { res, code: back.searchParams.get('code') };
}

async function token(body: Record<string, string>) {
  const res = await fetch(`${s.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'dashboard', ...body }).toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
}

async function exchange(code: string, verifier: string) {
  return token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri(), code_verifier: verifier });
}

async function signUp(email: string, password = 'a-good-password', browser = new Browser(), lang: 'de' | 'en' = 'de') {
  const flow = await authorize(browser, { screen_hint: 'signup' });
  const { code } = await submit(browser, flow, { email, password, password2: password, lang });
  expect(code).toBeTruthy();
  const tokens = await exchange(code!, flow.verifier);
  expect(tokens.status).toBe(200);
  return { browser, tokens: tokens.json };
}

const unique = () => `p${randomBytes(5).toString('hex')}@example.test`;

describe('local identity provider', () => {
  it('publishes discovery with PKCE S256, refresh tokens and end-session', async () => {
    const r = await s.api('GET', '/oidc/.well-known/openid-configuration');
    expect(r.status).toBe(200);
    expect(r.json.issuer).toBe(s.app.ctx.issuer);
    expect(r.json.code_challenge_methods_supported).toEqual(['S256']);
    expect(r.json.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    // Endpoints follow PUBLIC_URL whatever address the client used (security/forged-host.test.ts).
    expect(new URL(r.json.end_session_endpoint).pathname).toBe('/oidc/session/end');
    const jwks = await s.api('GET', '/oidc/jwks');
    expect(jwks.json.keys[0]).toMatchObject({ kty: 'RSA', kid: s.app.ctx.keys!.publicJwks.keys[0].kid });
    expect(jwks.json.keys[0].d).toBeUndefined();
  });

  it('refuses an authorization request without PKCE', async () => {
    const q = new URLSearchParams({ client_id: 'dashboard', response_type: 'code', redirect_uri: redirectUri(), scope: 'openid' });
    const res = await new Browser().request('GET', `/oidc/auth?${q}`);
    expect(res.status).toBe(303);
    expect(new URL(res.location!).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect URI that is not registered', async () => {
    const q = new URLSearchParams({
      client_id: 'dashboard', response_type: 'code', redirect_uri: 'https://evil.example/cb', scope: 'openid',
      code_challenge: 'x'.repeat(43), code_challenge_method: 'S256',
    });
    const res = await new Browser().request('GET', `/oidc/auth?${q}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('redirect_uri');
    expect(res.text).not.toContain('evil.example/cb"');
  });

  it('shows the German sign-in page by default, English by ui_locales or Accept-Language, with a DE/EN switch', async () => {
    const de = await authorize(new Browser());
    expect(de.page.text).toContain('<html lang="de">');
    expect(de.page.text).toContain('Anmelden');
    expect(de.page.text).toContain('Chatbot Studio');
    expect(de.page.text).toMatch(/href="[^"]*lang=en"[^>]*>EN</);
    expect(de.page.headers.get('content-security-policy')).toContain("script-src 'none'");

    const en = await authorize(new Browser(), { ui_locales: 'en-GB de' });
    expect(en.page.text).toContain('<html lang="en">');
    expect(en.page.text).toContain('Sign in');

    const accept = await authorize(new Browser({ 'accept-language': 'fr;q=0.9, en-US;q=0.8, de;q=0.1' }));
    expect(accept.page.text).toContain('<html lang="en">');

    const switched = await new Browser().request('GET', `${de.action.replace(/\/login$/, '')}?lang=en`);
    // The interaction cookie belongs to the first browser: another browser gets the expired page.
    expect(switched.status).toBe(400);
  });

  it('shows sign-up for screen_hint=signup and links both pages', async () => {
    const b = new Browser();
    const flow = await authorize(b, { screen_hint: 'signup' });
    expect(flow.action).toMatch(/\/oidc\/interaction\/[^/]+\/signup$/);
    expect(flow.page.text).toContain('Passwort wiederholen');
    const signInLink = /href="([^"]+)">Anmelden</.exec(flow.page.text)![1].replace(/&amp;/g, '&');
    const signIn = await b.request('GET', signInLink);
    expect(signIn.text).toContain('action="' + flow.action.replace(/\/signup$/, '/login'));
    const english = await b.request('GET', `${flow.action.replace(/\/signup$/, '')}?screen=signup&lang=en`);
    expect(english.text).toContain('Repeat password');
  });

  it('signs up: account with organization and trial, tokens the API accepts, ID token with the profile claims', async () => {
    const email = unique();
    const { tokens } = await signUp(email);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toBe('openid profile email');

    const user = (await s.db.query<{ id: string; subject: string; organization_id: string; password_hash: string }>(
      'select * from users where email = $1', [email])).rows[0];
    expect(user.subject).toBe(user.id);
    expect(user.password_hash).toMatch(/^scrypt\$/);
    const sub = (await s.db.query<{ status: string; plan_id: string }>('select * from subscriptions where organization_id = $1', [user.organization_id])).rows[0];
    expect(sub).toMatchObject({ status: 'trialing', plan_id: 'trial' });

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: s.app.ctx.keys!.publicJwks.keys[0].kid });
    const at = decodeJwt(tokens.access_token);
    expect(at).toMatchObject({
      iss: s.app.ctx.issuer, aud: s.app.ctx.audience, sub: user.id, email, roles: [], client_id: 'dashboard', scope: 'openid profile email',
    });
    expect(at.exp! - at.iat!).toBeGreaterThanOrEqual(899);
    expect(at.exp! - at.iat!).toBeLessThanOrEqual(900);
    // Same claim set as the CLI's mintAccessToken.
    const minted = decodeJwt(await s.tokenFor({ subject: user.subject, email, is_admin: false }));
    expect(Object.keys(at).sort()).toEqual(Object.keys(minted).sort());

    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({ sub: user.id, email, email_verified: false, given_name: '', family_name: '', locale: 'de', aud: 'dashboard' });

    const lookup = await s.api('GET', '/api/v1/users/lookup', { token: tokens.access_token });
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.json)).toContain(email);
    const unknown = await s.api('GET', '/api/v1/no-such-route', { token: tokens.access_token });
    expect(unknown.status).toBe(404);
  });

  it('refuses bad sign-up input with clear texts, and a taken email', async () => {
    const email = unique();
    await signUp(email);
    const cases: [Record<string, string>, number, string][] = [
      [{ email: 'not-an-email', password: 'long-enough-42', password2: 'long-enough-42' }, 400, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      [{ email: unique(), password: 'short', password2: 'short' }, 400, 'Das Passwort muss mindestens 8 Zeichen lang sein.'],
      [{ email: unique(), password: 'long-enough-42', password2: 'different!' }, 400, 'Die Passwörter stimmen nicht überein.'],
      [{ email: unique(), password: '12345678', password2: '12345678' }, 400, 'Dieses Passwort ist weit verbreitet oder aus Datenlecks bekannt.'],
      [{ email: 'max.muster@example.test', password: 'max.muster', password2: 'max.muster' }, 400, 'Das Passwort darf nicht aus Ihrer E-Mail-Adresse bestehen.'],
      [{ email: unique(), password: 'abcdefghijk', password2: 'abcdefghijk' }, 400, 'Dieses Passwort ist zu leicht zu erraten'],
      [{ email: email.toUpperCase(), password: 'long-enough-42', password2: 'long-enough-42' }, 409, 'Diese E-Mail-Adresse ist bereits registriert.'],
      [{ email: unique(), password: 'long-enough-42', password2: 'long-enough-42', lang: 'en' }, 0, ''],
    ];
    const before = Number((await s.db.query<{ n: string }>('select count(*) as n from users')).rows[0].n);
    for (const [form, status, text] of cases.slice(0, -1)) {
      const b = new Browser();
      const flow = await authorize(b, { screen_hint: 'signup' });
      const { res, code } = await submit(b, flow, { lang: 'de', ...form });
      expect(code).toBeNull();
      expect(res.status).toBe(status);
      expect(res.text).toContain(text);
    }
    const b = new Browser();
    const flow = await authorize(b, { screen_hint: 'signup' });
    const taken = await submit(b, flow, { email, password: 'long-enough-42', password2: 'long-enough-42', lang: 'en' });
    expect(taken.res.text).toContain('This email address is already registered. Please sign in.');
    const after = Number((await s.db.query<{ n: string }>('select count(*) as n from users')).rows[0].n);
    expect(after).toBe(before);
  });

  it('escapes what it echoes back', async () => {
    const b = new Browser();
    const flow = await authorize(b);
    const { res } = await submit(b, flow, { email: '"><script>alert(1)</script>@x.test', password: 'whatever-123' });
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('answers an unknown email and a wrong password alike, in German and English', async () => {
    const email = unique();
    await signUp(email, 'right-password-7');
    const attempts: [Record<string, string>, number, string][] = [
      [{ email: unique(), password: 'whatever-123', lang: 'de' }, 401, 'E-Mail-Adresse oder Passwort ist falsch.'],
      [{ email: unique(), password: 'whatever-123', lang: 'en' }, 401, 'Wrong email address or password.'],
      [{ email, password: 'wrong-password', lang: 'de' }, 401, 'E-Mail-Adresse oder Passwort ist falsch.'],
      [{ email, password: 'wrong-password', lang: 'en' }, 401, 'Wrong email address or password.'],
    ];
    for (const [form, status, text] of attempts) {
      const b = new Browser();
      const flow = await authorize(b);
      const { res, code } = await submit(b, flow, form);
      expect(code).toBeNull();
      expect(res.status).toBe(status);
      expect(res.text).toContain(text);
      // The typed address stays in the form.
      expect(res.text).toContain(`value="${form.email}"`);
    }
  });

  it('signs in an existing account (email case-insensitive) and refreshes with rotation', async () => {
    const email = unique();
    await signUp(email, 'right-password-7');
    const b = new Browser();
    const flow = await authorize(b);
    const { code } = await submit(b, flow, { email: `  ${email.toUpperCase()} `, password: 'right-password-7' });
    const tokens = (await exchange(code!, flow.verifier)).json;
    expect(decodeJwt(tokens.access_token).email).toBe(email);

    // As oidc-client-ts' signinSilent() sends it: with the granted scope.
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: tokens.scope });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.id_token).toBeTruthy();
    expect(refreshed.json.refresh_token).not.toBe(tokens.refresh_token);
    const at = decodeJwt(refreshed.json.access_token);
    expect(at).toMatchObject({ aud: s.app.ctx.audience, email, client_id: 'dashboard', roles: [] });
    expect((await s.api('GET', '/api/v1/users/lookup', { token: refreshed.json.access_token })).status).toBe(200);
    // Rotation: the used refresh token is spent.
    const reused = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reused.status).toBe(400);
    expect(reused.json.error).toBe('invalid_grant');

    // The code is single-use; replaying it revokes the whole grant, refresh token included.
    expect((await exchange(code!, flow.verifier)).status).toBe(400);
    expect((await token({ grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token })).status).toBe(400);
  });

  it('keeps the language of the sign-up page as the preferred language; each sign-in carries the current one as locale', async () => {
    const email = unique();
    const { tokens } = await signUp(email, 'language-holds-9', new Browser(), 'en');
    expect(decodeJwt(tokens.id_token).locale).toBe('en');
    const lookup = await s.api('GET', '/api/v1/users/lookup', { token: tokens.access_token });
    expect(lookup.json.user.preferredLanguage).toBe('en');
    // Changed in the profile: the next sign-in's ID token says so (the dashboard applies it then).
    const patched = await s.api('PATCH', `/api/v1/users/${lookup.json.user.id}`, { token: tokens.access_token, body: { preferredLanguage: 'de' } });
    expect(patched.status).toBe(200);
    const b = new Browser();
    const flow = await authorize(b, { ui_locales: 'en' });
    const { code } = await submit(b, flow, { email, password: 'language-holds-9', lang: 'en' });
    expect(decodeJwt((await exchange(code!, flow.verifier)).json.id_token).locale).toBe('de');
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const b = new Browser();
    const email = unique();
    await signUp(email);
    const flow = await authorize(b);
    const { code } = await submit(b, flow, { email, password: 'a-good-password' });
    const r = await exchange(code!, b64url(randomBytes(32)));
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('invalid_grant');
  });

  it('keeps the session: a second authorization (silent renew) needs no password', async () => {
    const { browser } = await signUp(unique());
    const verifier = b64url(randomBytes(32));
    const q = new URLSearchParams({
      client_id: 'dashboard', response_type: 'code', redirect_uri: `${s.config.publicUrl}/auth/silent-renew`, scope: 'openid profile email',
      code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256', prompt: 'none', state: 'x',
    });
    const res = await browser.follow(await browser.request('GET', `/oidc/auth?${q}`));
    const code = new URL(res.location!).searchParams.get('code');
    expect(code).toBeTruthy();
    const r = await token({ grant_type: 'authorization_code', code: code!, redirect_uri: `${s.config.publicUrl}/auth/silent-renew`, code_verifier: verifier });
    expect(r.status).toBe(200);
  });

  it('ends the session: sign-out page submits itself, redirects to the dashboard, refresh token dies', async () => {
    const { browser, tokens } = await signUp(unique());
    const q = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${s.config.publicUrl}/register`, ui_locales: 'de' });
    const page = await browser.request('GET', `/oidc/session/end?${q}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sie werden abgemeldet');
    const nonce = /<script nonce="([^"]+)"/.exec(page.text)![1];
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page.text)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)![1];
    const rotated = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(rotated.status).toBe(200);
    const done = await browser.request('POST', action, { xsrf, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${s.config.publicUrl}/register`);
    // The refresh token rotated above belongs to the ended session: it is dead now.
    const r = await token({ grant_type: 'refresh_token', refresh_token: rotated.json.refresh_token });
    expect(r.status).toBe(400);
  });

  it('gives the seeded admin tokens with the admin role', async () => {
    const b = new Browser();
    const flow = await authorize(b);
    const { code } = await submit(b, flow, ADMIN);
    const tokens = (await exchange(code!, flow.verifier)).json;
    expect(decodeJwt(tokens.access_token).roles).toEqual(['admin']);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, resource: s.app.ctx.audience });
    expect(decodeJwt(refreshed.json.access_token).roles).toEqual(['admin']);
  });

  it('rate-limits sign-in attempts per address and email without locking the address out of other accounts', async () => {
    const email = unique();
    await signUp(email, 'right-password-7');
    const b = new Browser();
    const flow = await authorize(b);
    const limit = s.config.OIDC_LOGIN_RATE_LIMIT;
    expect(limit).toBe(3);
    for (let i = 0; i < limit; i++) expect((await b.request('POST', flow.action, { email, password: 'wrong-password' })).status).toBe(401);
    const blocked = await b.request('POST', flow.action, { email, password: 'right-password-7', lang: 'en' });
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many attempts');
    expect(blocked.text).toContain(`value="${email}"`);
    // Another account from the same address is not locked out (the limits across accounts: security/signin.test.ts).
    const other = await b.request('POST', flow.action, { email: unique(), password: 'x-123456' });
    expect(other.status).toBe(401);
  });

  it('accepts the loopback twin of the public URL; CORS on the token endpoint only for dashboard origins', async () => {
    const twin = s.config.publicUrl.replace('//localhost', '//127.0.0.1');
    const b = new Browser();
    const verifier = b64url(randomBytes(32));
    const q = new URLSearchParams({
      client_id: 'dashboard', response_type: 'code', redirect_uri: `${twin}/auth/callback`, scope: 'openid profile email',
      code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256',
    });
    const res = await b.request('GET', `/oidc/auth?${q}`);
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/\/oidc\/interaction\//);

    const post = (origin: string) =>
      fetch(`${s.url}/oidc/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: 'dashboard', grant_type: 'refresh_token', refresh_token: 'nope' }).toString(),
      });
    const own = await post(new URL(s.config.publicUrl).origin);
    expect(own.headers.get('access-control-allow-origin')).toBe(new URL(s.config.publicUrl).origin);
    const foreign = await post('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stores provider data in PostgreSQL: expired rows are invisible and cleaned, consume and revoke work', async () => {
    const Adapter = createPgAdapter(s.db);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a' }, 60);
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await new Adapter('Session').upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', accountId: 'a' });
    expect((await codes.find('c1'))!.consumed).toBeUndefined();
    await codes.consume('c1');
    expect(typeof (await codes.find('c1'))!.consumed).toBe('number');
    expect(await new Adapter('Session').findByUid('u1')).toMatchObject({ accountId: 'a' });
    expect(await new Adapter('Session').find('c1')).toBeUndefined();

    await new Adapter('AccessToken').upsert('t1', { grantId: 'g1' }, 60);
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await new Adapter('AccessToken').find('t1')).toBeUndefined();
    expect(await codes.find('c2')).toBeTruthy();

    await s.db.query(`update oidc_payloads set expires_at = now() - interval '1 second' where id = 'c2'`);
    expect(await codes.find('c2')).toBeUndefined();
    await deleteExpiredPayloads(s.db);
    expect((await s.db.query(`select 1 from oidc_payloads where id = 'c2'`)).rows).toHaveLength(0);
    await codes.destroy('s1');
    expect(await new Adapter('Session').find('s1')).toBeTruthy();
  });

  it('answers the app configuration for the dashboard without a token', async () => {
    const r = await s.api('GET', '/api/v1/public/app-config');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      oidc: { authority: s.app.ctx.issuer, clientId: 'dashboard', scope: 'openid profile email', resource: s.app.ctx.audience },
      meetingUrl: null,
      salesEmail: null,
      publicUrl: s.config.publicUrl,
    });
  });
});

describe('with an external OIDC_ISSUER', () => {
  let ext: TestServer;
  let issuerServer: http.Server;
  let issuer: string;
  let privateKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
    // A tiny identity provider speaking just discovery and JWKS.
    issuerServer = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/realms/x/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      else if (req.url === '/realms/x/jwks') res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((r) => issuerServer.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/realms/x`;
    ext = await startTestServer({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'chatbot-api' });
  });
  afterAll(async () => {
    await ext?.close();
    issuerServer?.close();
  });

  it('points the dashboard at that issuer and mounts no local provider', async () => {
    const r = await ext.api('GET', '/api/v1/public/app-config');
    expect(r.json.oidc).toEqual({ authority: issuer, clientId: 'spa', scope: 'openid profile email', resource: 'chatbot-api' });
    expect((await ext.api('GET', '/oidc/.well-known/openid-configuration')).status).toBe(404);
  });

  it("accepts the issuer's JWTs through the same verifier, and refuses the wrong audience", async () => {
    const sign = (aud: string) =>
      new SignJWT({ email: 'ext-user@example.test' })
        .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
        .setIssuer(issuer)
        .setAudience(aud)
        .setSubject('ext|42')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    const ok = await ext.api('GET', '/api/v1/users/lookup', { token: await sign('chatbot-api') });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.json)).toContain('ext-user@example.test');
    expect((await ext.api('GET', '/api/v1/users/lookup', { token: await sign('someone-else') })).status).toBe(401);
  });
});
