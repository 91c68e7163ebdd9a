/**
 * One contract, two servers: the same requests against the real server and the mock server
 * (`npm run mock`, for front-end work without a database) must get the same statuses, error keys and
 * shapes. What the README promises of the mock ("speaks the same contract") is tested here, not claimed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_POOL } from '../../contract/languages.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { fakeJwt, startMockServer } from './mockServer.ts';

interface Customer {
  token: string;
  userId: string;
  organizationId: string;
  email: string;
}
interface Target {
  base: string;
  /** A new customer with a trial and no chatbot yet. */
  newCustomer: () => Promise<Customer>;
}

let real: TestServer;
let mock: Awaited<ReturnType<typeof startMockServer>>;
const targets: Record<'real server' | 'mock server', Target> = {} as never;

beforeAll(async () => {
  [real, mock] = await Promise.all([startTestServer(), startMockServer()]);
  targets['real server'] = {
    base: real.url,
    newCustomer: async () => {
      const { token, user, email } = await real.createUser();
      return { token, userId: user.id, organizationId: user.organization_id, email };
    },
  };
  targets['mock server'] = {
    base: mock.base,
    newCustomer: async () => {
      const email = `c${Math.random().toString(36).slice(2, 10)}@example.test`;
      const token = fakeJwt({ sub: email });
      const me = await call(mock.base, 'GET', '/api/v1/users/lookup', { token });
      return { token, userId: me.json.user.id, organizationId: me.json.user.organization.id, email };
    },
  };
}, 60_000);
afterAll(async () => {
  await Promise.all([real?.close(), mock?.stop()]);
});

