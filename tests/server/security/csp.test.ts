import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ROOT } from '../../../server/src/app.ts';
import { startTestServer, type TestServer } from '../helpers.ts';

/**
 * The dashboard's Content-Security-Policy: scripts only from the server itself, never inline or eval'd,
 * so text that got into the page (a page title, a visitor's message) cannot run even if it were ever
 * inserted as HTML.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

/** The policy as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  const directives = header!.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]);
  return new Map(directives.map(([name, ...sources]) => [name.toLowerCase(), sources]));
}

function expectScriptsFromSelfOnly(csp: Map<string, string[]>) {
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  // No other way to run script: no attribute handlers, plugins, foreign base URLs or framing by other sites.
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  for (const [name, sources] of csp)
    if (name.startsWith('script-src') || name === 'default-src') for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'blob:', 'http:', 'https:']) expect(sources, name).not.toContain(bad);
}

/** Inline code a script-src 'self' policy would block: the page must not need any. */
function inlineScripts(html: string) {
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs, body]) => !/\bsrc=/i.test(attrs) || body.trim());
  const handlers = html.match(/<[^>]+\son[a-z]+\s*=/gi) ?? [];
  const jsUrls = html.match(/(href|src|action)\s*=\s*["']?\s*javascript:/gi) ?? [];
  return [...inline.map((m) => m[0]), ...handlers, ...jsUrls];
}

describe('Content-Security-Policy of the dashboard', () => {
  it.each(['/', '/history', '/training/webpages', '/api/v1/users/me', '/health'])('%s: scripts from self only', async (p) => {
    const r = await fetch(s.url + p);
    expectScriptsFromSelfOnly(parseCsp(r.headers.get('content-security-policy')));
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the dashboard page the server serves loads its scripts as files of its own origin', async () => {
    const served = fs.existsSync(path.join(DIST, 'index.html'));
    // The built page (when built) and its source: neither has inline script, handlers or javascript: URLs.
    const pages = [fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8')];
    if (served) {
      const r = await fetch(s.url + '/statistics');
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      pages.push(await r.text());
    }
    for (const html of pages) {
      expect(inlineScripts(html)).toEqual([]);
      const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]);
      expect(srcs.length).toBeGreaterThan(0);
      for (const src of srcs) expect(new URL(src, s.url).origin, src).toBe(s.url);
    }
  });

  it('the inline-script check itself catches what the policy forbids', () => {
    expect(inlineScripts('<script>alert(1)</script><script src="/a.js"></script>')).toHaveLength(1);
    expect(inlineScripts('<img src=x onerror="alert(1)">')).toHaveLength(1);
    expect(inlineScripts('<a href="javascript:alert(1)">x</a>')).toHaveLength(1);
    expect(inlineScripts('<script type="module" src="/assets/index.js"></script>')).toEqual([]);
  });
});
