import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, createChatbot, type TestServer } from './helpers.ts';

/**
 * Tenant isolation across every section-7 call: one customer never sees or changes another's
 * user, chatbot or languages (always 404, never 403), and an admin acting as a customer is audited.
 */
let s: TestServer;
let a: Awaited<ReturnType<TestServer['createUser']>> & { bot: string };
let b: Awaited<ReturnType<TestServer['createUser']>> & { bot: string };
beforeAll(async () => {
  s = await startTestServer();
  const ua = await s.createUser();
  const ub = await s.createUser();
  a = { ...ua, bot: await createChatbot(s, ua.user.organization_id, { url: 'https://a.example.test' }) };
  b = { ...ub, bot: await createChatbot(s, ub.user.organization_id, { url: 'https://b.example.test' }) };
  await s.db.query(`insert into chatbot_languages(chatbot_id, lang) values ($1, 'en')`, [b.bot]);
});
afterAll(() => s?.close());

const snapshot = async () =>
  JSON.stringify({
    users: (await s.db.query('select id, first_name, company from users order by id')).rows,
    bots: (await s.db.query('select id, organization_id, url, lang from chatbots order by id')).rows,
    langs: (await s.db.query('select chatbot_id, lang, is_default from chatbot_languages order by chatbot_id, lang')).rows,
  });

describe("user A and user B's records", () => {
  it("A gets 404 for each of B's records and nothing of B's changes", async () => {
    const before = await snapshot();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/users/${b.user.id}`],
      ['PATCH', `/api/v1/users/${b.user.id}`, { firstName: 'Mallory' }],
      ['GET', `/api/v1/chatbots/${b.bot}`],
      ['GET', `/api/v1/chatbots/${b.bot}/verify`],
      ['GET', `/api/v1/languages/${b.bot}`],
      ['POST', `/api/v1/languages/${b.bot}`, { lang: 'fr' }],
      ['PATCH', `/api/v1/languages/${b.bot}/en`, { isDefault: true }],
      ['DELETE', `/api/v1/languages/${b.bot}/en`],
      ['POST', '/api/v1/chatbots', { organizationId: b.user.organization_id, url: 'https://evil.example.test', lang: 'de' }],
    ];
    for (const [method, path, body] of calls) {
      const r = await s.api(method, path, { token: a.token, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.json.error).toBe('NotFound');
    }
    expect(await snapshot()).toBe(before);
  });

  it('each sees their own', async () => {
    for (const c of [a, b]) {
      const r = await s.api('GET', '/api/v1/users/lookup', { token: c.token });
      expect(r.json.user.id).toBe(c.user.id);
      expect(r.json.chatbot.id).toBe(c.bot);
      expect((await s.api('GET', `/api/v1/languages/${c.bot}`, { token: c.token })).status).toBe(200);
    }
  });

  it('a token of a deleted account is refused', async () => {
    const gone = await s.createUser();
    await s.db.query('delete from organizations where id = $1', [gone.user.organization_id]);
    const r = await s.api('GET', '/api/v1/users/lookup', { token: gone.token });
    expect(r.status).toBe(401);
  });
});

describe('admin acting as a customer (x-act-as-user)', () => {
  it("works on the customer's chatbot and languages, each request written to admin_audit_log", async () => {
    const admin = await s.createUser({ admin: true });
    const headers = { 'x-act-as-user': b.user.id };
    const count = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from admin_audit_log where admin_user_id = $1', [admin.user.id])).rows[0].n;
    const before = await count();
    const lookup = await s.api('GET', '/api/v1/users/lookup', { token: admin.token, headers });
    expect(lookup.json.chatbot.id).toBe(b.bot);
    expect((await s.api('GET', `/api/v1/chatbots/${b.bot}`, { token: admin.token, headers })).status).toBe(200);
    const add = await s.api('POST', `/api/v1/languages/${b.bot}`, { token: admin.token, headers, body: { lang: 'fr' } });
    // The trial allows two languages and B already has de and en.
    expect(add.status).toBe(403);
    expect(add.json.error).toBe('PlanLimitReached');
    const del = await s.api('DELETE', `/api/v1/languages/${b.bot}/en`, { token: admin.token, headers });
    expect(del.status).toBe(200);
    expect(await count()).toBe(before + 4);
    const last = await s.db.query<{ organization_id: string; method: string; path: string }>(
      'select organization_id, method, path from admin_audit_log where admin_user_id = $1 order by id desc limit 1', [admin.user.id]);
    expect(last.rows[0]).toEqual({ organization_id: b.user.organization_id, method: 'DELETE', path: `/api/v1/languages/${b.bot}/en` });
    // Acting as B, A's chatbot is foreign.
    expect((await s.api('GET', `/api/v1/languages/${a.bot}`, { token: admin.token, headers })).status).toBe(404);
  });

  it('an unknown act-as user is 404', async () => {
    const admin = await s.createUser({ admin: true });
    const r = await s.api('GET', '/api/v1/users/lookup', { token: admin.token, headers: { 'x-act-as-user': '00000000-0000-0000-0000-000000000000' } });
    expect(r.status).toBe(404);
  });

  it('an admin registers a chatbot for the customer they act as', async () => {
    const admin = await s.createUser({ admin: true });
    const c = await s.createUser();
    const r = await s.api('POST', '/api/v1/chatbots', {
      token: admin.token,
      headers: { 'x-act-as-user': c.user.id },
      body: { organizationId: c.user.organization_id, url: 'c.example.test', lang: 'de' },
    });
    expect(r.status).toBe(201);
    expect(r.json.organizationId).toBe(c.user.organization_id);
  });
});
