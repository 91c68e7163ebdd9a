import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, createChatbot, type TestServer } from './helpers.ts';
import { closedPort, startTestSite, waitFor } from './fakeServers.ts';

let s: TestServer;
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  [s, site] = await Promise.all([startTestServer(), startTestSite()]);
});
afterAll(async () => {
  await s?.close();
  await site?.close();
});

const statusOf = async (id: string) => (await s.db.query<{ initial_setup: string; initial_setup_progress: any }>('select initial_setup, initial_setup_progress from chatbots where id = $1', [id])).rows[0];

describe('POST chatbots', () => {
  it('registers the chatbot with its default language and runs the initial setup against the site', async () => {
    const { user, token } = await s.createUser();
    const url = `http://127.0.0.1:${site.port}`;
    const r = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url, lang: 'de' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ organizationId: user.organization_id, url: `https://127.0.0.1:${site.port}`, lang: 'de' });
    expect(['pending', 'running', 'completed']).toContain(r.json.initialSetup);
    const langs = await s.api('GET', `/api/v1/languages/${r.json.id}`, { token });
    expect(langs.json).toEqual([{ lang: 'de', isDefault: true, name: 'German', alias: 'de' }]);

    // Watch the status: it must pass through running (or already be done) and end completed.
    const seen = new Set<string>();
    const final = await waitFor(async () => {
      const v = await s.api('GET', `/api/v1/chatbots/${r.json.id}/verify`, { token });
      expect(v.status).toBe(200);
      seen.add(v.json.initialSetup);
      return v.json.initialSetup === 'completed' || v.json.initialSetup === 'failed' ? v.json : null;
    }, 20_000, 20);
    expect(final).toEqual({ initialSetup: 'completed', progress: { pagesFound: 1, pagesTrained: 1 } });
    const pages = await s.db.query<{ url: string; title: string; text: string }>('select url, title, text from setup_pages where chatbot_id = $1', [r.json.id]);
    expect(pages.rows).toHaveLength(1);
    expect(pages.rows[0].title).toBe('Bäckerei Sonnenschein');
    expect(pages.rows[0].text).toContain('Frische Brötchen jeden Morgen');
    expect(pages.rows[0].text).not.toContain('secret');
    // The site was really asked (https failed, http answered).
    expect(site.requests.some((q) => q.url === '/')).toBe(true);
  });

  it('ends failed, with the reason, for a website nobody answers', async () => {
    const { user, token } = await s.createUser();
    const port = await closedPort();
    const r = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: `127.0.0.1:${port}`, lang: 'en' } });
    expect(r.status).toBe(201);
    expect(r.json.url).toBe(`https://127.0.0.1:${port}`);
    const row = await waitFor(async () => {
      const st = await statusOf(r.json.id);
      return st.initial_setup === 'failed' || st.initial_setup === 'completed' ? st : null;
    });
    expect(row.initial_setup).toBe('failed');
    expect(row.initial_setup_progress.message).toMatch(/ECONNREFUSED|refused/i);
    const v = await s.api('GET', `/api/v1/chatbots/${r.json.id}/verify?lang=en`, { token });
    expect(v.json.initialSetup).toBe('failed');
  });

  it('allows one chatbot per organization', async () => {
    const { user, token } = await s.createUser();
    const body = { organizationId: user.organization_id, url: 'example.com', lang: 'de' };
    expect((await s.api('POST', '/api/v1/chatbots', { token, body })).status).toBe(201);
    const again = await s.api('POST', '/api/v1/chatbots', { token, body });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('AlreadyRegistered');
    const n = await s.db.query<{ n: number }>('select count(*)::int as n from chatbots where organization_id = $1', [user.organization_id]);
    expect(n.rows[0].n).toBe(1);
  });

  it('refuses another organization and a language outside the pool, writing nothing', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const foreign = await s.api('POST', '/api/v1/chatbots', { token: a.token, body: { organizationId: b.user.organization_id, url: 'example.com', lang: 'de' } });
    expect(foreign.status).toBe(404);
    const lang = await s.api('POST', '/api/v1/chatbots', { token: a.token, body: { organizationId: a.user.organization_id, url: 'example.com', lang: 'xx' } });
    expect(lang.status).toBe(400);
    expect(lang.json.error).toBe('LanguageNotAvailable');
    const n = await s.db.query<{ n: number }>('select count(*)::int as n from chatbots where organization_id in ($1, $2)', [a.user.organization_id, b.user.organization_id]);
    expect(n.rows[0].n).toBe(0);
  });
});

