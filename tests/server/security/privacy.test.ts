import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../../../server/src/services/privacy.ts';
import { uiConfigRepo } from '../../../server/src/runtime/uiConfigRepo.ts';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';
import { openChat } from '../publicSeed.ts';

let s: TestServer;
let uploads: string;

beforeAll(async () => {
  uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'privacy-uploads-'));
  s = await startTestServer({ UPLOAD_DIR: uploads });
});
afterAll(async () => {
  await s?.close();
  await fs.rm(uploads, { recursive: true, force: true });
});

async function customer() {
  const u = await s.createUser();
  const chatbotId = await createChatbot(s, u.user.organization_id);
  return { ...u, chatbotId, orgId: u.user.organization_id };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const monthsAgo = (m: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - m);
  return d.toISOString();
};

/** A chat of `visitor` with `questions` asked at `at`, written as the runtime writes it. */
async function seedChat(bot: Customer, opts: { visitor: string; questions?: string[]; at?: string; lead?: Record<string, string> }) {
  const at = opts.at ?? new Date().toISOString();
  const questions = opts.questions ?? ['Wann habt ihr offen?'];
  const chat = await s.db.query<{ id: string }>(
    `insert into chats(chatbot_id, organization_id, visitor_id, lang, lead, lead_submitted_at, created_at, last_message_at, message_count)
     values ($1, $2, $3, 'de', $4::jsonb, $5, $6, $6, $7) returning id`,
    [bot.chatbotId, bot.orgId, opts.visitor, opts.lead ? JSON.stringify(opts.lead) : null, opts.lead ? at : null, at, questions.length],
  );
  for (const q of questions)
    await s.db.query('insert into messages(chat_id, chatbot_id, organization_id, question, answer, created_at) values ($1, $2, $3, $4, $5, $6)', [
      chat.rows[0].id, bot.chatbotId, bot.orgId, q, 'Antwort', at,
    ]);
  return chat.rows[0].id;
}

const count = async (sql: string, params: unknown[]) => (await s.db.query<{ n: number }>(sql, params)).rows[0].n;
const chatsOf = (chatbotId: string) => count('select count(*)::int n from chats where chatbot_id = $1', [chatbotId]);
const messagesOf = (chatbotId: string) => count('select count(*)::int n from messages where chatbot_id = $1', [chatbotId]);

/** The figures of the dashboard's statistics that must survive a deletion. */
async function figures(bot: Customer) {
  const r = await s.api('GET', `/api/v1/statistics?chatbotId=${bot.chatbotId}&tz=UTC`, { token: bot.token });
  expect(r.status).toBe(200);
  return {
    totals: r.json.totals,
    messagesThisMonth: r.json.messagesThisMonth,
    perDay: r.json.messagesPerDay.reduce((n: number, d: { count: number }) => n + d.count, 0),
  };
}

const visitorData = (action: 'export' | 'delete', token: string, body: unknown) =>
  s.api('POST', `/api/v1/chats/visitor-data/${action}`, { token, body });

