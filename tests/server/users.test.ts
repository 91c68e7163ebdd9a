import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, createChatbot, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const auditCount = async (adminId: string) =>
  (await s.db.query<{ n: number }>('select count(*)::int as n from admin_audit_log where admin_user_id = $1', [adminId])).rows[0].n;

describe('GET users/lookup and users/{id}', () => {
  it('returns the user, the trial subscription with its limits, and no chatbot before registration', async () => {
    const { user, token, email } = await s.createUser();
    const r = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(r.status).toBe(200);
    expect(r.json.user).toEqual({
      id: user.id, email, firstName: '', lastName: '', company: '', phone: '', campaign: null, preferredLanguage: null, isAdmin: false,
      organization: { id: user.organization_id, customerId: null },
    });
    expect(r.json.subscription).toMatchObject({
      planId: 'trial', planName: 'Trial', status: 'trialing', priceCents: 0, currency: 'EUR', period: 'month', valid: true,
      currentPeriodEnd: null, cancelAt: null, externalInvoice: false,
      limits: { maxLanguages: 2, maxWebpages: 50, monthlyTrainingCycles: 3, monthlyMessages: 200, stylingAllowed: true, contactCollectionAllowed: true, brandingRemovalAllowed: false },
    });
    // The trial ends TRIAL_DAYS (14) after sign-up.
    const days = (Date.parse(r.json.subscription.trialEndsAt) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect(r.json.chatbot).toBeNull();
    const byId = await s.api('GET', `/api/v1/users/${user.id}`, { token });
    expect(byId.json).toEqual(r.json);
  });

  it('includes the chatbot once registered, and reports an ended trial as not valid', async () => {
    const { user, token } = await s.createUser();
    const id = await createChatbot(s, user.organization_id, { url: 'https://baker.example.test', lang: 'en' });
    await s.db.query(`update subscriptions set trial_ends_at = now() - interval '1 day' where organization_id = $1`, [user.organization_id]);
    const r = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(r.json.chatbot).toMatchObject({ id, url: 'https://baker.example.test', lang: 'en', initialSetup: 'completed', organizationId: user.organization_id });
    expect(r.json.subscription).toMatchObject({ status: 'trialing', valid: false });
  });

  it("answers 404 for someone else's id and for ids that are not ids", async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    for (const id of [b.user.id, '00000000-0000-0000-0000-000000000000', 'lookupx', "1' or '1'='1"]) {
      const r = await s.api('GET', `/api/v1/users/${encodeURIComponent(id)}`, { token: a.token });
      expect(r.status, id).toBe(404);
      expect(r.json.error).toBe('NotFound');
    }
  });
});

describe('PATCH users/{id}', () => {
  it('saves the profile, and the company names the organization', async () => {
    const { user, token } = await s.createUser();
    const body = { firstName: ' Anna ', lastName: 'Schmidt', company: 'Bäckerei Schmidt GmbH', phone: '+49 30 1234567', campaign: 'spring', preferredLanguage: 'de' };
    const r = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: user.id, firstName: 'Anna', lastName: 'Schmidt', company: 'Bäckerei Schmidt GmbH', phone: '+49 30 1234567', campaign: 'spring', preferredLanguage: 'de' });
    const lookup = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(lookup.json.user.firstName).toBe('Anna');
    const org = await s.db.query<{ name: string }>('select name from organizations where id = $1', [user.organization_id]);
    expect(org.rows[0].name).toBe('Bäckerei Schmidt GmbH');
    // A partial update keeps the rest; campaign can be cleared.
    const partial = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { lastName: 'Schmidt-Meyer', campaign: null } });
    expect(partial.json).toMatchObject({ firstName: 'Anna', lastName: 'Schmidt-Meyer', campaign: null, company: 'Bäckerei Schmidt GmbH' });
  });

  it("refuses someone else's profile with 404 and changes nothing", async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const r = await s.api('PATCH', `/api/v1/users/${b.user.id}`, { token: a.token, body: { firstName: 'Mallory' } });
    expect(r.status).toBe(404);
    const row = await s.db.query<{ first_name: string }>('select first_name from users where id = $1', [b.user.id]);
    expect(row.rows[0].first_name).toBe('');
  });

  it('refuses bad fields with 400 and the field named, writing nothing', async () => {
    const { user, token } = await s.createUser();
    const cases: [unknown, string][] = [
      [{ phone: 'call me' }, 'phone'],
      [{ phone: '12' }, 'phone'],
      [{ firstName: '' }, 'firstName'],
      [{ firstName: 42 }, 'firstName'],
      [{ preferredLanguage: 'fr' }, 'preferredLanguage'],
      [{ isAdmin: true }, ''],
      [{ firstName: 'Eve', organizationId: '00000000-0000-0000-0000-000000000000' }, ''],
    ];
    for (const [body, field] of cases) {
      const r = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
      expect(r.json.details.some((d: { path: string }) => d.path === field), JSON.stringify(r.json.details)).toBe(true);
    }
    const row = (await s.db.query<{ first_name: string; is_admin: boolean }>('select first_name, is_admin from users where id = $1', [user.id])).rows[0];
    expect(row).toEqual({ first_name: '', is_admin: false });
  });
});

describe('admin', () => {
  it('reads and edits any user by id, each access audited', async () => {
    const admin = await s.createUser({ admin: true });
    const b = await s.createUser();
    await createChatbot(s, b.user.organization_id);
    const before = await auditCount(admin.user.id);
    const r = await s.api('GET', `/api/v1/users/${b.user.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json.user.id).toBe(b.user.id);
    expect(r.json.chatbot.organizationId).toBe(b.user.organization_id);
    const p = await s.api('PATCH', `/api/v1/users/${b.user.id}`, { token: admin.token, body: { company: 'Support-edited' } });
    expect(p.json.company).toBe('Support-edited');
    expect(await auditCount(admin.user.id)).toBe(before + 2);
    const log = await s.db.query<{ method: string; path: string; organization_id: string }>(
      'select method, path, organization_id from admin_audit_log where admin_user_id = $1 order by id desc limit 1', [admin.user.id]);
    expect(log.rows[0]).toEqual({ method: 'PATCH', path: `/api/v1/users/${b.user.id}`, organization_id: b.user.organization_id });
  });

  it('acts as a customer with x-act-as-user: lookup answers for the customer and is audited', async () => {
    const admin = await s.createUser({ admin: true });
    const b = await s.createUser();
    const before = await auditCount(admin.user.id);
    const r = await s.api('GET', '/api/v1/users/lookup', { token: admin.token, headers: { 'x-act-as-user': b.user.id } });
    expect(r.json.user.id).toBe(b.user.id);
    expect(await auditCount(admin.user.id)).toBe(before + 1);
    // Without the header the admin is themself.
    expect((await s.api('GET', '/api/v1/users/lookup', { token: admin.token })).json.user.id).toBe(admin.user.id);
  });

  it('the act-as header means nothing for a normal user', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const r = await s.api('GET', '/api/v1/users/lookup', { token: a.token, headers: { 'x-act-as-user': b.user.id } });
    expect(r.json.user.id).toBe(a.user.id);
    const n = (await s.db.query<{ n: number }>('select count(*)::int as n from admin_audit_log where admin_user_id = $1', [a.user.id])).rows[0].n;
    expect(n).toBe(0);
  });
});
