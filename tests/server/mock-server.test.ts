import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_POOL } from '../../contract/api/account.ts';
import { fakeJwt, startMockServer } from './mockServer.ts';

/**
 * The mock-server as `npm run mock` starts it (on a random port): the ra-data-simple-rest dialect,
 * the section-7 calls with the contract's shapes and errors, tenancy, and its sign-in discovery.
 */
const ANNA = '7b1e4c2a-0d3f-4e5a-8b6c-000000000001';
const ANNA_BOT = '5d2a9f10-3c4b-4d6e-9f70-000000000001';
const SUPPORT_ADMIN = '7b1e4c2a-0d3f-4e5a-8b6c-0000000000a1';

let mock: Awaited<ReturnType<typeof startMockServer>>;
let base = '';

async function call(method: string, p: string, opts: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const token = opts.token === undefined ? 'any-token' : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const res = await fetch(base + p, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

const q = (o: Record<string, unknown>) =>
  '?' + Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');

beforeAll(async () => {
  mock = await startMockServer();
  base = mock.base;
});

afterAll(() => mock?.stop());

describe('mock-server', () => {
  it('answers 401 NoToken without a bearer token, but serves the public app config', async () => {
    const r = await call('GET', '/api/v1/users/lookup', { token: null });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ error: 'NoToken' });
    const cfg = await call('GET', '/api/v1/public/app-config', { token: null });
    expect(cfg.status).toBe(200);
    expect(cfg.json.oidc).toEqual({
      authority: `${base}/oidc`,
      clientId: 'dashboard',
      scope: 'openid profile email',
      resource: `${base}/api/v1`,
    });
    expect(cfg.json.publicUrl).toBe(base);
    const discovery = await fetch(`${base}/oidc/.well-known/openid-configuration`).then((res) => res.json());
    expect(discovery.issuer).toBe(`${base}/oidc`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('speaks the ra-data-simple-rest dialect: sort, range, filter, Content-Range', async () => {
    const r = await call('GET', '/api/v1/webpages' + q({ sort: ['title', 'DESC'], range: [2, 4], filter: { favorite: false } }), {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(3);
    expect(r.headers.get('content-range')).toBe('webpages 2-4/12');
    expect(r.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const titles = r.json.map((p: { title: string }) => p.title);
    expect([...titles].sort().reverse()).toEqual(titles);
    expect(r.json.every((p: { favorite: boolean }) => p.favorite === false)).toBe(true);

    const all = await call('GET', '/api/v1/webpages' + q({ range: [0, 99] }));
    expect(all.headers.get('content-range')).toBe('webpages 0-14/15');
    const ids = all.json.slice(0, 2).map((p: { id: string }) => p.id);
    const many = await call('GET', '/api/v1/webpages' + q({ filter: { id: ids } }));
    expect(many.json.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());

    const search = await call('GET', '/api/v1/qna' + q({ filter: { q: 'vegan' } }));
    expect(search.json).toHaveLength(1);

    const bad = await call('GET', '/api/v1/webpages?filter=%7Bnope');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('ValidationFailed');
  });

  it('creates, updates (merging) and deletes list records, returning the deleted record', async () => {
    const created = await call('POST', '/api/v1/qna', { body: { question: 'Parken?', answer: 'Ja, hinter dem Haus.', lang: 'de', active: true } });
    expect(created.status).toBe(201);
    expect(created.json.chatbotId).toBe(ANNA_BOT);
    const put = await call('PUT', `/api/v1/qna/${created.json.id}`, { body: { id: 'other', answer: 'Nein.' } });
    expect(put.json).toMatchObject({ id: created.json.id, question: 'Parken?', answer: 'Nein.', chatbotId: ANNA_BOT });
    const del = await call('DELETE', `/api/v1/qna/${created.json.id}`);
    expect(del.json.id).toBe(created.json.id);
    expect((await call('GET', `/api/v1/qna/${created.json.id}`)).status).toBe(404);
  });

  it('answers users/lookup and users/{id} with user, subscription and chatbot', async () => {
    const r = await call('GET', '/api/v1/users/lookup');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['chatbot', 'subscription', 'user']);
    expect(r.json.user).toMatchObject({ id: ANNA, email: 'anna.schmidt@example.com', isAdmin: false, organization: { customerId: 'cus_mock_0001' } });
    expect(r.json.subscription).toMatchObject({ planId: 'trial', status: 'trialing', valid: true, limits: { maxLanguages: 2 } });
    expect(Date.parse(r.json.subscription.trialEndsAt)).toBeGreaterThan(Date.now());
    expect(r.json.chatbot).toMatchObject({ id: ANNA_BOT, initialSetup: 'completed', url: 'https://www.baeckerei-beispiel.de' });
    expect((await call('GET', `/api/v1/users/${ANNA}`)).json).toEqual(r.json);
    expect((await call('GET', `/api/v1/users/${SUPPORT_ADMIN}`)).status).toBe(404);
  });

  it('validates PATCH users/{id} with the shared schema and persists it', async () => {
    const unknown = await call('PATCH', `/api/v1/users/${ANNA}`, { body: { firstName: 'Anne', role: 'admin' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('ValidationFailed');
    const phone = await call('PATCH', `/api/v1/users/${ANNA}`, { body: { phone: 'call me' } });
    expect(phone.json.details[0].path).toBe('phone');
    const broken = await call('PATCH', `/api/v1/users/${ANNA}`, { body: '{"firstName":' });
    expect(broken.json.error).toBe('InvalidJson');
    const ok = await call('PATCH', `/api/v1/users/${ANNA}`, { body: { firstName: ' Anne ', campaign: 'spring' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: ANNA, firstName: 'Anne', campaign: 'spring' });
    expect((await call('GET', '/api/v1/users/lookup')).json.user.firstName).toBe('Anne');
  });

  it('registers a new user: no chatbot, then POST chatbots (https forced), verify moves through the setup', async () => {
    const token = fakeJwt({ sub: 'new.person@example.test' });
    const before = await call('GET', '/api/v1/users/lookup', { token });
    expect(before.json.chatbot).toBeNull();
    expect(before.json.user.email).toBe('new.person@example.test');
    const organizationId = before.json.user.organization.id;

    const hash = await call('POST', '/api/v1/chatbots', { token, body: { organizationId, url: 'https://shop.example.com/#top', lang: 'de' } });
    expect(hash.status).toBe(400);
    const lang = await call('POST', '/api/v1/chatbots', { token, body: { organizationId, url: 'shop.example.com', lang: 'xx' } });
    expect(lang.json.error).toBe('LanguageNotAvailable');
    const foreign = await call('POST', '/api/v1/chatbots', { token, body: { organizationId: '2f6c1d1e-5a3b-4c7d-9e10-000000000001', url: 'a.example.com', lang: 'de' } });
    expect(foreign.status).toBe(404);
    expect((await call('GET', '/api/v1/users/lookup', { token })).json.chatbot).toBeNull();

    const created = await call('POST', '/api/v1/chatbots', { token, body: { organizationId, url: 'http://shop.example.com/de', lang: 'en' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ organizationId, url: 'https://shop.example.com/de', lang: 'en', initialSetup: 'pending' });
    const again = await call('POST', '/api/v1/chatbots', { token, body: { organizationId, url: 'shop.example.com', lang: 'en' } });
    expect(again.status).toBe(409);

    const verify = await call('GET', `/api/v1/chatbots/${created.json.id}/verify?url=shop.example.com%2Fde&lang=en`, { token });
    expect(verify.status).toBe(200);
    expect(['pending', 'running', 'completed']).toContain(verify.json.initialSetup);
    expect((await call('GET', '/api/v1/users/lookup', { token })).json.chatbot.id).toBe(created.json.id);
    expect((await call('GET', `/api/v1/languages/${created.json.id}`, { token })).json).toEqual([
      { lang: 'en', isDefault: true, name: 'English', alias: 'en' },
    ]);

    // Tenancy: each sees only their own chatbot and records.
    expect((await call('GET', `/api/v1/chatbots/${ANNA_BOT}`, { token })).status).toBe(404);
    expect((await call('GET', `/api/v1/languages/${ANNA_BOT}`, { token })).status).toBe(404);
    expect((await call('GET', `/api/v1/chatbots/${created.json.id}`)).status).toBe(404);
    const theirs = await call('GET', '/api/v1/webpages', { token });
    expect(theirs.json).toEqual([]);
    expect((await call('GET', '/api/v1/webpages' + q({ filter: { chatbotId: ANNA_BOT } }), { token })).status).toBe(404);
    expect((await call('GET', '/api/v1/qna/5e000000-0000-4000-8000-000000000002', { token })).status).toBe(404);
  });

  it('refuses verify with 403 SubscriptionExpired once the subscription is over', async () => {
    const token = fakeJwt({ sub: 'max.muster@example.com' });
    const me = await call('GET', '/api/v1/users/lookup', { token });
    expect(me.json.subscription).toMatchObject({ status: 'expired', valid: false });
    const r = await call('GET', `/api/v1/chatbots/${me.json.chatbot.id}/verify`, { token });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('SubscriptionExpired');
    expect((await call('GET', `/api/v1/chatbots/${ANNA_BOT}/verify?lang=klingon`)).json.error).toBe('LanguageNotAvailable');
  });

  it('lets an admin act on a customer with x-act-as-user', async () => {
    const admin = fakeJwt({ sub: SUPPORT_ADMIN });
    const own = await call('GET', '/api/v1/users/lookup', { token: admin });
    expect(own.json.user.isAdmin).toBe(true);
    const acting = await call('GET', '/api/v1/users/lookup', { token: admin, headers: { 'x-act-as-user': ANNA } });
    expect(acting.json.user.id).toBe(ANNA);
    expect((await call('GET', `/api/v1/chatbots/${ANNA_BOT}`, { token: admin, headers: { 'x-act-as-user': ANNA } })).status).toBe(200);
    // A customer cannot use the header.
    const customer = await call('GET', '/api/v1/users/lookup', { headers: { 'x-act-as-user': SUPPORT_ADMIN } });
    expect(customer.json.user.id).toBe(ANNA);
  });

  it('manages a chatbot languages with the catalogue errors', async () => {
    expect((await call('GET', '/api/v1/languages')).json).toEqual([...LANGUAGE_POOL]);
    const targets = (await call('GET', '/api/v1/languages/translation')).json as string[];
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.every((t) => (LANGUAGE_POOL as readonly string[]).includes(t))).toBe(true);

    const path = `/api/v1/languages/${ANNA_BOT}`;
    expect((await call('POST', path, { body: { lang: 'klingon' } })).json.error).toBe('LanguageNotAvailable');
    expect((await call('POST', path, { body: { lang: 'fr', extra: 1 } })).json.error).toBe('ValidationFailed');
    expect((await call('POST', path, { body: { lang: 'en' } })).json.error).toBe('LanguageAlreadyAdded');
    expect((await call('POST', path, { body: { lang: 'fr' } })).json).toMatchObject({ error: 'PlanLimitReached', details: { max: 2 } });
    expect((await call('PATCH', `${path}/en`, { body: { isDefault: false } })).status).toBe(400);
    expect((await call('PATCH', `${path}/fr`, { body: { isDefault: true } })).status).toBe(404);
    expect((await call('DELETE', `${path}/de`)).json.error).toBe('DefaultLanguageNotDeletable');

    // Changes answer with the whole list, in the order the languages were added.
    const made = await call('PATCH', `${path}/en`, { body: { isDefault: true } });
    expect(made.json).toEqual([
      { lang: 'de', isDefault: false, name: 'German', alias: 'de' },
      { lang: 'en', isDefault: true, name: 'English', alias: 'en' },
    ]);
    expect((await call('DELETE', `${path}/de`)).json).toEqual([{ lang: 'en', isDefault: true, name: 'English', alias: 'en' }]);
    const added = await call('POST', path, { body: { lang: 'italian' } });
    expect(added.status).toBe(201);
    expect(added.json[1]).toEqual({ lang: 'italian', isDefault: false, name: 'Italian', alias: 'it' });
    expect((await call('GET', path)).json.map((l: { lang: string }) => l.lang)).toEqual(['en', 'italian']);
  });

  it('answers screenshot, translations and the portal session', async () => {
    const shot = await call('GET', '/api/v1/chatbots/screenshot?url=http://example.com');
    expect(shot.json.url).toBe('https://example.com');
    const jpeg = Buffer.from(shot.json.image.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect((await call('GET', '/api/v1/chatbots/screenshot?url=a%23b')).status).toBe(400);

    const known = await call('GET', `/api/v1/translations?lang=en&message=${encodeURIComponent('Haben Sie am Sonntag geöffnet?')}`);
    expect(known.json).toEqual({ text: 'Are you open on Sunday?', lang: 'en' });
    expect((await call('GET', '/api/v1/translations?lang=xx&message=hi')).json.error).toBe('LanguageNotAvailable');
    expect((await call('GET', '/api/v1/translations?message=hi')).json.error).toBe('ValidationFailed');

    const portal = await call('POST', '/api/v1/stripe/portal-session', { body: { customerId: 'cus_mock_0001' } });
    expect(portal.json.url).toMatch(/^http:\/\/.+\/mock\/stripe-portal\?customer=cus_mock_0001$/);
    expect((await fetch(portal.json.url)).status).toBe(200);
    expect((await call('POST', '/api/v1/stripe/portal-session', { body: { customerId: 'cus_other' } })).status).toBe(404);
    expect((await call('POST', '/api/v1/stripe/portal-session', { body: {} })).status).toBe(400);
  });

  it('serves the chat history (lists without messages, a chat with them, counts) and the statistics', async () => {
    const list = await call('GET', '/api/v1/chats' + q({ sort: ['createdAt', 'DESC'], range: [0, 9], filter: { chatbotId: ANNA_BOT, lang: 'de' } }));
    expect(list.status).toBe(200);
    expect(list.json.length).toBeGreaterThan(0);
    expect(list.json.every((c: { lang: string; messages?: unknown }) => c.lang === 'de' && c.messages === undefined)).toBe(true);
    const one = await call('GET', `/api/v1/chats/${list.json[0].id}`);
    expect(one.json.messages[0]).toMatchObject({ chatId: list.json[0].id, question: expect.any(String), answer: expect.any(String) });
    const unread = await call('GET', '/api/v1/chats' + q({ filter: { chatbotId: ANNA_BOT, read: false } }));
    expect(unread.json.every((c: { read: boolean }) => !c.read)).toBe(true);

    const counts = await call('GET', '/api/v1/chats/counts' + q({ filter: { chatbotId: ANNA_BOT, category: 'contact' } }));
    expect(counts.json.categories).toEqual({ all: 6, general: 4, contact: 1, hr: 1 });
    expect(counts.json.readStates).toEqual({ all: 1, read: 1, unread: 0 });
    expect((await call('GET', '/api/v1/chats/counts' + q({ filter: { chatbotId: SUPPORT_ADMIN } }))).status).toBe(404);

    const stats = await call('GET', `/api/v1/statistics?chatbotId=${ANNA_BOT}&tz=Europe/Berlin`);
    expect(stats.json).toMatchObject({ chatbotId: ANNA_BOT, timeZone: 'Europe/Berlin', totals: { chats: 6, messages: 6, contactsCollected: 1 } });
    expect(stats.json.messagesPerDay).toHaveLength(30);
    expect(stats.json.messagesPerDay.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBe(6);
    expect(stats.json.daysLeft).toBeGreaterThan(0);
    expect((await call('GET', `/api/v1/statistics?chatbotId=${ANNA_BOT}&tz=Mars/Base`)).status).toBe(400);
  });

  it('refuses unknown routes and resources with NotFound', async () => {
    expect((await call('GET', '/api/v1/db')).status).toBe(404);
    expect((await call('GET', '/api/v1/users')).status).toBe(404);
    expect((await call('GET', '/api/v1/chatbotLanguages')).json.error).toBe('NotFound');
  });
});