describe('retention period', () => {
  it('is 12 months by default, can be shortened to 1–12 months, and belongs to the chatbot’s tenant', async () => {
    const a = await customer();
    const b = await customer();
    const get = await s.api('GET', `/api/v1/privacy-settings/${a.chatbotId}`, { token: a.token });
    expect(get.status).toBe(200);
    expect(get.json).toEqual({ id: a.chatbotId, chatbotId: a.chatbotId, retentionMonths: 12 });
    const put = await s.api('PUT', `/api/v1/privacy-settings/${a.chatbotId}`, { token: a.token, body: { ...get.json, retentionMonths: 3 } });
    expect(put.status).toBe(200);
    expect((await s.api('GET', `/api/v1/privacy-settings/${a.chatbotId}`, { token: a.token })).json.retentionMonths).toBe(3);
    for (const retentionMonths of [0, 13, 2.5, '6', null, -1])
      expect((await s.api('PUT', `/api/v1/privacy-settings/${a.chatbotId}`, { token: a.token, body: { retentionMonths } })).status).toBe(400);
    expect((await s.api('PUT', `/api/v1/privacy-settings/${a.chatbotId}`, { token: a.token, body: {} })).status).toBe(400);
    expect((await s.api('GET', `/api/v1/privacy-settings/${a.chatbotId}`, { token: b.token })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/privacy-settings/${a.chatbotId}`, { token: b.token, body: { retentionMonths: 1 } })).status).toBe(404);
    expect((await s.api('GET', '/api/v1/privacy-settings/not-an-id', { token: a.token })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/privacy-settings/${a.chatbotId}`)).status).toBe(401);
    expect((await s.api('GET', `/api/v1/privacy-settings/${a.chatbotId}`, { token: a.token })).json.retentionMonths).toBe(3);
  });

  it('the job deletes chats, messages and leads past the period, keeps newer ones and the statistics’ counts', async () => {
    const short = await customer();
    const long = await customer();
    await s.api('PUT', `/api/v1/privacy-settings/${short.chatbotId}`, { token: short.token, body: { retentionMonths: 3 } });
    const oldLead = await seedChat(short, { visitor: 'v-old', questions: ['a', 'b'], at: monthsAgo(4), lead: { email: 'old@example.test' } });
    const kept = await seedChat(short, { visitor: 'v-new', at: monthsAgo(2) });
    const today = await seedChat(short, { visitor: 'v-today', questions: ['heute', 'auch heute'] });
    const keptLong = await seedChat(long, { visitor: 'v-4', at: monthsAgo(4), lead: { email: 'four@example.test' } });
    const expiredLong = await seedChat(long, { visitor: 'v-13', questions: ['x', 'y', 'z'], at: monthsAgo(13) });
    const before = { short: await figures(short), long: await figures(long) };
    expect(before.short.totals).toMatchObject({ chats: 3, messages: 5, contactsCollected: 1 });

    await runRetention(s.app.ctx);

    const left = await s.db.query<{ id: string }>('select id from chats where chatbot_id = any($1::uuid[]) order by id', [[short.chatbotId, long.chatbotId]]);
    expect(left.rows.map((r) => r.id).sort()).toEqual([kept, today, keptLong].sort());
    expect(await count('select count(*)::int n from messages where chat_id = any($1::uuid[])', [[oldLead, expiredLong]])).toBe(0);
    expect(await messagesOf(short.chatbotId)).toBe(3);
    expect(await figures(short)).toEqual(before.short);
    expect(await figures(long)).toEqual(before.long);

    // A second run finds nothing more to delete and counts nothing twice.
    const again = await runRetention(s.app.ctx);
    expect(again.deletedChats).toBe(0);
    expect(await figures(short)).toEqual(before.short);
  });
});

