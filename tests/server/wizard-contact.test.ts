import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { startTestSite, waitFor } from './fakeServers.ts';
import { openChat } from './publicSeed.ts';

/**
 * The registration wizard's person (first and last name, phone, the account's e-mail) becomes the
 * chatbot's default contact, so a hand-over in the widget names someone from the start.
 */
let s: TestServer;
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  [s, site] = await Promise.all([startTestServer(), startTestSite()]);
});
afterAll(async () => {
  await s?.close();
  await site?.close();
});

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const PERSONAL = { firstName: 'Erika', lastName: 'Mustermann', company: 'Bäckerei Sonnenschein', phone: '+49 221 123456', preferredLanguage: 'de' };

async function contacts(token: string, chatbotId: string) {
  const r = await s.api('GET', `/api/v1/contacts?filter=${q({ chatbotId })}&range=${q([0, 49])}`, { token });
  expect(r.status).toBe(200);
  return r.json as Array<{ id: string; name: string; email: string; phone: string; department: string; isDefault: boolean; overridesId: string | null }>;
}

async function createBot(user: { organization_id: string }, token: string) {
  const r = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: site.url, lang: 'de' } });
  expect(r.status).toBe(201);
  return r.json.id as string;
}

/** The initial setup crawls the local test site; tests wait for it so nothing runs on after them. */
async function setupDone(token: string, chatbotId: string) {
  return waitFor(async () => {
    const v = await s.api('GET', `/api/v1/chatbots/${chatbotId}/verify`, { token });
    return v.json.initialSetup === 'completed' || v.json.initialSetup === 'failed' ? v.json : null;
  }, 60_000, 50);
}

describe('the wizard person as the default contact', () => {
  it('personal data, then the chatbot: the default contact is listed and named in a hand-over; repeated calls keep one', async () => {
    const { user, token, email } = await s.createUser();
    const patch = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: PERSONAL });
    expect(patch.status).toBe(200);
    const bot = await createBot(user, token);
    expect((await setupDone(token, bot)).initialSetup).toBe('completed');

    const list = await contacts(token, bot);
    expect(list).toEqual([
      expect.objectContaining({ name: 'Erika Mustermann', email, phone: '+49 221 123456', department: 'Kundenservice', isDefault: true, overridesId: null }),
    ]);

    // The wizard's calls again (the browser's back button, a retry): still one contact.
    expect((await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: PERSONAL })).status).toBe(200);
    const again = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: site.url, lang: 'de' } });
    expect(again.status).toBe(409);
    expect((await contacts(token, bot)).map((c) => c.id)).toEqual([list[0].id]);

    // The widget: a question the site does not answer hands over to that person, not "contact the company directly".
    const chat = await openChat(s, bot);
    const r = await chat.ask('Wie weit ist der Mond von der Erde entfernt?');
    expect(r.status).toBe(200);
    expect(r.json.answeredBy).toBe('fallback');
    expect(r.json.contact).toMatchObject({ name: 'Erika Mustermann', email, phone: '+49 221 123456', department: 'Kundenservice' });
    expect(r.json.answer).toContain('Erika Mustermann');
    expect(r.json.answer).toContain(email);
    expect(r.json.answer).not.toContain('direkt an das Unternehmen');
  });

  it('the chatbot first, personal data later (English): created then, follows the data until the customer edits it, never comes back once deleted', async () => {
    const { user, token, email } = await s.createUser();
    const bot = await createBot(user, token);
    expect(await contacts(token, bot)).toEqual([]); // no name, no phone yet: nothing to make a contact of

    // Two saves at once still make one contact.
    const body = { ...PERSONAL, firstName: 'John', lastName: 'Doe', preferredLanguage: 'en' };
    const [a, b] = await Promise.all([
      s.api('PATCH', `/api/v1/users/${user.id}`, { token, body }),
      s.api('PATCH', `/api/v1/users/${user.id}`, { token, body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    let list = await contacts(token, bot);
    expect(list).toEqual([expect.objectContaining({ name: 'John Doe', email, phone: '+49 221 123456', department: 'Customer service', isDefault: true })]);

    // Untouched by the customer, it follows the personal data.
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { phone: '+49 221 999999' } });
    list = await contacts(token, bot);
    expect(list).toEqual([expect.objectContaining({ name: 'John Doe', phone: '+49 221 999999' })]);

    // Edited by the customer, it is theirs: a later save of the profile leaves it alone.
    const put = await s.api('PUT', `/api/v1/contacts/${list[0].id}`, {
      token, body: { ...list[0], name: 'Johnny Doe', department: 'Sales' },
    });
    expect(put.status).toBe(200);
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { firstName: 'Jonathan', phone: '+49 221 555555' } });
    list = await contacts(token, bot);
    expect(list).toEqual([expect.objectContaining({ name: 'Johnny Doe', department: 'Sales', phone: '+49 221 999999', isDefault: true })]);

    // Deleted by the customer, it is not brought back by the next save.
    expect((await s.api('DELETE', `/api/v1/contacts/${list[0].id}`, { token })).status).toBe(200);
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { firstName: 'John' } });
    expect(await contacts(token, bot)).toEqual([]);
    await setupDone(token, bot);
  });

  it("a default contact the customer created first is neither replaced nor joined by the wizard's person", async () => {
    const { user, token } = await s.createUser();
    const bot = await createBot(user, token);
    const own = await s.api('POST', '/api/v1/contacts', {
      token, body: { chatbotId: bot, name: 'Anna Schmidt', email: 'anna@baeckerei.example', phone: '+49 30 1234567', department: 'Verkauf' },
    });
    expect(own.status).toBe(201);
    expect(own.json.isDefault).toBe(true);
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: PERSONAL });
    expect(await contacts(token, bot)).toEqual([expect.objectContaining({ id: own.json.id, name: 'Anna Schmidt', isDefault: true })]);
    await setupDone(token, bot);
    const r = await (await openChat(s, bot)).ask('Wie weit ist der Mond von der Erde entfernt?');
    expect(r.json.contact).toMatchObject({ name: 'Anna Schmidt' });
  });

  it('a new default the customer sets later wins; the wizard contact stays as a plain contact and is not updated any more', async () => {
    const { user, token } = await s.createUser();
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: PERSONAL });
    const bot = await createBot(user, token);
    const [wizard] = await contacts(token, bot);
    expect(wizard).toMatchObject({ name: 'Erika Mustermann', isDefault: true });
    const own = await s.api('POST', '/api/v1/contacts', {
      token, body: { chatbotId: bot, name: 'Anna Schmidt', email: 'anna@baeckerei.example', phone: '+49 30 1234567', department: 'Verkauf', isDefault: true },
    });
    expect(own.status).toBe(201);
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { lastName: 'Musterfrau' } });
    const list = await contacts(token, bot);
    expect(list).toHaveLength(2);
    expect(list.find((c) => c.isDefault)).toMatchObject({ id: own.json.id, name: 'Anna Schmidt' });
    expect(list.find((c) => c.id === wizard.id)).toMatchObject({ name: 'Erika Mustermann', isDefault: false });
    await setupDone(token, bot);
  });

  it('without a valid phone no contact is made (the contact schema requires one); the save that brings the phone makes it', async () => {
    const { user, token, email } = await s.createUser();
    // Names only (an API client, or an account from an external issuer whose phone was never saved).
    expect((await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { firstName: 'Erika', lastName: 'Mustermann' } })).status).toBe(200);
    const bot = await createBot(user, token);
    expect(await contacts(token, bot)).toEqual([]);
    // A phone stored before the rule existed does not pass the contact rule either.
    await s.db.query(`update users set phone = '12' where id = $1`, [user.id]);
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { company: 'Bäckerei' } });
    expect(await contacts(token, bot)).toEqual([]);
    const bad = await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { phone: '12' } });
    expect(bad.status).toBe(400);
    expect(await contacts(token, bot)).toEqual([]);
    await s.api('PATCH', `/api/v1/users/${user.id}`, { token, body: { phone: '0221 123456' } });
    expect(await contacts(token, bot)).toEqual([expect.objectContaining({ name: 'Erika Mustermann', email, phone: '0221 123456', isDefault: true })]);
    await setupDone(token, bot);
  });
});

