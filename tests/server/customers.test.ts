/**
 * The operator console's customer list: admins only (the server refuses everybody else), the simple-rest
 * dialect (sort, range, filter, Content-Range), search and filters, bad input as 400, and opening a
 * customer in admin mode writes the audit log as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACT_AS_HEADER } from '../../server/src/plugins/app/auth.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: { token: string; user: { id: string } };
let customer: { token: string; user: { id: string; organization_id: string }; email: string };
/** Part of every address this file creates, so the search finds only this file's customers. */
const MARK = `cu${Math.random().toString(36).slice(2, 8)}`;
let zoe: Awaited<ReturnType<TestServer['createUser']>>;
let anna: Awaited<ReturnType<TestServer['createUser']>>;
let annaBot: string;

const list = (query: Record<string, unknown>, token = admin.token) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return s.api('GET', `/api/v1/customers?${qs}`, { token });
};

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.createUser({ email: `admin-${MARK}@example.test`, admin: true });
  customer = await s.createUser({ email: `plain-${MARK}@example.test` });
  zoe = await s.createUser({ email: `zoe-${MARK}@example.test` });
  anna = await s.createUser({ email: `anna-${MARK}@example.test` });
  await s.db.query(`update users set company = 'Bäckerei Anna', first_name = 'Anna', last_name = 'Korn' where id = $1`, [anna.user.id]);
  annaBot = await createChatbot(s, anna.user.organization_id);
  await createChatbot(s, anna.user.organization_id, { url: 'https://second.example.test' });
  await s.db.query(`update subscriptions set plan_id = 'business', status = 'active' where organization_id = $1`, [zoe.user.organization_id]);
  // Zoe signed up first; Anna's visitor wrote yesterday, so Anna was active last.
  await s.db.query(`update organizations set created_at = now() - interval '10 days' where id = $1`, [zoe.user.organization_id]);
  await s.db.query(`update users set updated_at = now() - interval '10 days' where id = $1`, [zoe.user.id]);
  await s.db.query(
    `insert into chats (chatbot_id, organization_id, visitor_id, lang, last_message_at) values ($1, $2, 'v1', 'de', now() + interval '1 day')`,
    [annaBot, anna.user.organization_id],
  );
});
afterAll(() => s?.close());

