import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { openChat } from './publicSeed.ts';

let s: TestServer;

beforeAll(async () => {
  // The test client (127.0.0.1) stands in for the proxy, so X-Forwarded-For tells the visitors apart.
  s = await startTestServer({ WIDGET_RATE_PER_VISITOR: '3', WIDGET_RATE_PER_CHATBOT: '6', TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => s?.close());

/** The counters are kept per chatbot: a new one starts every test at zero, whatever ran before. */
async function freshChatbot() {
  const { user } = await s.createUser();
  return createChatbot(s, user.organization_id);
}
const visitor = (ip: string) => ({ 'x-forwarded-for': ip, 'accept-language': 'de-DE,de;q=0.9' });

describe('rate limits of the widget API (3 requests per visitor, 6 per chatbot, a minute each)', () => {
  it('limits one visitor, with a visitor text, without limiting the next visitor', async () => {
    const bot = await freshChatbot();
    const chat = await openChat(s, bot, { headers: visitor('203.0.113.1') }); // 1
    expect((await chat.ask('eins')).status).toBe(200); // 2
    expect((await chat.ask('zwei')).status).toBe(200); // 3
    const limited = await chat.ask('drei');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('RateLimited');
    expect(limited.json.details.visitorMessage).toContain('Bitte warten Sie');
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // The refused message was neither answered nor recorded.
    expect((await s.db.query<any>('select count(*)::int as n from messages where chat_id = $1', [chat.chatId])).rows[0].n).toBe(2);
    const other = await openChat(s, bot, { headers: visitor('203.0.113.2') });
    expect((await other.ask('hallo')).status).toBe(200);
  });

  it('limits the whole chatbot across visitors, but not other chatbots', async () => {
    const bot = await freshChatbot();
    // Three visitors, each within their own limit, use up the chatbot's six requests.
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const chat = await openChat(s, bot, { headers: visitor(ip) });
      expect((await chat.ask('hallo')).status).toBe(200);
    }
    const fourth = await s.api('POST', `/api/v1/public/chatbots/${bot}/chats`, { body: {}, headers: visitor('203.0.113.4') });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error).toBe('RateLimited');
    const chat = await openChat(s, await freshChatbot(), { headers: visitor('203.0.113.4') });
    expect((await chat.ask('hallo')).status).toBe(200);
  });

  it('does not limit reading the config', async () => {
    const bot = await freshChatbot();
    for (let i = 0; i < 8; i++) expect((await s.api('GET', `/api/v1/public/chatbots/${bot}/config`, { headers: visitor('203.0.113.1') })).status).toBe(200);
    // Nor do the reads count against the visitor's chat requests.
    const chat = await openChat(s, bot, { headers: visitor('203.0.113.1') });
    expect((await chat.ask('hallo')).status).toBe(200);
  });
});