describe('GET chatbots/{id} and verify', () => {
  it('reads the own chatbot; another tenant gets 404; an admin may read it', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const admin = await s.createUser({ admin: true });
    const id = await createChatbot(s, a.user.organization_id, { url: 'https://shop.example.test' });
    const own = await s.api('GET', `/api/v1/chatbots/${id}`, { token: a.token });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id, organizationId: a.user.organization_id, url: 'https://shop.example.test', lang: 'de', initialSetup: 'completed' });
    expect((await s.api('GET', `/api/v1/chatbots/${id}`, { token: b.token })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/chatbots/${id}/verify`, { token: b.token })).status).toBe(404);
    expect((await s.api('GET', '/api/v1/chatbots/not-a-uuid', { token: a.token })).status).toBe(404);
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from admin_audit_log where admin_user_id = $1', [admin.user.id])).rows[0].n;
    const asAdmin = await s.api('GET', `/api/v1/chatbots/${id}`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    const after = (await s.db.query<{ n: number }>('select count(*)::int as n from admin_audit_log where admin_user_id = $1', [admin.user.id])).rows[0].n;
    expect(after).toBe(before + 1);
  });

  it('verify answers 403 SubscriptionExpired once the subscription is no longer valid', async () => {
    const { user, token } = await s.createUser();
    const id = await createChatbot(s, user.organization_id);
    const verify = (q = '') => s.api('GET', `/api/v1/chatbots/${id}/verify${q}`, { token });
    const setSub = (sql: string) => s.db.query(`update subscriptions set ${sql} where organization_id = $1`, [user.organization_id]);

    expect((await verify()).json).toEqual({ initialSetup: 'completed', progress: {} });
    expect((await verify('?url=https://example.test&lang=en-GB')).status).toBe(200);
    const badLang = await verify('?lang=klingon');
    expect(badLang.status).toBe(400);
    expect(badLang.json.error).toBe('LanguageNotAvailable');
    const hash = await verify('?url=' + encodeURIComponent('https://a.test/#x'));
    expect(hash.status).toBe(400);
    expect(hash.json.error).toBe('ValidationFailed');

    await setSub(`trial_ends_at = now() - interval '1 minute'`);
    const r = await verify();
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('SubscriptionExpired');

    await setSub(`status = 'active', plan_id = 'starter', current_period_end = now() + interval '20 days'`);
    expect((await verify()).status).toBe(200);
    await setSub(`current_period_end = now() - interval '1 day'`);
    expect((await verify()).status).toBe(403);

    await setSub(`status = 'canceled', current_period_end = now() + interval '5 days', cancel_at = now() + interval '5 days'`);
    expect((await verify()).status).toBe(200);
    await setSub(`cancel_at = now() - interval '1 hour'`);
    expect((await verify()).status).toBe(403);

    await setSub(`status = 'expired', cancel_at = null, current_period_end = null`);
    expect((await verify()).status).toBe(403);
    await setSub(`status = 'demo'`);
    expect((await verify()).status).toBe(200);
  });
});

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(buf: Buffer) {
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1];
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return null;
}

describe('GET chatbots/screenshot', () => {
  it('takes a real 1280×800 JPEG of the site with Chromium and caches it for the day', async () => {
    const { token } = await s.createUser();
    const target = `127.0.0.1:${site.port}/`;
    const r = await s.api('GET', `/api/v1/chatbots/screenshot?url=${encodeURIComponent(target)}`, { token });
    expect(r.status, r.text).toBe(200);
    expect(r.json.url).toBe(`https://127.0.0.1:${site.port}/`);
    expect(r.json.image).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(r.json.image.split(',')[1], 'base64');
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpegSize(jpeg)).toEqual({ width: 1280, height: 800 });
    const hits = site.requests.length;
    const again = await s.api('GET', `/api/v1/chatbots/screenshot?url=${encodeURIComponent(target)}`, { token });
    expect(again.json.image).toBe(r.json.image);
    expect(site.requests.length).toBe(hits); // served from the cache, the site was not asked again
    const cached = await s.db.query('select url from screenshot_cache where url = $1', [r.json.url]);
    expect(cached.rows).toHaveLength(1);
  });

  it('refuses a URL with # or without a dotted host, and needs a token', async () => {
    const { token } = await s.createUser();
    for (const u of ['https://example.com/#top', 'localhost', 'ftp://example.com']) {
      const r = await s.api('GET', `/api/v1/chatbots/screenshot?url=${encodeURIComponent(u)}`, { token });
      expect(r.status, u).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    expect((await s.api('GET', '/api/v1/chatbots/screenshot', { token })).status).toBe(400);
    expect((await s.api('GET', '/api/v1/chatbots/screenshot?url=example.com')).status).toBe(401);
  });

  it('answers 502 WebsiteNotReachable for a site that does not answer', async () => {
    const { token } = await s.createUser();
    const port = await closedPort();
    const r = await s.api('GET', `/api/v1/chatbots/screenshot?url=${encodeURIComponent(`127.0.0.1:${port}`)}`, { token });
    expect(r.status).toBe(502);
    expect(r.json.error).toBe('WebsiteNotReachable');
  });
});

describe('without CRAWL_ALLOW_PRIVATE and without Chromium', () => {
  let strict: TestServer;
  let noChromium: TestServer;
  beforeAll(async () => {
    [strict, noChromium] = await Promise.all([
      startTestServer({ CRAWL_ALLOW_PRIVATE: 'false' }),
      startTestServer({ CHROMIUM_PATH: '/nonexistent/chromium' }),
    ]);
  });
  afterAll(async () => {
    await strict?.close();
    await noChromium?.close();
  });

  it('the setup job and the screenshot refuse loopback addresses', async () => {
    const { user, token } = await strict.createUser();
    const r = await strict.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: `127.0.0.1:${site.port}`, lang: 'de' } });
    expect(r.status).toBe(201);
    const row = await waitFor(async () => {
      const st = (await strict.db.query<{ initial_setup: string; initial_setup_progress: any }>('select * from chatbots where id = $1', [r.json.id])).rows[0];
      return st.initial_setup === 'failed' || st.initial_setup === 'completed' ? st : null;
    });
    expect(row.initial_setup).toBe('failed');
    expect(row.initial_setup_progress.message).toMatch(/private/);
    const shot = await strict.api('GET', `/api/v1/chatbots/screenshot?url=${encodeURIComponent(`127.0.0.1:${site.port}`)}`, { token });
    expect(shot.status).toBe(400);
    expect(shot.json.details[0]).toMatchObject({ path: 'url', code: 'private' });
  });

  it('the screenshot answers 501 FeatureNotConfigured when there is no Chromium', async () => {
    const { token } = await noChromium.createUser();
    const r = await noChromium.api('GET', '/api/v1/chatbots/screenshot?url=example.com', { token });
    expect(r.status).toBe(501);
    expect(r.json.error).toBe('FeatureNotConfigured');
  });
});
