import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeChatbotUrl } from '../../contract/chatbotUrl.ts';
import { isPrivateAddress } from '../../server/src/training/fetch.ts';
import { startTestServer, createChatbot, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const counts = async () =>
  JSON.stringify((await s.db.query(`select (select count(*) from chatbots) as bots, (select count(*) from chatbot_languages) as langs,
    (select count(*) from users where first_name <> '') as named`)).rows[0]);

describe('the URL rule', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com', 'https://www.example.com'],
    ['http://example.com', 'https://example.com'],
    ['HTTP://Example.com/Shop?x=1', 'https://example.com/Shop?x=1'],
    ['https://example.com/', 'https://example.com/'],
    ['  shop.example.co.uk/de  ', 'https://shop.example.co.uk/de'],
    ['example.com:8080/a', 'https://example.com:8080/a'],
  ])('%s → %s', (input, out) => {
    expect(normalizeChatbotUrl(input)).toEqual({ ok: true, url: out });
  });
  it.each([
    ['', 'required'],
    ['https://example.com/#contact', 'hash'],
    ['example.com#', 'hash'],
    ['localhost', 'invalid'],
    ['ftp://example.com', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['https://user:pw@example.com', 'invalid'],
    ['exa mple.com', 'invalid'],
    ['https://.com', 'invalid'],
    ['example..com', 'invalid'],
  ])('%s is refused (%s)', (input, problem) => {
    expect(normalizeChatbotUrl(input)).toEqual({ ok: false, problem });
  });
});

describe('private addresses', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])(
    '%s is private',
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1'])('%s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe('bad bodies get 400 with a key and write nothing', () => {
  it('POST chatbots', async () => {
    const { user, token } = await s.createUser();
    const org = user.organization_id;
    const before = await counts();
    const cases: [string | object, number, string, string?][] = [
      ['{"organizationId":', 400, 'InvalidJson'],
      ['', 400, 'InvalidJson'],
      [{ organizationId: org, url: 'https://example.com/#top', lang: 'de' }, 400, 'ValidationFailed', 'url'],
      [{ organizationId: org, url: 'localhost', lang: 'de' }, 400, 'ValidationFailed', 'url'],
      [{ organizationId: org, url: '', lang: 'de' }, 400, 'ValidationFailed', 'url'],
      [{ organizationId: org, url: 42, lang: 'de' }, 400, 'ValidationFailed', 'url'],
      [{ organizationId: 'not-a-uuid', url: 'example.com', lang: 'de' }, 400, 'ValidationFailed', 'organizationId'],
      [{ organizationId: org, url: 'example.com' }, 400, 'ValidationFailed', 'lang'],
      [{ organizationId: org, url: 'example.com', lang: 'de', plan: 'enterprise' }, 400, 'ValidationFailed'],
      [{ organizationId: org, url: 'example.com', lang: 'klingon' }, 400, 'LanguageNotAvailable'],
      [[1, 2], 400, 'ValidationFailed'],
    ];
    for (const [body, status, key, field] of cases) {
      const r = await s.api('POST', '/api/v1/chatbots', { token, body });
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.error, JSON.stringify(body)).toBe(key);
      if (field) expect(r.json.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const text = await s.api('POST', '/api/v1/chatbots', { token, body: 'url=example.com', headers: { 'content-type': 'text/plain' } });
    // Fastify reads text/plain as a string: it is not the object the schema wants.
    expect(text.status).toBe(400);
    expect(text.json.error).toBe('ValidationFailed');
    expect(await counts()).toBe(before);
  });

  it('forces https: http:// and a bare host are stored as https', async () => {
    for (const [input, stored] of [['http://bakery.example.test/de', 'https://bakery.example.test/de'], ['bakery.example.test', 'https://bakery.example.test']]) {
      const { user, token } = await s.createUser();
      const r = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: input, lang: 'de' } });
      expect(r.status).toBe(201);
      const row = await s.db.query<{ url: string }>('select url from chatbots where id = $1', [r.json.id]);
      expect(row.rows[0].url).toBe(stored);
    }
  });

  it('PATCH users and the languages calls', async () => {
    const { user, token } = await s.createUser();
    const bot = await createChatbot(s, user.organization_id);
    const before = await counts();
    const expectBad = async (method: string, path: string, body: unknown, key: string) => {
      const r = await s.api(method, path, { token, body });
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.json.error).toBe(key);
      expect(typeof r.json.message).toBe('string');
    };
    await expectBad('PATCH', `/api/v1/users/${user.id}`, '{"firstName": "Anna"', 'InvalidJson');
    await expectBad('PATCH', `/api/v1/users/${user.id}`, { firstName: ['Anna'] }, 'ValidationFailed');
    await expectBad('PATCH', `/api/v1/users/${user.id}`, { firstName: 'Anna', email: 'x@y.z' }, 'ValidationFailed');
    await expectBad('POST', `/api/v1/languages/${bot}`, '{lang: en}', 'InvalidJson');
    await expectBad('POST', `/api/v1/languages/${bot}`, { lang: 7 }, 'ValidationFailed');
    await expectBad('POST', `/api/v1/languages/${bot}`, { lang: 'en', isDefault: true }, 'ValidationFailed');
    await expectBad('POST', `/api/v1/languages/${bot}`, { lang: 'xx' }, 'LanguageNotAvailable');
    await expectBad('PATCH', `/api/v1/languages/${bot}/de`, { isDefault: 'yes' }, 'ValidationFailed');
    expect(await counts()).toBe(before);
  });

  it('a body too large is 413 FileTooLarge', async () => {
    const { user, token } = await s.createUser();
    const r = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { firstName: 'x'.repeat(2 * 1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.json.error).toBe('FileTooLarge');
  });

  it('no token, an empty token and a forged token are refused on every call', async () => {
    const paths = ['/api/v1/users/lookup', '/api/v1/languages', '/api/v1/chatbots/screenshot?url=example.com', '/api/v1/translations?lang=en&message=x'];
    for (const p of paths) {
      expect((await s.api('GET', p)).json.error).toBe('NoToken');
      expect((await s.api('GET', p, { headers: { authorization: 'Bearer ' } })).json.error).toBe('NoToken');
      expect((await s.api('GET', p, { token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' })).status).toBe(401);
    }
  });
});
