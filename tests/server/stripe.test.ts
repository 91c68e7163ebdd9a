import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { startHttp } from './fakeServers.ts';

/** Speaks Stripe's POST /v1/billing_portal/sessions (form-encoded, bearer secret key). */
function fakeStripe() {
  return startHttp((req, body, res) => {
    res.setHeader('content-type', 'application/json');
    const form = new URLSearchParams(body);
    if (req.headers.authorization !== 'Bearer sk_test_123') {
      res.statusCode = 401;
      return void res.end(JSON.stringify({ error: { message: 'Invalid API Key provided' } }));
    }
    if (req.method !== 'POST' || req.url !== '/v1/billing_portal/sessions' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      res.statusCode = 404;
      return void res.end('{}');
    }
    if (form.get('customer') === 'cus_broken') {
      res.statusCode = 400;
      return void res.end(JSON.stringify({ error: { message: 'No such customer' } }));
    }
    res.end(JSON.stringify({ id: 'bps_1', object: 'billing_portal.session', customer: form.get('customer'), url: `https://billing.stripe.test/session/${form.get('customer')}`, return_url: form.get('return_url') }));
  });
}

const setCustomer = (s: TestServer, orgId: string, customerId: string) => s.db.query('update organizations set customer_id = $2 where id = $1', [orgId, customerId]);

describe('without Stripe', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('answers 501 FeatureNotConfigured, after validating the body', async () => {
    const { token } = await s.createUser();
    const r = await s.api('POST', '/api/v1/stripe/portal-session', { token, body: { customerId: 'cus_1' } });
    expect(r.status).toBe(501);
    expect(r.json.error).toBe('FeatureNotConfigured');
    const bad = await s.api('POST', '/api/v1/stripe/portal-session', { token, body: { customerId: 'cus_1', extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('ValidationFailed');
  });
});

describe('with Stripe', () => {
  let s: TestServer;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  beforeAll(async () => {
    stripe = await fakeStripe();
    s = await startTestServer({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: stripe.url, PUBLIC_URL: 'https://app.example.test' });
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  it("opens the portal for the organization's own customer, returning to the profile", async () => {
    const { user, token } = await s.createUser();
    await setCustomer(s, user.organization_id, 'cus_A1');
    const lookup = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(lookup.json.user.organization.customerId).toBe('cus_A1');
    const r = await s.api('POST', '/api/v1/stripe/portal-session', { token, body: { customerId: 'cus_A1' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ url: 'https://billing.stripe.test/session/cus_A1' });
    const sent = new URLSearchParams(stripe.requests.at(-1)!.body);
    expect(sent.get('customer')).toBe('cus_A1');
    expect(sent.get('return_url')).toBe('https://app.example.test/profile');
  });

  it("answers 404 for another organization's customer and for an organization without one, asking Stripe nothing", async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    await setCustomer(s, b.user.organization_id, 'cus_B1');
    const calls = stripe.requests.length;
    expect((await s.api('POST', '/api/v1/stripe/portal-session', { token: a.token, body: { customerId: 'cus_B1' } })).status).toBe(404);
    await setCustomer(s, a.user.organization_id, 'cus_A2');
    expect((await s.api('POST', '/api/v1/stripe/portal-session', { token: a.token, body: { customerId: 'cus_B1' } })).status).toBe(404);
    expect(stripe.requests.length).toBe(calls);
  });

  it('answers 502 Unknown when Stripe refuses or cannot be reached', async () => {
    const { user, token } = await s.createUser();
    await setCustomer(s, user.organization_id, 'cus_broken');
    const r = await s.api('POST', '/api/v1/stripe/portal-session', { token, body: { customerId: 'cus_broken' } });
    expect(r.status).toBe(502);
    expect(r.json.error).toBe('Unknown');
    expect(r.json.message).toContain('No such customer');
  });
});