describe('bad input and other tenants', () => {
  it('400 for bad personal data and contacts, 404 for another tenant, never 500, nothing written', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    await s.api('PATCH', `/api/v1/users/${a.user.id}`, { token: a.token, body: PERSONAL });
    const bot = await createBot(a.user, a.token);
    const [contact] = await contacts(a.token, bot);
    const count = async () => (await s.db.query<{ n: number }>('select count(*)::int n from contacts')).rows[0].n;
    const before = await count();

    for (const body of [
      { firstName: 'Er\u0000ika' },
      { lastName: 'Muster\uD800mann' },
      { firstName: 5 },
      { firstName: '' },
      { phone: 12345678 },
      { phone: '+49\u0000221123456' },
      { preferredLanguage: 'fr' },
      { isAdmin: true },
      '"x"',
      '[]',
    ]) {
      const r = await s.api('PATCH', `/api/v1/users/${a.user.id}`, { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // Another tenant: the user, the chatbot's contacts, the contact itself.
    expect((await s.api('PATCH', `/api/v1/users/${a.user.id}`, { token: b.token, body: PERSONAL })).status).toBe(404);
    expect((await s.api('PATCH', '/api/v1/users/not-a-uuid', { token: b.token, body: PERSONAL })).status).toBe(404);
    expect((await s.api('POST', '/api/v1/chatbots', { token: b.token, body: { organizationId: a.user.organization_id, url: site.url, lang: 'de' } })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/contacts?filter=${q({ chatbotId: bot })}`, { token: b.token })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/contacts/${contact.id}`, { token: b.token })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/contacts/${contact.id}`, { token: b.token, body: { ...contact, name: 'X' } })).status).toBe(404);
    expect((await s.api('DELETE', `/api/v1/contacts/${contact.id}`, { token: b.token })).status).toBe(404);
    // Contacts with text PostgreSQL cannot store, or wrong types.
    const good = { chatbotId: bot, name: 'Max', email: 'max@example.test', phone: '+49 30 1234567', department: 'Verkauf' };
    for (const body of [{ ...good, name: 'M\u0000ax' }, { ...good, department: '\uDC00' }, { ...good, phone: 30123456 }, { ...good, email: 'max' }, { ...good, name: '' }, {}]) {
      const r = await s.api('POST', '/api/v1/contacts', { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await s.api('PUT', `/api/v1/contacts/${contact.id}`, { token: a.token, body: { ...contact, name: 'A\u0000' } })).status).toBe(400);
    for (const filter of [{ chatbotId: bot, department: 'a\u0000' }, { chatbotId: bot, q: 'a\u0000' }])
      expect((await s.api('GET', `/api/v1/contacts?filter=${q(filter)}`, { token: a.token })).status).toBe(400);

    expect(await count()).toBe(before);
    expect((await contacts(a.token, bot))[0]).toMatchObject({ name: 'Erika Mustermann', phone: '+49 221 123456' });
    await setupDone(a.token, bot);
  });
});
