/**
 * The lists of the training resources as the dashboard's react-admin lists ask for them (ra-data-simple-rest:
 * sort, range, filter): Q&A pairs, contacts and documents sort by every column the dashboard offers, filter,
 * page with Content-Range; a sort field or filter they do not know is a 400 (never a 500); another tenant's
 * chatbot or record is a 404. The Q&A xlsx export follows the list's sort and speaks the interface language.
 */
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
let otherToken: string;
let chatbotId: string;
let otherChatbotId: string;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const list = (resource: string, params: { filter?: unknown; sort?: unknown; range?: unknown }, t = token) =>
  s.api(
    'GET',
    `/api/v1/${resource}?${Object.entries(params)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? encodeURIComponent(v) : q(v)}`)
      .join('&')}`,
    { token: t },
  );

beforeAll(async () => {
  s = await startTestServer();
  const a = await s.createUser();
  const b = await s.createUser();
  token = a.token;
  otherToken = b.token;
  chatbotId = await createChatbot(s, a.user.organization_id, { lang: 'de' });
  otherChatbotId = await createChatbot(s, b.user.organization_id, { lang: 'de' });
  for (const [question, answer, active] of [
    ['Wie lange dauert eine Inspektion?', 'Etwa eine Stunde.', true],
    ['Aber liefern Sie nach Österreich?', 'Ja, siehe https://radhaus.test/versand', true],
    ['Cargo-Räder im Verleih?', 'Nein.', false],
  ] as const) {
    const r = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId, lang: 'de', question, answer, active } });
    expect(r.status).toBe(201);
  }
  for (const [name, department, phone] of [
    ['Tom Weber', 'Verkauf', '+49 221 300'],
    ['Anna Berg', 'Werkstatt', '+49 221 100'],
    ['Jana Schmidt', 'Buchhaltung', '+49 221 200'],
  ]) {
    const r = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId, name, department, phone, email: `${name.split(' ')[0].toLowerCase()}@radhaus.test` } });
    expect(r.status).toBe(201);
  }
});
afterAll(async () => {
  await s?.close();
});

describe('question-answer pairs', () => {
  it('sort by question both ways, page with Content-Range, filter by activity, link and text', async () => {
    const asc = await list('qna', { filter: { chatbotId, lang: 'de' }, sort: ['question', 'ASC'], range: [0, 1] });
    expect(asc.status).toBe(200);
    expect(asc.json.map((p: { question: string }) => p.question)).toEqual(['Aber liefern Sie nach Österreich?', 'Cargo-Räder im Verleih?']);
    expect(asc.headers.get('content-range')).toBe('qna 0-1/3');
    const desc = await list('qna', { filter: { chatbotId }, sort: ['question', 'DESC'], range: [2, 2] });
    expect(desc.json.map((p: { question: string }) => p.question)).toEqual(['Aber liefern Sie nach Österreich?']);
    expect(desc.headers.get('content-range')).toBe('qna 2-2/3');
    const byActive = await list('qna', { filter: { chatbotId }, sort: ['active', 'ASC'] });
    expect(byActive.json[0]).toMatchObject({ question: 'Cargo-Räder im Verleih?', active: false });
    expect((await list('qna', { filter: { chatbotId, active: false } })).json).toHaveLength(1);
    expect((await list('qna', { filter: { chatbotId, hasLink: true } })).json.map((p: { question: string }) => p.question)).toEqual(['Aber liefern Sie nach Österreich?']);
    expect((await list('qna', { filter: { chatbotId, q: 'inspektion' } })).json).toHaveLength(1);
  });

  it('export qna.xlsx in the list order with the header in the interface language', async () => {
    const res = await fetch(`${s.url}/api/v1/qna/export?filter=${q({ chatbotId, active: true })}&sort=${q(['question', 'DESC'])}&locale=de`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    expect(wb.SheetNames).toHaveLength(1);
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    expect(rows).toEqual([
      ['Frage', 'Antwort'],
      ['Wie lange dauert eine Inspektion?', 'Etwa eine Stunde.'],
      ['Aber liefern Sie nach Österreich?', 'Ja, siehe https://radhaus.test/versand'],
    ]);
    const en = await fetch(`${s.url}/api/v1/qna/export?filter=${q({ chatbotId })}&locale=en`, { headers: { authorization: `Bearer ${token}` } });
    const enRows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(Buffer.from(await en.arrayBuffer()), { type: 'buffer' }).Sheets.qna, { header: 1 });
    expect(enRows[0]).toEqual(['Question', 'Answer']);
    // Oldest first when the list's sort is not given.
    expect(enRows.slice(1).map((r) => r[0])).toEqual(['Wie lange dauert eine Inspektion?', 'Aber liefern Sie nach Österreich?', 'Cargo-Räder im Verleih?']);
  });
});

describe('contacts', () => {
  it('sort by name, department and phone; search by text and department', async () => {
    const names = async (sort: [string, string], filter: object = {}) =>
      (await list('contacts', { filter: { chatbotId, ...filter }, sort })).json.map((c: { name: string }) => c.name);
    expect(await names(['name', 'ASC'])).toEqual(['Anna Berg', 'Jana Schmidt', 'Tom Weber']);
    expect(await names(['department', 'DESC'])).toEqual(['Anna Berg', 'Tom Weber', 'Jana Schmidt']);
    expect(await names(['phone', 'DESC'])).toEqual(['Tom Weber', 'Jana Schmidt', 'Anna Berg']);
    expect(await names(['name', 'ASC'], { q: 'werk' })).toEqual(['Anna Berg']);
    expect(await names(['name', 'ASC'], { department: 'verkauf' })).toEqual(['Tom Weber']);
  });
});

describe('documents', () => {
  it('sort by every column the list shows and filter by type', async () => {
    // Rows as an upload leaves them (uploads themselves are training-sources.test.ts's): the list is what is tested here.
    const org = (await s.db.query<{ organization_id: string }>('select organization_id from chatbots where id = $1', [chatbotId])).rows[0].organization_id;
    for (const [name, size] of [['b.txt', 10], ['A.txt', 20]] as const)
      await s.db.query(`insert into documents (organization_id, chatbot_id, lang, name, type, size, characters, storage_key) values ($1, $2, 'de', $3, 'txt', $4, $5, 'none')`, [org, chatbotId, name, size, size]);
    for (const field of ['name', 'type', 'size', 'characters', 'createdAt']) {
      const r = await list('documents', { filter: { chatbotId }, sort: [field, 'ASC'] });
      expect(r.status, field).toBe(200);
      expect(r.headers.get('content-range'), field).toBe('documents 0-1/2');
    }
    expect((await list('documents', { filter: { chatbotId }, sort: ['name', 'ASC'] })).json.map((d: { name: string }) => d.name)).toEqual(['A.txt', 'b.txt']);
    expect((await list('documents', { filter: { chatbotId, type: 'pdf' } })).json).toEqual([]);
  });
});

describe('bad list requests', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['unknown sort field', { sort: ['password', 'ASC'] }],
    ['SQL as sort field', { sort: ['name; drop table qna', 'ASC'] }],
    ['unknown sort order', { sort: ['createdAt', 'SIDEWAYS'] }],
    ['sort not JSON', { sort: '["createdAt"' }],
    ['range backwards', { range: [5, 1] }],
    ['range negative', { range: [-1, 4] }],
    ['filter not an object', { filter: '[1,2]' }],
    ['filter without chatbot', { filter: {} }],
    ['filter with a wrong type', { filter: { chatbotId: 'x', active: 'yes', type: 'exe', department: 7 } }],
    ['search of 10,000 characters', { filter: { chatbotId: 'x', q: 'a'.repeat(10_000) } }],
    ['ids that are no UUIDs', { filter: { chatbotId: 'x', id: ['1 or 1=1'] } }],
  ];
  for (const resource of ['qna', 'contacts', 'documents']) {
    it(`${resource}: each is a 400 with an error key, never a 500`, async () => {
      for (const [what, params] of cases) {
        const r = await list(resource, { filter: { chatbotId }, ...params });
        expect(r.status, `${resource}: ${what}`).toBe(400);
        expect(typeof r.json?.error, `${resource}: ${what}`).toBe('string');
      }
    });
  }
  it('a search with a NUL character is refused, not a 500', async () => {
    for (const resource of ['qna', 'contacts', 'documents']) {
      const r = await list(resource, { filter: { chatbotId, q: 'a\u0000b' } });
      expect(r.status, resource).toBeLessThan(500);
      expect([200, 400], resource).toContain(r.status);
    }
    const d = await list('contacts', { filter: { chatbotId, department: 'a\u0000b' } });
    expect([200, 400]).toContain(d.status);
  });
  it('the export refuses an unknown sort field or language with a 400', async () => {
    for (const extra of [`sort=${q(['password', 'ASC'])}`, 'locale=fr', `sort=${q(['question'])}`]) {
      const r = await s.api('GET', `/api/v1/qna/export?filter=${q({ chatbotId })}&${extra}`, { token });
      expect(r.status, extra).toBe(400);
    }
  });
});

describe('another tenant', () => {
  it('gets 404 for the lists, the export and the records of a chatbot not its own', async () => {
    for (const resource of ['qna', 'contacts', 'documents']) {
      const r = await list(resource, { filter: { chatbotId }, sort: ['createdAt', 'ASC'] }, otherToken);
      expect(r.status, resource).toBe(404);
      const mine = (await list(resource, { filter: { chatbotId } })).json[0];
      expect((await s.api('GET', `/api/v1/${resource}/${mine.id}`, { token: otherToken })).status, resource).toBe(404);
      expect((await s.api('DELETE', `/api/v1/${resource}/${mine.id}`, { token: otherToken })).status, resource).toBe(404);
      // Its own chatbot's list is empty, not the other's records.
      const own = await list(resource, { filter: { chatbotId: otherChatbotId } }, otherToken);
      expect(own.status, resource).toBe(200);
      expect(own.json, resource).toEqual([]);
    }
    expect((await s.api('GET', `/api/v1/qna/export?filter=${q({ chatbotId })}&locale=de`, { token: otherToken })).status).toBe(404);
    // Nothing was deleted by the refused calls.
    expect((await list('qna', { filter: { chatbotId } })).json).toHaveLength(3);
  });
});