describe('one visitor’s data', () => {
  let a: Customer;
  let b: Customer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    a = await customer();
    b = await customer();
    ids.anna1 = await seedChat(a, { visitor: 'visitor-anna', questions: ['Habt ihr offen?'] });
    ids.anna2 = await seedChat(a, { visitor: 'visitor-anna', questions: ['Rückruf bitte'], lead: { name: 'Anna', email: 'Anna@Example.test' } });
    // Anna on another device: same address in a message, another visitor id.
    ids.annaPhone = await seedChat(a, { visitor: 'visitor-anna-phone', questions: ['Schreibt mir an anna@example.test, danke.'] });
    ids.hanna = await seedChat(a, { visitor: 'visitor-hanna', questions: ['Meine Adresse ist hanna@example.test'], lead: { email: 'hanna@example.test' } });
    ids.other = await seedChat(a, { visitor: 'visitor-other', questions: ['Preise?'] });
    ids.foreign = await seedChat(b, { visitor: 'visitor-anna', questions: ['anna@example.test'], lead: { email: 'anna@example.test' } });
  });

  it('export by chat gives exactly that visitor’s chats, messages and lead', async () => {
    const r = await visitorData('export', a.token, { chatbotId: a.chatbotId, chatId: ids.anna1 });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="visitor-data-\d{4}-\d{2}-\d{2}\.json"$/);
    // The chat's visitor id finds the second chat, whose lead address finds none further (no chat of that visitor id).
    expect(r.json.chats.map((c: { id: string }) => c.id).sort()).toEqual([ids.anna1, ids.anna2].sort());
    expect(r.json.visitorIds).toEqual(['visitor-anna']);
    const withLead = r.json.chats.find((c: { id: string }) => c.id === ids.anna2);
    expect(withLead.lead).toEqual({ name: 'Anna', email: 'Anna@Example.test' });
    expect(withLead.messages.map((m: { question: string }) => m.question)).toEqual(['Rückruf bitte']);
  });

  it('export by e-mail finds leads and messages carrying the address (any case), not longer addresses, not other tenants', async () => {
    const r = await visitorData('export', a.token, { chatbotId: a.chatbotId, email: 'ANNA@example.test' });
    expect(r.status).toBe(200);
    expect(r.json.chats.map((c: { id: string }) => c.id).sort()).toEqual([ids.anna1, ids.anna2, ids.annaPhone].sort());
    expect(JSON.stringify(r.json)).not.toContain('hanna');
    expect(r.json.chats.map((c: { id: string }) => c.id)).not.toContain(ids.foreign);
  });

  it('a foreign tenant’s chatbot, chat or address is 404 and nothing is deleted', async () => {
    const before = { a: await chatsOf(a.chatbotId), b: await chatsOf(b.chatbotId) };
    for (const action of ['export', 'delete'] as const) {
      expect((await visitorData(action, b.token, { chatbotId: a.chatbotId, chatId: ids.anna1 })).status).toBe(404);
      expect((await visitorData(action, b.token, { chatbotId: b.chatbotId, chatId: ids.anna1 })).status).toBe(404);
      expect((await visitorData(action, a.token, { chatbotId: a.chatbotId, chatId: ids.foreign })).status).toBe(404);
      expect((await visitorData(action, b.token, { chatbotId: a.chatbotId, email: 'anna@example.test' })).status).toBe(404);
      expect((await visitorData(action, a.token, { chatbotId: a.chatbotId, email: 'nobody@example.test' })).status).toBe(404);
      expect((await visitorData(action, a.token, { chatbotId: '00000000-0000-4000-8000-000000000000', chatId: ids.anna1 })).status).toBe(404);
    }
    expect({ a: await chatsOf(a.chatbotId), b: await chatsOf(b.chatbotId) }).toEqual(before);
  });

  it('refuses bad input with 400 and deletes nothing', async () => {
    const before = await chatsOf(a.chatbotId);
    const bad: unknown[] = [
      undefined,
      {},
      { chatbotId: a.chatbotId },
      { chatbotId: 'not-an-id', chatId: ids.anna1 },
      { chatbotId: a.chatbotId, chatId: 'not-an-id' },
      { chatbotId: a.chatbotId, chatId: 5 },
      { chatbotId: a.chatbotId, email: 42 },
      { chatbotId: a.chatbotId, email: '' },
      { chatbotId: a.chatbotId, email: 'not an address' },
      { chatbotId: a.chatbotId, email: `${'x'.repeat(300)}@example.test` },
      { chatbotId: a.chatbotId, email: 'anna\u0000@example.test' },
      { chatbotId: a.chatbotId, chatId: ids.anna1, email: 'anna@example.test' },
      { chatbotId: a.chatbotId, chatId: ids.anna1, extra: true },
      [a.chatbotId, ids.anna1],
      'x'.repeat(2_000_000),
    ];
    for (const body of bad) {
      const r = await visitorData('delete', a.token, body);
      expect(r.status, JSON.stringify(body)?.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(body)?.slice(0, 80)).toBeLessThan(500);
      expect(r.json.error).toBeTypeOf('string');
    }
    expect(await chatsOf(a.chatbotId)).toBe(before);
  });

  it('delete by e-mail removes that visitor’s chats, messages and leads and nothing else; the statistics keep counting them', async () => {
    const stats = await figures(a);
    const foreignMessages = await messagesOf(b.chatbotId);
    const r = await visitorData('delete', a.token, { chatbotId: a.chatbotId, email: 'anna@example.test' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ deletedChats: 3, deletedMessages: 3, deletedLeads: 1 });
    const left = await s.db.query<{ id: string }>('select id from chats where chatbot_id = $1', [a.chatbotId]);
    expect(left.rows.map((c) => c.id).sort()).toEqual([ids.hanna, ids.other].sort());
    expect(await count('select count(*)::int n from messages where chat_id = any($1::uuid[])', [[ids.anna1, ids.anna2, ids.annaPhone]])).toBe(0);
    expect(await count("select count(*)::int n from chats where lower(lead->>'email') = 'anna@example.test' and chatbot_id = $1", [a.chatbotId])).toBe(0);
    expect(await messagesOf(b.chatbotId)).toBe(foreignMessages);
    expect(await figures(a)).toEqual(stats);
    // Gone: the same request now finds nothing.
    expect((await visitorData('export', a.token, { chatbotId: a.chatbotId, chatId: ids.anna1 })).status).toBe(404);
  });

  it('delete by chat removes that visitor’s chats only', async () => {
    const r = await visitorData('delete', a.token, { chatbotId: a.chatbotId, chatId: ids.hanna });
    expect(r.json).toEqual({ deletedChats: 1, deletedMessages: 1, deletedLeads: 1 });
    expect((await s.db.query<{ id: string }>('select id from chats where chatbot_id = $1', [a.chatbotId])).rows.map((c) => c.id)).toEqual([ids.other]);
  });
});

