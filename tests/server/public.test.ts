import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addPage, openChat } from './publicSeed.ts';

let s: TestServer;
let token: string;
let orgId: string;
let bot: string;

const pub = (path: string) => `/api/v1/public/chatbots${path}`;

beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  orgId = u.user.organization_id;
  bot = await createChatbot(s, orgId, { url: 'https://shop.example' });
  await addPage(s, bot, { url: 'https://shop.example/versand', title: 'Versand', text: 'Der Versand innerhalb Deutschlands kostet 4,90 Euro.' });
});
afterAll(() => s?.close());

describe('public chatbot config', () => {
  it('gives the German defaults for the default language', async () => {
    const r = await s.api('GET', pub(`/${bot}/config`));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ chatbotId: bot, lang: 'de', languages: ['de'], defaultLang: 'de', training: false });
    expect(r.json.config.placeholderText).toBe('Ihre Nachricht …');
    expect(r.json.config.showPoweredBy).toBe(true);
    expect(r.headers.get('cache-control')).toContain('max-age=30');
  });

  it('falls back to the default language for a language the chatbot does not speak', async () => {
    const r = await s.api('GET', pub(`/${bot}/config?lang=fr`));
    expect(r.json.lang).toBe('de');
  });

  it('serves a second language with its own defaults and matches regional variants', async () => {
    const other = await createChatbot(s, orgId);
    await s.db.query("insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'en', false)", [other]);
    const r = await s.api('GET', pub(`/${other}/config?lang=en-US`));
    expect(r.json.lang).toBe('en');
    expect(r.json.config.placeholderText).toBe('Your message …');
  });

  it('shows saved UI configuration to visitors', async () => {
    const put = await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, { token, body: { title: 'Shop-Hilfe', recommendedMessages: ['Was kostet der Versand?'] } });
    expect(put.status).toBe(200);
    const r = await s.api('GET', pub(`/${bot}/config`));
    expect(r.json.config.title).toBe('Shop-Hilfe');
    expect(r.json.config.recommendedMessages).toEqual(['Was kostet der Versand?']);
  });

  it('answers 404 for an unknown chatbot and 400 for a malformed id', async () => {
    expect((await s.api('GET', pub('/00000000-0000-4000-8000-000000000000/config'))).status).toBe(404);
    const bad = await s.api('GET', pub('/not-a-uuid/config'));
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('ValidationFailed');
  });

  it('tells the demo page that the first training is still running', async () => {
    const b = await createChatbot(s, orgId);
    await s.db.query("update chatbots set initial_setup = 'running' where id = $1", [b]);
    expect((await s.api('GET', pub(`/${b}/config`))).json.training).toBe(true);
  });
});

describe('conversations', () => {
  it('starts a chat, answers, and records it as an unread general chat', async () => {
    const chat = await openChat(s, bot, { source: 'demo' });
    const r = await chat.ask('Was kostet der Versand?');
    expect(r.status).toBe(200);
    expect(r.json.answer).toContain('4,90 Euro');
    expect(r.json.sources[0].url).toBe('https://shop.example/versand');
    const row = (await s.db.query<any>('select * from chats where id = $1', [chat.chatId])).rows[0];
    expect(row).toMatchObject({ chatbot_id: bot, organization_id: orgId, lang: 'de', category: 'general', read: false, source: 'demo', message_count: 1 });
  });

  it('refuses empty, too long and unknown-field messages', async () => {
    const chat = await openChat(s, bot);
    expect((await chat.ask('   ')).status).toBe(400);
    const long = await chat.ask('x'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.json.error).toBe('ValidationFailed');
    const extra = await s.api('POST', pub(`/${bot}/chats/${chat.chatId}/messages`), { body: { text: 'hi', admin: true } });
    expect(extra.status).toBe(400);
    expect((await s.db.query<any>('select count(*)::int as n from messages where chat_id = $1', [chat.chatId])).rows[0].n).toBe(0);
  });

  it("does not let a chat be used through another chatbot's id", async () => {
    const chat = await openChat(s, bot);
    const other = await createChatbot(s, orgId);
    const r = await s.api('POST', pub(`/${other}/chats/${chat.chatId}/messages`), { body: { text: 'Hallo' } });
    expect(r.status).toBe(404);
    expect((await s.api('POST', pub(`/${bot}/chats/00000000-0000-4000-8000-000000000000/messages`), { body: { text: 'Hallo' } })).status).toBe(404);
  });
});

