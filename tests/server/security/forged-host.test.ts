import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.ts';
import { LoopbackBrowser } from './oidcClient.ts';

/**
 * Absolute URLs come from PUBLIC_URL, never from Host or X-Forwarded-*: a forged header must not put another host
 * into a discovery document or a redirect that a shared cache could keep for everybody (issue 14). The test client
 * is even a trusted proxy (TRUST_PROXY=loopback), the case where forwarded headers are believed for the client address.
 */
const PUBLIC_URL = 'https://studio.example.test';
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-port': '8443',
  forwarded: 'for=203.0.113.9;host=evil.example;proto=http',
};
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PUBLIC_URL, TRUST_PROXY: 'loopback' });
});
afterAll(() => s?.close());

/** Every string value of a JSON document that looks like an absolute URL. */
const urlsIn = (doc: unknown): string[] =>
  typeof doc === 'string' ? (/^https?:\/\//.test(doc) ? [doc] : []) : doc && typeof doc === 'object' ? Object.values(doc).flatMap(urlsIn) : [];

describe('absolute URLs under forged host headers', () => {
  it('builds the discovery document from PUBLIC_URL', async () => {
    // node:http, not fetch: fetch sets Host itself.
    for (const headers of [FORGED, { host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }] as Record<string, string>[]) {
      const r = await new LoopbackBrowser(s, '127.0.0.1', headers).request('GET', '/oidc/.well-known/openid-configuration');
      expect(r.status).toBe(200);
      const doc = JSON.parse(r.text);
      expect(doc.issuer).toBe(`${PUBLIC_URL}/oidc`);
      expect(doc.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
      const urls = urlsIn(doc);
      expect(urls.length).toBeGreaterThanOrEqual(5);
      expect(urls.filter((u) => !`${u}/`.startsWith(`${PUBLIC_URL}/oidc/`))).toEqual([]);
    }
  });

  it('redirects, links and posts the sign-in pages only to PUBLIC_URL or relative paths', async () => {
    const b = new LoopbackBrowser(s, '127.0.0.1', FORGED);
    const action = await b.startSignIn();
    expect(action).toMatch(/^\/oidc\/interaction\/[^/]+\/login$/);
    const page = await b.request('GET', action.replace(/\/login$/, ''));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('evil.example');
    const absolute = [...page.text.matchAll(/(?:href|action)="(https?:[^"]+)"/g)].map((m) => m[1]);
    expect(absolute.filter((u) => !u.startsWith(`${PUBLIC_URL}/`))).toEqual([]);
  });

  it('sends the browser back to the dashboard on PUBLIC_URL after signing in', async () => {
    const { email } = await s.createUser({ password: 'right-password-1' });
    const b = new LoopbackBrowser(s, '127.0.0.1', FORGED);
    let res = await b.request('POST', await b.startSignIn(), { email, password: 'right-password-1' });
    const hops: string[] = [];
    while (res.status >= 300 && res.status < 400 && res.location) {
      hops.push(res.location);
      const next = new URL(res.location, PUBLIC_URL);
      if (!next.pathname.startsWith('/oidc')) break;
      res = await b.request('GET', res.location);
    }
    expect(hops.length).toBeGreaterThan(0);
    expect(hops.filter((h) => /^https?:/.test(h) && !h.startsWith(`${PUBLIC_URL}/`))).toEqual([]);
    expect(hops.at(-1)).toMatch(new RegExp(`^${PUBLIC_URL}/auth/callback\\?code=`));
  });

  it('gives the dashboard the issuer and public URL of the configuration', async () => {
    const r = await new LoopbackBrowser(s, '127.0.0.1', FORGED).request('GET', '/api/v1/public/app-config');
    expect(r.status).toBe(200);
    const appConfig = JSON.parse(r.text);
    expect(appConfig.publicUrl).toBe(PUBLIC_URL);
    expect(appConfig.oidc.authority).toBe(`${PUBLIC_URL}/oidc`);
  });
});