describe('lead consent', () => {
  it('stores the consent text the form showed and the time; the configured text when a widget sends none', async () => {
    const bot = await customer();
    await uiConfigRepo.save(s.db, bot.chatbotId, 'de', { collectContacts: true, consentText: 'Ich willige ein (Datenschutz).' });
    const lead = (chatId: string, body: unknown) => s.api('POST', `/api/v1/public/chatbots/${bot.chatbotId}/chats/${chatId}/lead`, { body });

    const first = (await openChat(s, bot.chatbotId)).chatId;
    for (const consentText of ['', 'x'.repeat(1001), 7, 'a\u0000b'])
      expect((await lead(first, { name: 'Eva', email: 'eva@example.test', consent: true, consentText })).status).toBe(400);
    expect((await s.db.query<{ lead: unknown }>('select lead from chats where id = $1', [first])).rows[0].lead).toBeNull();

    const shown = 'Ich bin einverstanden, dass meine Angaben gespeichert werden (Stand: Version 1).';
    const ok = await lead(first, { name: 'Eva', email: 'eva@example.test', consent: true, consentText: shown });
    expect(ok.status, ok.text).toBe(200);
    const row = (await s.db.query<{ lead_consent_text: string; lead_consent_at: Date | string; lead_submitted_at: Date | string }>(
      'select lead_consent_text, lead_consent_at, lead_submitted_at from chats where id = $1', [first],
    )).rows[0];
    expect(row.lead_consent_text).toBe(shown);
    expect(new Date(row.lead_consent_at).toISOString()).toBe(new Date(row.lead_submitted_at).toISOString());

    const second = (await openChat(s, bot.chatbotId)).chatId;
    expect((await lead(second, { name: 'Max', email: 'max@example.test', consent: true })).status).toBe(200);
    expect((await s.db.query<{ t: string }>('select lead_consent_text t from chats where id = $1', [second])).rows[0].t).toBe('Ich willige ein (Datenschutz).');

    const exported = await visitorData('export', bot.token, { chatbotId: bot.chatbotId, chatId: first });
    expect(exported.json.chats[0].consent.text).toBe(shown);
  });
});

