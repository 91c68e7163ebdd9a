import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
let orgId: string;
let bot: string;

const path = (lang = 'de', id = bot) => `/api/v1/uiconfig/${id}/${lang}`;
const setPlan = (plan: string, org = orgId) => s.db.query('update subscriptions set plan_id = $2 where organization_id = $1', [org, plan]);

beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  orgId = u.user.organization_id;
  bot = await createChatbot(s, orgId);
  await s.db.query("insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'en', false)", [bot]);
});
afterAll(() => s?.close());

describe('UI configuration API', () => {
  it('gives the defaults per language with the plan locks', async () => {
    const de = await s.api('GET', path('de'), { token });
    expect(de.status).toBe(200);
    expect(de.json.config).toMatchObject({ startMessage: 'Hallo! Wie kann ich Ihnen helfen?', theme: 'light', rounding: 'rounded', position: 'bottom', showPoweredBy: true });
    expect(de.json.config.leadForm.email).toEqual({ enabled: true, required: true, description: 'E-Mail-Adresse' });
    expect(de.json.locks).toEqual({ styling: false, contactCollection: false, brandingRemoval: true });
    const en = await s.api('GET', path('en'), { token });
    expect(en.json.config.startMessage).toBe('Hello! How can I help you?');
    expect(en.json.config.leadForm.zip.description).toBe('ZIP code');
  });

  it('saves every field and keeps the languages apart', async () => {
    const body = {
      title: 'Bäckerei-Bot',
      introHeading: 'Willkommen',
      subHeading: 'Fragen zu Brot und Torten',
      startMessage: 'Was darf es sein?',
      placeholderText: 'Frage eingeben',
      chatbotToggleText: 'Hilfe',
      recommendedMessages: ['Öffnungszeiten?', 'Torten bestellen'],
      theme: 'dark',
      rounding: 'round',
      chatbotToggleStyle: 'iconAndText',
      position: 'middle',
      colors: { header: '#112233', messages: 'rgb(240, 240, 240)', sendButton: 'hsl(200 50% 40%)', chatbotButton: 'rebeccapurple', background: '#fff', text: '#000000cc' },
      collectContacts: true,
      consentText: 'Ich stimme zu.',
      leadForm: { city: { enabled: true, required: true, description: 'Wohnort' } },
      leadFormTriggerCount: 5,
    };
    const r = await s.api('PUT', path('de'), { token, body });
    expect(r.status).toBe(200);
    const again = await s.api('GET', path('de'), { token });
    expect(again.json.config).toMatchObject({ ...body, leadForm: expect.objectContaining({ city: { enabled: true, required: true, description: 'Wohnort' } }) });
    // Lead form fields not sent keep their values.
    expect(again.json.config.leadForm.email.required).toBe(true);
    expect((await s.api('GET', path('en'), { token })).json.config.title).toBe('Chatbot');
  });

  it.each([
    ['an unsafe color', { colors: { header: 'red; } :host { display: none' } }],
    ['a url() color', { colors: { text: 'url(https://evil.example/x.png)' } }],
    ['too many recommended messages', { recommendedMessages: ['1', '2', '3', '4', '5', '6', '7'] }],
    ['a too long title', { title: 'x'.repeat(61) }],
    ['an empty title', { title: '' }],
    ['an unknown theme', { theme: 'neon' }],
    ['an unknown field', { fontFamily: 'Comic Sans' }],
    ['a trigger count below zero', { leadFormTriggerCount: -1 }],
    ['a required field that is not shown', { leadForm: { country: { enabled: false, required: true } } }],
  ])('refuses %s', async (_what, body) => {
    const before = (await s.api('GET', path('de'), { token })).json.config;
    const r = await s.api('PUT', path('de'), { token, body });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('ValidationFailed');
    expect((await s.api('GET', path('de'), { token })).json.config).toEqual(before);
  });

  it('refuses a language the chatbot does not have', async () => {
    const r = await s.api('GET', path('fr'), { token });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('LanguageNotAvailable');
  });

  it("answers 404 for another customer's chatbot", async () => {
    const other = await s.createUser();
    expect((await s.api('GET', path('de'), { token: other.token })).status).toBe(404);
    expect((await s.api('PUT', path('de'), { token: other.token, body: { title: 'Übernommen' } })).status).toBe(404);
    expect((await s.api('GET', path('de'))).status).toBe(401);
  });

  describe('plan limits', () => {
    let starterBot: string;
    let starterToken: string;
    beforeAll(async () => {
      const u = await s.createUser();
      starterToken = u.token;
      starterBot = await createChatbot(s, u.user.organization_id);
      await setPlan('starter', u.user.organization_id);
    });

    it('refuses styling and contact collection where the plan excludes them, but saves texts', async () => {
      const styling = await s.api('PUT', path('de', starterBot), { token: starterToken, body: { colors: { header: '#ff0000' } } });
      expect(styling.status).toBe(403);
      expect(styling.json).toMatchObject({ error: 'PlanLimitReached', details: { limit: 'stylingAllowed' } });
      const contacts = await s.api('PUT', path('de', starterBot), { token: starterToken, body: { collectContacts: true } });
      expect(contacts.json).toMatchObject({ error: 'PlanLimitReached', details: { limit: 'contactCollectionAllowed' } });
      // The dashboard sends the whole form: unchanged locked values pass.
      const current = (await s.api('GET', path('de', starterBot), { token: starterToken })).json;
      expect(current.locks).toEqual({ styling: true, contactCollection: true, brandingRemoval: true });
      const texts = await s.api('PUT', path('de', starterBot), { token: starterToken, body: { ...current.config, title: 'Nur Text' } });
      expect(texts.status).toBe(200);
      expect(texts.json.config.title).toBe('Nur Text');
    });

    it('allows removing the branding only where the plan allows it', async () => {
      const refused = await s.api('PUT', path('de'), { token, body: { showPoweredBy: false } });
      expect(refused.json).toMatchObject({ error: 'PlanLimitReached', details: { limit: 'brandingRemovalAllowed' } });
      await setPlan('enterprise');
      const ok = await s.api('PUT', path('de'), { token, body: { showPoweredBy: false } });
      expect(ok.status).toBe(200);
      expect((await s.api('GET', `/api/v1/public/chatbots/${bot}/config?lang=de`)).json.config.showPoweredBy).toBe(false);
    });

    it('shows visitors the plan defaults after a downgrade', async () => {
      await setPlan('starter');
      const cfg = (await s.api('GET', `/api/v1/public/chatbots/${bot}/config?lang=de`)).json.config;
      expect(cfg.showPoweredBy).toBe(true);
      expect(cfg.theme).toBe('light');
      expect(cfg.colors.header).toBe('#1f4e79');
      expect(cfg.collectContacts).toBe(false);
      expect(cfg.title).toBe('Bäckerei-Bot');
      await setPlan('trial');
    });
  });
});