describe('GET /api/v1/customers', () => {
  it('refuses a customer (403) and a caller without a token (401), also for a single customer', async () => {
    for (const path of ['/api/v1/customers', `/api/v1/customers/${anna.user.organization_id}`]) {
      const r = await s.api('GET', path, { token: customer.token });
      expect(r.status, path).toBe(403);
      expect(r.json.error).toBe('Forbidden');
      expect(r.text).not.toContain(anna.email);
      expect((await s.api('GET', path)).status).toBe(401);
      // The act-as header gives a customer nothing.
      const actAs = await s.api('GET', path, { token: customer.token, headers: { [ACT_AS_HEADER]: admin.user.id } });
      expect(actAs.status).toBe(403);
    }
  });

  it('lists customer organizations with owner, plan, status, chatbots and activity; operators are not customers', async () => {
    const r = await list({ filter: { q: MARK }, sort: ['email', 'ASC'], range: [0, 9] });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('customers 0-2/3');
    expect(r.json.map((c: { email: string }) => c.email)).toEqual([anna.email, customer.email, zoe.email]);
    const a = r.json[0];
    expect(a).toMatchObject({
      id: anna.user.organization_id, ownerId: anna.user.id, firstName: 'Anna', lastName: 'Korn', company: 'Bäckerei Anna',
      planId: 'trial', planName: 'Trial', status: 'trialing', chatbots: 2, chatbotId: annaBot,
    });
    expect(Date.parse(a.lastActivityAt)).toBeGreaterThan(Date.parse(a.createdAt));
    expect(r.json[2]).toMatchObject({ planId: 'business', status: 'active', chatbots: 0, chatbotId: null });
  });

  it('searches by e-mail, name and company, filters by status, plan and chatbot, and pages', async () => {
    const emails = async (filter: object, sort: unknown = ['email', 'ASC']) =>
      (await list({ filter: { q: MARK, ...filter }, sort })).json.map((c: { email: string }) => c.email.split('-')[0]);
    expect((await list({ filter: { q: 'bäckerei anna' } })).json.map((c: { id: string }) => c.id)).toEqual([anna.user.organization_id]);
    expect((await list({ filter: { q: 'Anna Korn' } })).json.map((c: { id: string }) => c.id)).toEqual([anna.user.organization_id]);
    expect(await emails({ status: 'active' })).toEqual(['zoe']);
    expect(await emails({ plan: 'trial' })).toEqual(['anna', 'plain']);
    expect(await emails({ hasChatbot: true })).toEqual(['anna']);
    expect(await emails({ hasChatbot: false })).toEqual(['plain', 'zoe']);
    expect(await emails({ id: [zoe.user.organization_id, anna.user.organization_id] })).toEqual(['anna', 'zoe']);
    // A search for % or _ matches them literally, not as wildcards.
    expect(await emails({ q: '%' })).toEqual([]);
    expect(await emails({}, ['createdAt', 'ASC'])).toEqual(['zoe', 'plain', 'anna']);
    expect((await emails({}, ['lastActivityAt', 'DESC']))[0]).toBe('anna');
    expect((await emails({}, ['chatbots', 'DESC']))[0]).toBe('anna');
    expect(await emails({}, ['email', 'DESC'])).toEqual(['zoe', 'plain', 'anna']);
    const page = await list({ filter: { q: MARK }, sort: ['email', 'ASC'], range: [1, 1] });
    expect(page.headers.get('content-range')).toBe('customers 1-1/3');
    expect(page.json.map((c: { email: string }) => c.email)).toEqual([customer.email]);
  });

  it('answers one customer by organization id, and 404 for an unknown, malformed or operator id', async () => {
    const r = await s.api('GET', `/api/v1/customers/${anna.user.organization_id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ email: anna.email, chatbotId: annaBot });
    const adminOrg = (await s.db.query<{ organization_id: string }>('select organization_id from users where id = $1', [admin.user.id])).rows[0].organization_id;
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id', adminOrg, anna.user.id]) {
      const bad = await s.api('GET', `/api/v1/customers/${encodeURIComponent(id)}`, { token: admin.token });
      expect(bad.status, id).toBe(404);
      expect(bad.json.error).toBe('NotFound');
    }
  });

  it('refuses bad input with 400 ValidationFailed, never a 500', async () => {
    const bad: Record<string, unknown>[] = [
      { sort: ['password_hash', 'ASC'] },
      { sort: '["email","SIDEWAYS"]' },
      { sort: 'not json' },
      { range: [5, 1] },
      { range: [-1, 3] },
      { filter: { status: 'gold' } },
      { filter: { q: 'x'.repeat(1000) } },
      { filter: { q: 'a\u0000b' } },
      { filter: { q: 42 } },
      { filter: { hasChatbot: 'yes' } },
      { filter: { id: ['nope'] } },
      { filter: '[1,2]' },
    ];
    for (const query of bad) {
      const r = await list(query);
      expect(r.status, JSON.stringify(query).slice(0, 80)).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    // Pages longer than the dialect allows are cut, not refused.
    const big = await list({ filter: { q: MARK }, range: [0, 100_000] });
    expect(big.status).toBe(200);
  });

  it("opening a customer from the list acts as its owner and writes the audit log as before", async () => {
    const row = (await list({ filter: { q: anna.email } })).json[0];
    const before = (await s.db.query<{ n: number }>('select count(*)::int n from admin_audit_log where admin_user_id = $1', [admin.user.id])).rows[0].n;
    const r = await s.api('GET', `/api/v1/users/${row.ownerId}`, { token: admin.token, headers: { [ACT_AS_HEADER]: row.ownerId } });
    expect(r.status).toBe(200);
    expect(r.json.chatbot.id).toBe(row.chatbotId);
    const audit = await s.db.query<{ organization_id: string; path: string }>(
      'select organization_id, path from admin_audit_log where admin_user_id = $1 order by id desc limit 1', [admin.user.id]);
    expect(audit.rows[0]).toEqual({ organization_id: anna.user.organization_id, path: `/api/v1/users/${row.ownerId}` });
    const after = (await s.db.query<{ n: number }>('select count(*)::int n from admin_audit_log where admin_user_id = $1', [admin.user.id])).rows[0].n;
    expect(after).toBe(before + 1);
  });
});