describe('the whole account', () => {
  async function upload(token: string, chatbotId: string, name: string, text: string) {
    const form = new FormData();
    form.append('chatbotId', chatbotId);
    form.append('lang', 'de');
    form.append('file', new Blob([new TextEncoder().encode(text)]), name);
    const res = await fetch(s.url + '/api/v1/documents', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    return (await s.db.query<{ storage_key: string }>('select storage_key from documents where id = $1', [id])).rows[0].storage_key;
  }

  async function addQnaAndContact(bot: Customer, marker: string) {
    await s.api('POST', '/api/v1/qna', { token: bot.token, body: { chatbotId: bot.chatbotId, lang: 'de', question: `Frage ${marker}?`, answer: `Antwort ${marker}.` } });
    await s.db.query(`insert into contacts(organization_id, chatbot_id, name, email, phone, department) values ($1, $2, $3, $4, '+49 30 1234567', 'Vertrieb')`, [
      bot.orgId, bot.chatbotId, `Kontakt ${marker}`, `kontakt-${marker}@example.test`,
    ]);
  }

  /** Rows per table that has an organization column, for one organization. */
  async function rowsOfOrganization(orgId: string) {
    const tables = await s.db.query<{ table_name: string }>(
      "select table_name from information_schema.columns where column_name = 'organization_id' and table_schema = 'public' and table_name <> 'admin_audit_log'",
    );
    const out: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const n = await count(`select count(*)::int n from ${table_name} where organization_id = $1`, [orgId]);
      if (n) out[table_name] = n;
    }
    out.organizations = await count('select count(*)::int n from organizations where id = $1', [orgId]);
    return out;
  }

  it('export holds the organization’s profile, chatbots, settings, sources, Q&A, contacts, chats and leads, and nothing of another', async () => {
    const a = await customer();
    const b = await customer();
    await addQnaAndContact(a, 'alpha');
    await addQnaAndContact(b, 'beta');
    await upload(a.token, a.chatbotId, 'alpha.txt', 'Alpha-Dokument.');
    await seedChat(a, { visitor: 'va', questions: ['Frage von Anna'], lead: { email: 'anna-alpha@example.test' } });
    await seedChat(b, { visitor: 'vb', questions: ['Frage von Bernd'], lead: { email: 'bernd-beta@example.test' } });

    const res = await fetch(`${s.url}/api/v1/account/export`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="account-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.organization.id).toBe(a.orgId);
    expect(data.users.map((u: { email: string }) => u.email)).toEqual([a.email]);
    expect(text).not.toContain('password_hash');
    expect(data.chatbots.map((c: { id: string }) => c.id)).toEqual([a.chatbotId]);
    expect(data.chatbots[0].retention_months).toBe(12);
    expect(data.chatbot_languages).toEqual([expect.objectContaining({ chatbot_id: a.chatbotId, lang: 'de' })]);
    expect(data.documents.map((d: { name: string }) => d.name)).toEqual(['alpha.txt']);
    expect(data.qna.map((q: { question: string }) => q.question)).toEqual(['Frage alpha?']);
    expect(data.contacts.map((c: { email: string }) => c.email)).toContain('kontakt-alpha@example.test');
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0].lead).toEqual({ email: 'anna-alpha@example.test' });
    expect(data.chats[0].messages.map((m: { question: string }) => m.question)).toEqual(['Frage von Anna']);
    for (const foreign of [b.orgId, b.chatbotId, b.email, 'beta', 'Bernd']) expect(text).not.toContain(foreign);
    expect((await s.api('GET', '/api/v1/account/export')).status).toBe(401);
  });

  it('deletion needs the account’s e-mail address typed again, blocks the account at once and the job removes every row and file', async () => {
    const a = await customer();
    const b = await customer();
    await addQnaAndContact(a, 'gamma');
    const fileA = await upload(a.token, a.chatbotId, 'gamma.txt', 'Gamma-Dokument.');
    const fileB = await upload(b.token, b.chatbotId, 'delta.txt', 'Delta-Dokument.');
    const chatA = (await openChat(s, a.chatbotId)).chatId;
    await seedChat(a, { visitor: 'vg', lead: { email: 'gamma@example.test' } });
    await seedChat(b, { visitor: 'vd' });
    const rowsB = await rowsOfOrganization(b.orgId);

    for (const body of [{ email: 'someone.else@example.test' }, {}, { email: '' }, { email: 7 }, { email: a.email, extra: 1 }]) {
      const r = await s.api('POST', '/api/v1/account/delete', { token: a.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await s.api('GET', '/api/v1/users/lookup', { token: a.token })).status).toBe(200);

    const del = await s.api('POST', '/api/v1/account/delete', { token: a.token, body: { email: a.email.toUpperCase() } });
    expect(del.status).toBe(202);
    expect(del.json.deletionRequestedAt).toBeTruthy();
    // Blocked from now on: no sign-in with the account, no widget answers for its chatbot.
    expect((await s.api('GET', '/api/v1/users/lookup', { token: a.token })).status).toBe(401);
    const widget = await s.api('POST', `/api/v1/public/chatbots/${a.chatbotId}/chats/${chatA}/messages`, { body: { text: 'Hallo?' } });
    // The deletion job may already have removed the chatbot (404); until it has, the blocked account answers 403.
    expect([403, 404]).toContain(widget.status);
    expect(await count('select count(*)::int n from messages where chat_id = $1', [chatA])).toBe(0);

    // The deletion queued the retention job: wait for it to have removed the organization.
    await expect.poll(() => count('select count(*)::int n from organizations where id = $1', [a.orgId]), { timeout: 30_000, interval: 200 }).toBe(0);
    expect(await rowsOfOrganization(a.orgId)).toEqual({ organizations: 0 });
    await expect(fs.stat(path.join(uploads, fileA))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fs.stat(path.join(uploads, a.orgId)), 'the organization’s folder too').rejects.toMatchObject({ code: 'ENOENT' });
    expect((await fs.readFile(path.join(uploads, fileB), 'utf8'))).toBe('Delta-Dokument.');
    expect(await rowsOfOrganization(b.orgId)).toEqual(rowsB);
    expect((await s.api('GET', '/api/v1/users/lookup', { token: b.token })).status).toBe(200);
  });
});
