import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { startTestSite, waitFor } from './fakeServers.ts';

let s: TestServer;
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  [s, site] = await Promise.all([startTestServer(), startTestSite()]);
});
afterAll(async () => {
  await s?.close();
  await site?.close();
});

describe('plans', () => {
  it('are seeded with price, period and every limit, and a subscription reports its plan\'s limits', async () => {
    const plans = await s.db.query<Record<string, unknown>>('select * from plans order by sort_order');
    expect(plans.rows.map((p) => p.id)).toEqual(['trial', 'starter', 'business', 'enterprise']);
    for (const p of plans.rows) {
      expect(['month', 'year']).toContain(p.period);
      for (const col of ['price_cents', 'max_languages', 'max_webpages', 'monthly_training_cycles', 'monthly_messages']) expect(p[col]).toBeGreaterThanOrEqual(0);
      for (const col of ['styling_allowed', 'contact_collection_allowed', 'branding_removal_allowed']) expect(typeof p[col]).toBe('boolean');
    }
    const { user, token } = await s.createUser();
    for (const p of plans.rows) {
      await s.db.query(`update subscriptions set plan_id = $2, status = 'active' where organization_id = $1`, [user.organization_id, p.id]);
      const { json } = await s.api('GET', '/api/v1/users/lookup', { token });
      expect(json.subscription).toMatchObject({
        planId: p.id,
        priceCents: p.price_cents,
        period: p.period,
        limits: {
          maxLanguages: p.max_languages,
          maxWebpages: p.max_webpages,
          monthlyTrainingCycles: p.monthly_training_cycles,
          monthlyMessages: p.monthly_messages,
          stylingAllowed: p.styling_allowed,
          contactCollectionAllowed: p.contact_collection_allowed,
          brandingRemovalAllowed: p.branding_removal_allowed,
        },
      });
    }
  });

  it('Starter allows one language: a second one is refused with PlanLimitReached, not cut silently', async () => {
    const { user, token } = await s.createUser();
    const bot = await createChatbot(s, user.organization_id);
    await s.db.query(`update subscriptions set plan_id = 'starter', status = 'active' where organization_id = $1`, [user.organization_id]);
    const r = await s.api('POST', `/api/v1/languages/${bot}`, { token, body: { lang: 'en' } });
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ error: 'PlanLimitReached', details: { limit: 'maxLanguages', max: 1 } });
    expect((await s.api('GET', `/api/v1/languages/${bot}`, { token })).json).toHaveLength(1);
  });
});

describe('the registration through the API, as the wizard calls it', () => {
  it('personal data with campaign, chatbot creation, verify polled to completed with progress, zero statistics', async () => {
    const { user, token } = await s.createUser();
    const before = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(before.json.chatbot).toBeNull();

    const patch = await s.api('PATCH', `/api/v1/users/${user.id}`, {
      token,
      body: { firstName: 'Erika', lastName: 'Mustermann', company: 'Bäckerei', phone: '+49 221 123456', preferredLanguage: 'de', campaign: 'herbst24' },
    });
    expect(patch.status).toBe(200);
    expect(patch.json).toMatchObject({ campaign: 'herbst24', preferredLanguage: 'de', phone: '+49 221 123456' });

    const created = await s.api('POST', '/api/v1/chatbots', {
      token,
      body: { organizationId: user.organization_id, url: `http://127.0.0.1:${site.port}`, lang: 'de' },
    });
    expect(created.status).toBe(201);
    expect(created.json.url).toBe(`https://127.0.0.1:${site.port}`);

    const states: string[] = [];
    const done = await waitFor(async () => {
      const v = await s.api('GET', `/api/v1/chatbots/${created.json.id}/verify?url=${encodeURIComponent(created.json.url)}&lang=de`, { token });
      expect(v.status).toBe(200);
      states.push(v.json.initialSetup);
      return v.json.initialSetup === 'completed' || v.json.initialSetup === 'failed' ? v.json : null;
    }, 60_000, 50);
    expect(done.initialSetup).toBe('completed');
    expect(done.progress.pagesFound).toBeGreaterThanOrEqual(1);
    expect(done.progress.pagesTrained).toBeGreaterThanOrEqual(1);
    for (const st of states) expect(['pending', 'running', 'completed']).toContain(st);

    const after = await s.api('GET', '/api/v1/users/lookup', { token });
    expect(after.json.chatbot).toMatchObject({ id: created.json.id, initialSetup: 'completed' });
    const stats = await s.api('GET', `/api/v1/statistics?chatbotId=${created.json.id}&tz=Europe/Berlin`, { token });
    expect(stats.status).toBe(200);
    expect(stats.json.totals).toEqual({ chats: 0, messages: 0, avgMessagesPerChat: 0, avgLeadsPerChat: 0, contactsCollected: 0 });
  });

  it('refuses an invalid phone and a website with # at their fields', async () => {
    const { user, token } = await s.createUser();
    const phone = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { phone: '12' } });
    expect(phone.status).toBe(400);
    expect(phone.json.details[0].path).toBe('phone');
    const hash = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: 'example.com/#x', lang: 'de' } });
    expect(hash.status).toBe(400);
    expect(hash.json.details[0]).toMatchObject({ path: 'url', code: 'hash' });
  });
});

describe('subscription states', () => {
  it('reports cancellation, external invoice, demo and expiry; an expired subscription makes verify 403', async () => {
    const { user, token } = await s.createUser();
    const bot = await createChatbot(s, user.organization_id);
    const org = user.organization_id;
    const lookup = async () => (await s.api('GET', '/api/v1/users/lookup', { token })).json.subscription;

    await s.db.query(
      `update subscriptions set plan_id = 'business', status = 'active', current_period_end = now() + interval '20 days',
              cancel_at = now() + interval '5 days', external_invoice = true where organization_id = $1`,
      [org],
    );
    const cancelling = await lookup();
    expect(cancelling).toMatchObject({ status: 'active', valid: true, externalInvoice: true });
    expect(new Date(cancelling.cancelAt).getTime()).toBeGreaterThan(Date.now());
    const stats = await s.api('GET', `/api/v1/statistics?chatbotId=${bot}`, { token });
    expect(stats.json.daysLeft).toBe(5); // the cancellation ends it before the period does

    await s.db.query(`update subscriptions set status = 'demo', cancel_at = null where organization_id = $1`, [org]);
    expect(await lookup()).toMatchObject({ status: 'demo', valid: true });

    await s.db.query(`update subscriptions set status = 'trialing', trial_ends_at = now() - interval '1 day' where organization_id = $1`, [org]);
    expect(await lookup()).toMatchObject({ status: 'trialing', valid: false });
    const verify = await s.api('GET', `/api/v1/chatbots/${bot}/verify`, { token });
    expect(verify.status).toBe(403);
    expect(verify.json.error).toBe('SubscriptionExpired');
    // The dashboard still opens and says so.
    const expired = await s.api('GET', `/api/v1/statistics?chatbotId=${bot}`, { token });
    expect(expired.status).toBe(200);
    expect(expired.json.subscription.valid).toBe(false);
  });
});
