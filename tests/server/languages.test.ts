import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_POOL } from '../../contract/api/account.ts';
import { startTestServer, createChatbot, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

async function customer() {
  const u = await s.createUser();
  const bot = await createChatbot(s, u.user.organization_id, { lang: 'de' });
  return { ...u, bot, path: `/api/v1/languages/${bot}` };
}
const rows = async (bot: string) =>
  (await s.db.query<{ lang: string; is_default: boolean }>('select lang, is_default from chatbot_languages where chatbot_id = $1 order by created_at, lang', [bot])).rows;

describe('GET languages and languages/translation', () => {
  it('lists exactly the 40 codes of the pool', async () => {
    const { token } = await s.createUser();
    const r = await s.api('GET', '/api/v1/languages', { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([...LANGUAGE_POOL]);
    expect(r.json).toHaveLength(40);
    expect(r.json).toContain('italian');
  });

  it('has no translation targets while no translation provider is configured', async () => {
    const { token } = await s.createUser();
    const r = await s.api('GET', '/api/v1/languages/translation', { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([]);
  });
});

describe("a chatbot's languages", () => {
  it('lists, appends (italian shown as it), sets the default and deletes', async () => {
    const c = await customer();
    const list = await s.api('GET', c.path, { token: c.token });
    expect(list.json).toEqual([{ lang: 'de', isDefault: true, name: 'German', alias: 'de' }]);

    const add = await s.api('POST', c.path, { token: c.token, body: { lang: 'italian' } });
    expect(add.status).toBe(201);
    expect(add.json).toEqual([
      { lang: 'de', isDefault: true, name: 'German', alias: 'de' },
      { lang: 'italian', isDefault: false, name: 'Italian', alias: 'it' },
    ]);

    const def = await s.api('PATCH', `${c.path}/italian`, { token: c.token, body: { isDefault: true } });
    expect(def.status).toBe(200);
    expect(def.json.map((l: { lang: string; isDefault: boolean }) => [l.lang, l.isDefault])).toEqual([['de', false], ['italian', true]]);
    // The chatbot's own language follows its default.
    expect((await s.api('GET', `/api/v1/chatbots/${c.bot}`, { token: c.token })).json.lang).toBe('italian');

    const del = await s.api('DELETE', `${c.path}/de`, { token: c.token });
    expect(del.status).toBe(200);
    expect(del.json).toEqual([{ lang: 'italian', isDefault: true, name: 'Italian', alias: 'it' }]);
    expect(await rows(c.bot)).toEqual([{ lang: 'italian', is_default: true }]);
  });

  it('refuses codes outside the pool with LanguageNotAvailable (the alias it is not a code)', async () => {
    const c = await customer();
    for (const lang of ['xx', 'it', 'DE', 'de-DE', 'english']) {
      const r = await s.api('POST', c.path, { token: c.token, body: { lang } });
      expect(r.status, lang).toBe(400);
      expect(r.json.error).toBe('LanguageNotAvailable');
    }
    expect(await rows(c.bot)).toEqual([{ lang: 'de', is_default: true }]);
  });

  it('refuses a language twice with LanguageAlreadyAdded', async () => {
    const c = await customer();
    const r = await s.api('POST', c.path, { token: c.token, body: { lang: 'de' } });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe('LanguageAlreadyAdded');
  });

  it("enforces the plan's number of languages with PlanLimitReached", async () => {
    const c = await customer(); // trial: 2 languages
    expect((await s.api('POST', c.path, { token: c.token, body: { lang: 'en' } })).status).toBe(201);
    const over = await s.api('POST', c.path, { token: c.token, body: { lang: 'fr' } });
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({ error: 'PlanLimitReached', details: { limit: 'maxLanguages', max: 2 } });
    expect((await rows(c.bot)).map((r) => r.lang)).toEqual(['de', 'en']);
    // Business allows five.
    await s.db.query(`update subscriptions set plan_id = 'business', status = 'active' where organization_id = $1`, [c.user.organization_id]);
    for (const lang of ['fr', 'es', 'nl']) expect((await s.api('POST', c.path, { token: c.token, body: { lang } })).status).toBe(201);
    const six = await s.api('POST', c.path, { token: c.token, body: { lang: 'pl' } });
    expect(six.json).toMatchObject({ error: 'PlanLimitReached', details: { max: 5 } });
  });

  it('keeps the default (and so the last) language until another becomes default', async () => {
    const c = await customer();
    const last = await s.api('DELETE', `${c.path}/de`, { token: c.token });
    expect(last.status).toBe(409);
    expect(last.json.error).toBe('DefaultLanguageNotDeletable');
    await s.api('POST', c.path, { token: c.token, body: { lang: 'en' } });
    expect((await s.api('DELETE', `${c.path}/de`, { token: c.token })).status).toBe(409);
    expect((await s.api('DELETE', `${c.path}/fr`, { token: c.token })).status).toBe(404);
    expect((await s.api('PATCH', `${c.path}/fr`, { token: c.token, body: { isDefault: true } })).status).toBe(404);
    const notTrue = await s.api('PATCH', `${c.path}/en`, { token: c.token, body: { isDefault: false } });
    expect(notTrue.status).toBe(400);
    expect(notTrue.json.error).toBe('ValidationFailed');
    expect(await rows(c.bot)).toEqual([{ lang: 'de', is_default: true }, { lang: 'en', is_default: false }]);
  });

  it("answers 404 for another tenant's chatbot on every call, writing nothing", async () => {
    const a = await customer();
    const b = await customer();
    await s.api('POST', b.path, { token: b.token, body: { lang: 'en' } });
    expect((await s.api('GET', b.path, { token: a.token })).status).toBe(404);
    expect((await s.api('POST', b.path, { token: a.token, body: { lang: 'fr' } })).status).toBe(404);
    expect((await s.api('PATCH', `${b.path}/en`, { token: a.token, body: { isDefault: true } })).status).toBe(404);
    expect((await s.api('DELETE', `${b.path}/en`, { token: a.token })).status).toBe(404);
    expect((await s.api('GET', '/api/v1/languages/not-a-uuid', { token: a.token })).status).toBe(404);
    expect(await rows(b.bot)).toEqual([{ lang: 'de', is_default: true }, { lang: 'en', is_default: false }]);
  });
});
