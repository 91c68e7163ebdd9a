import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { openChat } from './publicSeed.ts';

let s: TestServer;
let bot: string;

beforeAll(async () => {
  s = await startTestServer({ WIDGET_RATE_PER_VISITOR: '3', WIDGET_RATE_PER_CHATBOT: '6' });
  const { user } = await s.createUser();
  bot = await createChatbot(s, user.organization_id);
});
afterAll(() => s?.close());

describe('rate limits of the widget API', () => {
  it('limits one visitor, with a visitor text, without limiting the next visitor', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.1', 'accept-language': 'de-DE,de;q=0.9' };
    const chat = await openChat(s, bot, { headers: ip }); // 1
    expect((await chat.ask('eins')).status).toBe(200); // 2
    expect((await chat.ask('zwei')).status).toBe(200); // 3
    const limited = await chat.ask('drei');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('RateLimited');
    expect(limited.json.details.visitorMessage).toContain('Bitte warten Sie');
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // The refused message was neither answered nor recorded.
    expect((await s.db.query<any>('select count(*)::int as n from messages where chat_id = $1', [chat.chatId])).rows[0].n).toBe(2);
    const other = await openChat(s, bot, { headers: { 'x-forwarded-for': '203.0.113.2' } }); // 4 for the chatbot
    expect((await other.ask('hallo')).status).toBe(200); // 5
  });

  it('limits the whole chatbot across visitors, but not other chatbots', async () => {
    const third = await openChat(s, bot, { headers: { 'x-forwarded-for': '203.0.113.3' } }); // 6 for the chatbot
    const r = await third.ask('noch eine'); // 7
    expect(r.status).toBe(429);
    const { user } = await s.createUser();
    const otherBot = await createChatbot(s, user.organization_id);
    const chat = await openChat(s, otherBot, { headers: { 'x-forwarded-for': '203.0.113.3' } });
    expect((await chat.ask('hallo')).status).toBe(200);
  });

  it('does not limit reading the config', async () => {
    for (let i = 0; i < 8; i++) expect((await s.api('GET', `/api/v1/public/chatbots/${bot}/config`, { headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(200);
  });
});
