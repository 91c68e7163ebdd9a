import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';

/**
 * CORS of the widget's public API: a chatbot that lists its sites answers those sites' browsers and
 * no other; a refused site's request changes nothing. The dashboard API grants no foreign origin.
 */
const OWN = 'https://www.kunde.example';
/** Look-alikes of the own origin and other sites a browser may send. */
const FOREIGN = [
  'https://evil.example',
  'https://www.kunde.example.evil.example',
  'https://evilwww.kunde.example',
  'http://www.kunde.example', // same host without TLS
  'https://www.kunde.example:8443',
  'https://kunde.example',
  'null', // sandboxed frames and file: pages
];

let s: TestServer;
let token: string;
let bot: string;
const pub = (p: string) => `/api/v1/public/chatbots/${bot}${p}`;
const chatsOf = async () => (await s.db.query<{ n: number }>('select count(*)::int as n from chats where chatbot_id = $1', [bot])).rows[0].n;

beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  bot = await createChatbot(s, u.user.organization_id);
  const r = await s.api('PUT', `/api/v1/uiconfig/${bot}/settings`, { token, body: { allowedOrigins: [OWN] } });
  expect(r.json.allowedOrigins).toEqual([OWN]);
});
afterAll(() => s?.close());

describe('CORS of the public widget API', () => {
  it("allows the chatbot's own site: config, a chat and its preflight, without credentials", async () => {
    const config = await s.api('GET', pub('/config'), { headers: { origin: OWN } });
    expect(config.status).toBe(200);
    expect(config.headers.get('access-control-allow-origin')).toBe(OWN);
    expect(config.headers.get('access-control-allow-credentials')).toBeNull();
    expect(config.headers.get('vary')).toMatch(/origin/i);
    const pre = await fetch(s.url + pub('/chats'), { method: 'OPTIONS', headers: { origin: OWN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(pre.headers.get('access-control-allow-origin')).toBe(OWN);
    const chat = await s.api('POST', pub('/chats'), { body: {}, headers: { origin: OWN } });
    expect(chat.status).toBe(201);
    expect(chat.headers.get('access-control-allow-origin')).toBe(OWN);
  });

  it.each(FOREIGN)('refuses %s: no CORS grant, no preflight grant, 403 and nothing recorded', async (origin) => {
    const before = await chatsOf();
    const config = await s.api('GET', pub('/config'), { headers: { origin } });
    expect(config.headers.get('access-control-allow-origin')).toBeNull();
    expect(config.status).toBe(403);
    const pre = await fetch(s.url + pub('/chats'), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const chat = await s.api('POST', pub('/chats'), { body: {}, headers: { origin } });
    expect(chat.status).toBe(403);
    expect(chat.json.error).toBe('OriginNotAllowed');
    expect(chat.headers.get('access-control-allow-origin')).toBeNull();
    expect(await chatsOf()).toBe(before);
  });

  it('the dashboard API grants no foreign origin, with or without a token', async () => {
    for (const origin of ['https://evil.example', OWN]) {
      const me = await s.api('GET', '/api/v1/users/me', { token, headers: { origin } });
      expect(me.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(me.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const pre = await fetch(`${s.url}/api/v1/users/me`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
