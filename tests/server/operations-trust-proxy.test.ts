import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

/**
 * TRUST_PROXY decides whose X-Forwarded-* headers count: the per-visitor widget limit keys on
 * request.ip. The identity provider's endpoint URLs come from PUBLIC_URL whatever the setting (issue 14).
 * The test client connects from 127.0.0.1.
 */
const servers: Record<'off' | 'otherProxy' | 'loopback', { s: TestServer; bot: string }> = {} as never;
const settings = { off: undefined, otherProxy: '10.9.9.9', loopback: '127.0.0.1' };

beforeAll(async () => {
  await Promise.all(
    Object.entries(settings).map(async ([name, TRUST_PROXY]) => {
      const s = await startTestServer({
        WIDGET_RATE_PER_VISITOR: '3',
        WIDGET_RATE_PER_CHATBOT: '1000',
        ...(TRUST_PROXY ? { TRUST_PROXY } : {}),
      });
      const { user } = await s.createUser();
      servers[name as keyof typeof servers] = { s, bot: await createChatbot(s, user.organization_id) };
    }),
  );
});
afterAll(() => Promise.all(Object.values(servers).map(({ s }) => s.close())));

/** Starts one widget chat per forwarded address; the answers' statuses. */
async function startChats(name: keyof typeof servers, forwardedFor: string[]) {
  const { s, bot } = servers[name];
  const statuses: number[] = [];
  for (const address of forwardedFor) {
    const r = await s.api('POST', `/api/v1/public/chatbots/${bot}/chats`, { body: {}, headers: { 'x-forwarded-for': address } });
    statuses.push(r.status);
  }
  return statuses;
}

const rotating = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];

async function discovery(name: keyof typeof servers) {
  const r = await servers[name].s.api('GET', '/oidc/.well-known/openid-configuration', {
    headers: { 'x-forwarded-host': 'chat.example.com', 'x-forwarded-proto': 'https' },
  });
  expect(r.status).toBe(200);
  return new URL(r.json.authorization_endpoint);
}

describe('TRUST_PROXY', () => {
  it('off (the default): a client rotating X-Forwarded-For is still one visitor to the rate limit', async () => {
    expect(servers.off.s.config.TRUST_PROXY).toBe(false);
    expect(await startChats('off', rotating)).toEqual([201, 201, 201, 429, 429]);
  });

  it('set to a proxy the client is not: its X-Forwarded-For does not count either', async () => {
    expect(await startChats('otherProxy', rotating)).toEqual([201, 201, 201, 429, 429]);
  });

  it('set to the address the requests come from: each forwarded address is its own visitor, each limited', async () => {
    expect(await startChats('loopback', rotating)).toEqual([201, 201, 201, 201, 201]);
    expect(await startChats('loopback', ['198.51.100.7', '198.51.100.7', '198.51.100.7', '198.51.100.7'])).toEqual([201, 201, 201, 429]);
  });

  it('the identity provider follows PUBLIC_URL, not forwarded host and protocol, even from a trusted proxy', async () => {
    for (const name of ['off', 'otherProxy', 'loopback'] as const) {
      const url = await discovery(name);
      expect(url.href, name).toBe(`${servers[name].s.config.publicUrl}/oidc/auth`);
    }
  });
});