describe('subscription and quota', () => {
  it('stops answering when the subscription is no longer valid', async () => {
    const u = await s.createUser();
    const b = await createChatbot(s, u.user.organization_id);
    const chat = await openChat(s, b);
    await s.db.query("update subscriptions set trial_ends_at = now() - interval '1 day' where organization_id = $1", [u.user.organization_id]);
    const cfg = await s.api('GET', pub(`/${b}/config`));
    expect(cfg.status).toBe(403);
    expect(cfg.json.error).toBe('SubscriptionExpired');
    expect(cfg.json.details.visitorMessage).toBe('Dieser Chatbot ist zurzeit nicht verfügbar.');
    const r = await chat.ask('Hallo?');
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('SubscriptionExpired');
    expect((await s.api('POST', pub(`/${b}/chats`), { body: {} })).status).toBe(403);
  });

  /** A new customer with a chatbot whose monthly quota has `left` messages left; `used()` reads the month's count. */
  async function customerWithMessagesLeft(left: number) {
    const u = await s.createUser();
    const b = await createChatbot(s, u.user.organization_id);
    const limit = (await s.db.query<any>("select monthly_messages from plans where id = 'trial'")).rows[0].monthly_messages;
    await s.db.query(
      `insert into message_usage(organization_id, month, messages) values ($1, date_trunc('month', now() at time zone 'UTC')::date, $2)`,
      [u.user.organization_id, limit - left],
    );
    const used = async () =>
      (await s.db.query<any>('select messages from message_usage where organization_id = $1', [u.user.organization_id])).rows[0].messages;
    return { b, limit, used };
  }

  it('counts widget and demo messages against the monthly quota and then refuses with a visitor text', async () => {
    // Two messages below the limit: one from the demo page, one from the widget.
    const { b, limit, used } = await customerWithMessagesLeft(2);
    const demo = await openChat(s, b, { source: 'demo' });
    expect((await demo.ask('Erste Frage')).status).toBe(200);
    const widget = await openChat(s, b);
    expect((await widget.ask('Zweite Frage')).status).toBe(200);
    const over = await widget.ask('Dritte Frage');
    expect(over.status).toBe(429);
    expect(over.json.error).toBe('MessageQuotaReached');
    expect(over.json.details.visitorMessage).toContain('Nachrichtenkontingent');
    expect(await used()).toBe(limit);
    expect((await s.db.query<any>('select count(*)::int as n from messages where chatbot_id = $1', [b])).rows[0].n).toBe(2);
  });

  it('answers exactly the messages left in the quota when many arrive at once', async () => {
    const { b, limit, used } = await customerWithMessagesLeft(3);
    const chats = await Promise.all(Array.from({ length: 8 }, () => openChat(s, b)));
    const statuses = (await Promise.all(chats.map((c, i) => c.ask(`Frage ${i}`)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await used()).toBe(limit);
    expect((await s.db.query<any>('select count(*)::int as n from messages where chatbot_id = $1', [b])).rows[0].n).toBe(3);
  });

  it('counts nothing against the quota for a chat that is unknown or another chatbot\'s', async () => {
    const u = await s.createUser();
    const b = await createChatbot(s, u.user.organization_id);
    const other = await createChatbot(s, (await s.createUser()).user.organization_id);
    const foreign = await openChat(s, other);
    const used = async () =>
      (await s.db.query<any>('select coalesce(sum(messages), 0)::int as n from message_usage where organization_id = $1', [u.user.organization_id])).rows[0].n;
    const ask = (chatId: string) => s.api('POST', pub(`/${b}/chats/${chatId}/messages`), { body: { text: 'Hallo?' } });
    expect((await ask(crypto.randomUUID())).status).toBe(404);
    expect((await ask(foreign.chatId)).status).toBe(404);
    expect(await used()).toBe(0);
    const mine = await openChat(s, b);
    expect((await mine.ask('Hallo?')).status).toBe(200);
    expect(await used()).toBe(1);
  });

  it('never exceeds the quota under concurrent messages', async () => {
    const { b } = await customerWithMessagesLeft(3);
    const chats = await Promise.all([0, 1, 2, 3, 4].map((i) => openChat(s, b, { headers: { 'x-forwarded-for': `10.9.0.${i}` } })));
    const results = await Promise.all(chats.map((c) => c.ask('Frage')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('allowed origins', () => {
  let restricted: string;
  beforeAll(async () => {
    restricted = await createChatbot(s, orgId);
    const r = await s.api('PUT', `/api/v1/uiconfig/${restricted}/settings`, { token, body: { allowedOrigins: ['https://www.kunde.example/some/page'] } });
    expect(r.json.allowedOrigins).toEqual(['https://www.kunde.example']);
  });

  it('serves an allowed site with CORS headers for that origin', async () => {
    const r = await s.api('GET', pub(`/${restricted}/config`), { headers: { origin: 'https://www.kunde.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://www.kunde.example');
  });

  it('answers the preflight of an allowed site and not of another one', async () => {
    const pre = await fetch(s.url + pub(`/${restricted}/chats`), {
      method: 'OPTIONS',
      headers: { origin: 'https://www.kunde.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://www.kunde.example');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    const evil = await fetch(s.url + pub(`/${restricted}/chats`), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses requests from another site, and does not record them', async () => {
    const r = await s.api('POST', pub(`/${restricted}/chats`), { body: {}, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('OriginNotAllowed');
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect((await s.db.query<any>('select count(*)::int as n from chats where chatbot_id = $1', [restricted])).rows[0].n).toBe(0);
  });

  it("always allows the product's own pages (preview and demo) and any site when the list is empty", async () => {
    expect((await s.api('GET', pub(`/${restricted}/config`), { headers: { origin: s.url } })).status).toBe(200);
    const open = await s.api('GET', pub(`/${bot}/config`), { headers: { origin: 'https://anything.example' } });
    expect(open.status).toBe(200);
    expect(open.headers.get('access-control-allow-origin')).toBe('https://anything.example');
  });

  it('validates the origin list and keeps it per tenant', async () => {
    expect((await s.api('PUT', `/api/v1/uiconfig/${restricted}/settings`, { token, body: { allowedOrigins: ['javascript:alert(1)'] } })).status).toBe(400);
    const other = await s.createUser();
    expect((await s.api('GET', `/api/v1/uiconfig/${restricted}/settings`, { token: other.token })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/uiconfig/${restricted}/settings`, { token: other.token, body: { allowedOrigins: [] } })).status).toBe(404);
  });
});

describe('lead form', () => {
  let chatId: string;
  const lead = (body: unknown) => s.api('POST', pub(`/${bot}/chats/${chatId}/lead`), { body });

  beforeAll(async () => {
    chatId = (await openChat(s, bot)).chatId;
  });

  it('is refused while contact collection is off', async () => {
    const r = await lead({ name: 'Eva Muster', email: 'eva@example.test', consent: true });
    expect(r.status).toBe(403);
  });

  it('validates required fields, formats, consent and unknown fields on the server', async () => {
    const put = await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, {
      token,
      body: { collectContacts: true, leadForm: { phoneNumber: { enabled: true, required: true }, city: { enabled: false, required: false } } },
    });
    expect(put.status).toBe(200);
    const missing = await lead({ name: 'Eva Muster', consent: true });
    expect(missing.status).toBe(400);
    expect(missing.json.details.map((d: any) => d.path).sort()).toEqual(['email', 'phoneNumber']);
    const badEmail = await lead({ name: 'Eva', email: 'eva@', phoneNumber: '+49 30 123456', consent: true });
    expect(badEmail.json.details).toEqual([expect.objectContaining({ path: 'email', message: 'invalid email' })]);
    const badPhone = await lead({ name: 'Eva', email: 'eva@example.test', phoneNumber: 'call me', consent: true });
    expect(badPhone.json.details).toEqual([expect.objectContaining({ path: 'phoneNumber', message: 'invalid phone' })]);
    expect((await lead({ name: 'Eva', email: 'eva@example.test', phoneNumber: '+49 30 123456' })).status).toBe(400);
    expect((await lead({ name: 'Eva', email: 'eva@example.test', phoneNumber: '+49 30 123456', city: 'Berlin', consent: true })).status).toBe(400);
    expect((await lead({ name: 'Eva', email: 'eva@example.test', phoneNumber: '+49 30 123456', hacker: 1, consent: true })).status).toBe(400);
    expect((await s.db.query<any>('select lead from chats where id = $1', [chatId])).rows[0].lead).toBeNull();
  });

  it('stores a valid lead and files the chat under contact', async () => {
    const r = await lead({ name: 'Eva Müller', email: 'eva@example.test', phoneNumber: '+49 30 123456', consent: true });
    expect(r.status).toBe(200);
    expect(r.json.category).toBe('contact');
    const row = (await s.db.query<any>('select lead, category, lead_submitted_at from chats where id = $1', [chatId])).rows[0];
    expect(row.lead).toEqual({ name: 'Eva Müller', email: 'eva@example.test', phoneNumber: '+49 30 123456' });
    expect(row.category).toBe('contact');
    expect(row.lead_submitted_at).not.toBeNull();
  });

  it('asks for the lead form after the configured number of messages', async () => {
    await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, { token, body: { leadFormTriggerCount: 2 } });
    const chat = await openChat(s, bot);
    expect((await chat.ask('Was kostet der Versand?')).json.showLeadForm).toBe(false);
    expect((await chat.ask('Und nach Österreich?')).json.showLeadForm).toBe(true);
  });
});

describe('widget files', () => {
  it('serves the loader and the chat interface to any site with their cache rules', async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'widget/build.ts'], { stdio: 'pipe' });
    const loader = await fetch(`${s.url}/widget.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toContain('javascript');
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await loader.text()).toContain('data-chatbot-id');
    const chat = await fetch(`${s.url}/widget-chat.js`);
    expect(chat.status).toBe(200);
    expect(chat.headers.get('cache-control')).toContain('immutable');
  });
});