async function call(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

describe.each(['real server', 'mock server'] as const)('the API contract on the %s', (name) => {
  const t = () => targets[name];
  const api = (method: string, path: string, opts?: { token?: string; body?: unknown }) => call(t().base, method, path, opts);

  it('without a token: 401 NoToken; an unknown route: 404', async () => {
    const r = await api('GET', '/api/v1/users/lookup');
    expect(r.status).toBe(401);
    expect(r.json.error).toBe('NoToken');
    const c = await t().newCustomer();
    expect((await api('GET', '/api/v1/no-such-thing', { token: c.token })).status).toBe(404);
  });

  it('users/lookup of a new customer: user with organization, subscription, no chatbot', async () => {
    const c = await t().newCustomer();
    const r = await api('GET', '/api/v1/users/lookup', { token: c.token });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['chatbot', 'subscription', 'user']);
    expect(r.json.chatbot).toBeNull();
    expect(r.json.user).toMatchObject({ id: c.userId, isAdmin: false, organization: { id: c.organizationId } });
    expect(r.json.subscription).toMatchObject({ valid: true });
  });

  it('PATCH users/{id}: unknown keys, a bad phone, a 16-digit phone → 400 ValidationFailed naming the field; valid → 200 trimmed', async () => {
    const c = await t().newCustomer();
    const path = `/api/v1/users/${c.userId}`;
    const unknown = await api('PATCH', path, { token: c.token, body: { firstName: 'Anne', role: 'admin' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('ValidationFailed');
    for (const phone of ['call me', '+49 1234 5678 9012 34']) {
      const r = await api('PATCH', path, { token: c.token, body: { phone } });
      expect(r.status, phone).toBe(400);
      expect(r.json.details[0].path).toBe('phone');
    }
    const ok = await api('PATCH', path, { token: c.token, body: { firstName: ' Anne ', phone: '+49 30 1234567' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: c.userId, firstName: 'Anne', phone: '+49 30 1234567' });
  });

  it('POST chatbots: the URL rule (fragment, localhost refused; scheme forced to https), a foreign organization 404, a second chatbot 409', async () => {
    const c = await t().newCustomer();
    const create = (url: string, organizationId = c.organizationId, lang = 'de') =>
      api('POST', '/api/v1/chatbots', { token: c.token, body: { organizationId, url, lang } });
    for (const url of ['https://shop.example.com/#top', 'http://localhost:8080', 'a.b', '']) expect((await create(url)).status, url).toBe(400);
    expect((await create('shop.example.com', c.organizationId, 'xx')).json.error).toBe('LanguageNotAvailable');
    expect((await create('shop.example.com', '2f6c1d1e-5a3b-4c7d-9e10-000000000001')).status).toBe(404);
    // 127.0.0.1:1 refuses connections at once: the real server's setup crawl reaches nothing outside this machine.
    const created = await create('HTTP://127.0.0.1:1/de');
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ organizationId: c.organizationId, url: 'https://127.0.0.1:1/de', lang: 'de' });
    expect((await create('127.0.0.1:1')).status).toBe(409);
    const again = await api('GET', `/api/v1/chatbots/${created.json.id}`, { token: c.token });
    expect(again.json).toMatchObject({ id: created.json.id, url: 'https://127.0.0.1:1/de' });
  });

  it('the language pool and a chatbot\'s languages with the catalogue errors', async () => {
    const c = await t().newCustomer();
    const pool = await api('GET', '/api/v1/languages', { token: c.token });
    expect(pool.status).toBe(200);
    expect(pool.json).toEqual([...LANGUAGE_POOL]);
    const bot = (await api('POST', '/api/v1/chatbots', { token: c.token, body: { organizationId: c.organizationId, url: '127.0.0.1:1', lang: 'de' } })).json;
    const path = `/api/v1/languages/${bot.id}`;
    expect((await api('GET', path, { token: c.token })).json).toEqual([{ lang: 'de', isDefault: true, name: 'German', alias: 'de' }]);
    expect((await api('POST', path, { token: c.token, body: { lang: 'klingon' } })).json.error).toBe('LanguageNotAvailable');
    expect((await api('POST', path, { token: c.token, body: { lang: 'de' } })).json.error).toBe('LanguageAlreadyAdded');
    expect((await api('POST', path, { token: c.token, body: { lang: 'en', extra: 1 } })).json.error).toBe('ValidationFailed');
    expect((await api('DELETE', `${path}/de`, { token: c.token })).json.error).toBe('DefaultLanguageNotDeletable');
  });

  it('lists speak ra-data-simple-rest: Content-Range and range; another customer\'s chatbot in a filter is not found', async () => {
    const c = await t().newCustomer();
    const bot = (await api('POST', '/api/v1/chatbots', { token: c.token, body: { organizationId: c.organizationId, url: '127.0.0.1:1', lang: 'de' } })).json;
    const filter = encodeURIComponent(JSON.stringify({ chatbotId: bot.id, lang: 'de' }));
    const r = await api('GET', `/api/v1/qna?filter=${filter}&range=${encodeURIComponent('[0,9]')}&sort=${encodeURIComponent('["createdAt","DESC"]')}`, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([]);
    expect(r.headers.get('content-range')).toMatch(/^qna \d+-\d+\/0$/);
    // Another customer's chatbot in a filter is not found.
    const other = await t().newCustomer();
    expect((await api('GET', `/api/v1/qna?filter=${filter}`, { token: other.token })).status).toBe(404);
  });

  it('privacy settings: 12 months by default, 1–12 accepted, another customer\'s chatbot 404', async () => {
    const c = await t().newCustomer();
    const bot = (await api('POST', '/api/v1/chatbots', { token: c.token, body: { organizationId: c.organizationId, url: '127.0.0.1:1', lang: 'de' } })).json;
    const path = `/api/v1/privacy-settings/${bot.id}`;
    expect((await api('GET', path, { token: c.token })).json).toEqual({ id: bot.id, chatbotId: bot.id, retentionMonths: 12 });
    const set = await api('PUT', path, { token: c.token, body: { retentionMonths: 3 } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ id: bot.id, chatbotId: bot.id, retentionMonths: 3 });
    expect((await api('GET', path, { token: c.token })).json.retentionMonths).toBe(3);
    for (const retentionMonths of [0, 13, 'six']) {
      const bad = await api('PUT', path, { token: c.token, body: { retentionMonths } });
      expect(bad.status, String(retentionMonths)).toBe(400);
      expect(bad.json.error).toBe('ValidationFailed');
    }
    const other = await t().newCustomer();
    expect((await api('GET', path, { token: other.token })).status).toBe(404);
    expect((await api('PUT', path, { token: other.token, body: { retentionMonths: 1 } })).status).toBe(404);
  });

  it('a visitor\'s data: the selector validated; an unknown chat or address 404; another customer\'s chatbot 404', async () => {
    const c = await t().newCustomer();
    const bot = (await api('POST', '/api/v1/chatbots', { token: c.token, body: { organizationId: c.organizationId, url: '127.0.0.1:1', lang: 'de' } })).json;
    const other = await t().newCustomer();
    for (const action of ['export', 'delete']) {
      const path = `/api/v1/chats/visitor-data/${action}`;
      for (const body of [{ chatbotId: bot.id }, { chatbotId: bot.id, email: 'no address' }, { chatbotId: bot.id, chatId: 'x' }, { chatbotId: bot.id, email: 'a@example.test', extra: 1 }]) {
        const bad = await api('POST', path, { token: c.token, body });
        expect(bad.status, `${action} ${JSON.stringify(body)}`).toBe(400);
        expect(bad.json.error).toBe('ValidationFailed');
      }
      const unknownChat = await api('POST', path, { token: c.token, body: { chatbotId: bot.id, chatId: '8f14e45f-ceea-467f-a0e6-1a2b3c4d5e6f' } });
      expect(unknownChat.status).toBe(404);
      expect(unknownChat.json.error).toBe('NotFound');
      expect((await api('POST', path, { token: c.token, body: { chatbotId: bot.id, email: 'nobody@example.test' } })).status).toBe(404);
      expect((await api('POST', path, { token: other.token, body: { chatbotId: bot.id, email: 'nobody@example.test' } })).status).toBe(404);
    }
  });

  it('the account: exported as a JSON attachment; deleted only with its own e-mail address typed again (202)', async () => {
    const c = await t().newCustomer();
    const exported = await api('GET', '/api/v1/account/export', { token: c.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="account-.*\.json"$/);
    expect(exported.json.organization.id).toBe(c.organizationId);
    expect(exported.json.users.map((u: { id: string }) => u.id)).toEqual([c.userId]);
    expect(Array.isArray(exported.json.chats)).toBe(true);
    const wrong = await api('POST', '/api/v1/account/delete', { token: c.token, body: { email: 'someone-else@example.test' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: 'ValidationFailed', details: [{ path: 'email' }] });
    expect((await api('POST', '/api/v1/account/delete', { token: c.token, body: {} })).json.error).toBe('ValidationFailed');
    const deleted = await api('POST', '/api/v1/account/delete', { token: c.token, body: { email: c.email.toUpperCase() } });
    expect(deleted.status).toBe(202);
    expect(Object.keys(deleted.json)).toEqual(['deletionRequestedAt']);
    expect(Number.isNaN(Date.parse(deleted.json.deletionRequestedAt))).toBe(false);
  });
});
