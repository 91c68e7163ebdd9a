import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { makeDocx, makePdf, makeZip, PNG } from './trainingFiles.ts';
import { matchQna, retrieve } from '../../server/src/services/retrieval.ts';
import { findHandoverContact } from '../../server/src/services/contacts.ts';

let s: TestServer;
let token: string;
let chatbotId: string;
let files: http.Server;
let filesBase = '';
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

async function upload(path: string, name: string, content: Buffer, fields: Record<string, string>, t = token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(s.url + path, { method: 'POST', headers: { authorization: `Bearer ${t}` }, body: form });
  return { status: res.status, json: await res.json() };
}

const sheet = (rows: unknown[][]) => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Tabelle1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const PDF = makePdf([
  ['Garantiebedingungen der Muster GmbH', 'Auf alle Fahrradrahmen gewaehren wir zehn Jahre Garantie.'],
  ['Verschleissteile wie Bremsbelaege und Reifen sind ausgenommen.'],
]);

beforeAll(async () => {
  s = await startTestServer({ MAX_UPLOAD_MB: '1' });
  const u = await s.createUser();
  token = u.token;
  chatbotId = await createChatbot(s, u.user.organization_id, { lang: 'de' });
  files = http.createServer((req, res) => {
    if (req.url === '/handbuch.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (req.url === '/gross.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 32)]));
    res.writeHead(404).end('nope');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => files?.close(r));
});

describe('documents', () => {
  it('uploads a real PDF, DOCX and TXT, extracts and indexes their text', async () => {
    const pdf = await upload('/api/v1/documents', 'garantie.pdf', PDF, { chatbotId, lang: 'de' });
    expect(pdf.status).toBe(201);
    expect(pdf.json).toMatchObject({ name: 'garantie.pdf', type: 'pdf', size: PDF.length });
    expect(pdf.json.characters).toBeGreaterThan(80);
    const docx = await upload('/api/v1/documents', 'ruecksendung.docx', makeDocx(['Rücksendungen sind innerhalb von 30 Tagen kostenlos möglich.']), { chatbotId, lang: 'de' });
    expect(docx.status).toBe(201);
    expect(docx.json.type).toBe('docx');
    const txt = await upload('/api/v1/documents', 'zahlung.txt', Buffer.from('Wir akzeptieren Rechnung, PayPal und Überweisung.\n'), { chatbotId, lang: 'de' });
    expect(txt.status).toBe(201);
    expect(txt.json).toMatchObject({ type: 'txt', characters: 49 });

    const hits = await retrieve(s.db, { chatbotId, lang: 'de', question: 'Wie lange gilt die Garantie auf den Rahmen?' });
    expect(hits[0].source).toMatchObject({ type: 'document', id: pdf.json.id, name: 'garantie.pdf' });
    const ret = await retrieve(s.db, { chatbotId, lang: 'de', question: 'Kann ich Rücksendungen machen?' });
    expect(ret[0].source.name).toBe('ruecksendung.docx');
  });

  it('refuses renamed binaries and unsupported types by their content', async () => {
    for (const [name, content] of [
      ['foto.pdf', PNG],
      ['foto.txt', PNG],
      ['archiv.docx', makeZip({ 'a.txt': 'no word document inside' })],
      ['bericht.pdf', makeDocx(['a Word file named .pdf'])],
      ['foto.png', PNG],
    ] as const) {
      const r = await upload('/api/v1/documents', name, content, { chatbotId, lang: 'de' });
      expect(r.status, name).toBe(415);
      expect(r.json.error, name).toBe('FileTypeNotSupported');
    }
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 FileTooLarge', async () => {
    const r = await upload('/api/v1/documents', 'gross.txt', Buffer.alloc(1.5 * 1024 * 1024, 'a'), { chatbotId, lang: 'de' });
    expect(r.status).toBe(413);
    expect(r.json.error).toBe('FileTooLarge');
  });

  it('loads a document from a URL, with clear errors for a missing or oversize file', async () => {
    const ok = await s.api('POST', '/api/v1/documents/url', { token, body: { chatbotId, lang: 'de', url: `${filesBase}/handbuch.pdf` } });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ name: 'handbuch.pdf', type: 'pdf', sourceUrl: `${filesBase}/handbuch.pdf` });
    const missing = await s.api('POST', '/api/v1/documents/url', { token, body: { chatbotId, lang: 'de', url: `${filesBase}/weg.pdf` } });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('UrlLoadFailed');
    const big = await s.api('POST', '/api/v1/documents/url', { token, body: { chatbotId, lang: 'de', url: `${filesBase}/gross.pdf` } });
    expect(big.status).toBe(413);
  });

  it('lists with sorting and deletes a document with its passages', async () => {
    const byName = await s.api('GET', `/api/v1/documents?filter=${q({ chatbotId, lang: 'de' })}&sort=${q(['name', 'ASC'])}`, { token });
    expect(byName.json.map((d: { name: string }) => d.name)).toEqual(['garantie.pdf', 'handbuch.pdf', 'ruecksendung.docx', 'zahlung.txt']);
    expect(byName.headers.get('content-range')).toBe('documents 0-3/4');
    const bySize = await s.api('GET', `/api/v1/documents?filter=${q({ chatbotId })}&sort=${q(['size', 'DESC'])}`, { token });
    expect(bySize.json[bySize.json.length - 1].name).toBe('zahlung.txt');
    const doc = byName.json[0];
    const del = await s.api('DELETE', `/api/v1/documents/${doc.id}`, { token });
    expect(del.status).toBe(200);
    const left = await s.db.query(`select count(*)::int n from passages where source_id = $1`, [doc.id]);
    expect(left.rows[0]).toEqual({ n: 0 });
    const other = await s.createUser();
    expect((await s.api('DELETE', `/api/v1/documents/${byName.json[1].id}`, { token: other.token })).status).toBe(404);
    expect((await upload('/api/v1/documents', 'x.txt', Buffer.from('hallo'), { chatbotId }, other.token)).status).toBe(404);
  });
});

describe('question-answer pairs', () => {
  let id: string;
  it('creates, validates, filters and edits pairs', async () => {
    const bad = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId, lang: 'de', question: ' ', answer: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.details[0].path).toBe('question');
    const r = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId, lang: 'de', question: 'Haben Sie einen Reparaturservice?', answer: 'Ja, Termine unter https://muster.test/termin' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ active: true, hasLink: true, fromChatHistory: false });
    id = r.json.id;
    await s.api('POST', '/api/v1/qna', { token, body: { chatbotId, lang: 'de', question: 'Verkaufen Sie gebrauchte Räder?', answer: 'Nein, nur neue Räder.', fromChatHistory: true } });
    const withLink = await s.api('GET', `/api/v1/qna?filter=${q({ chatbotId, lang: 'de', hasLink: true })}`, { token });
    expect(withLink.json.map((x: { id: string }) => x.id)).toEqual([id]);
    const hist = await s.api('GET', `/api/v1/qna?filter=${q({ chatbotId, fromChatHistory: true })}`, { token });
    expect(hist.json[0].question).toBe('Verkaufen Sie gebrauchte Räder?');
    const search = await s.api('GET', `/api/v1/qna?filter=${q({ chatbotId, q: 'reparatur' })}`, { token });
    expect(search.json).toHaveLength(1);
    const upd = await s.api('PUT', `/api/v1/qna/${id}`, { token, body: { ...r.json, answer: 'Ja, in unserer Werkstatt in Hamburg.' } });
    expect(upd.json).toMatchObject({ hasLink: false, answer: 'Ja, in unserer Werkstatt in Hamburg.' });
  });

  it('matches only active pairs', async () => {
    const m = await matchQna(s.db, { chatbotId, lang: 'de', question: 'Gibt es bei Ihnen einen Reparaturservice?' });
    expect(m?.id).toBe(id);
    expect(m!.similarity).toBeGreaterThan(0.45);
    expect(await matchQna(s.db, { chatbotId, lang: 'de', question: 'Wie wird das Wetter morgen?' })).toBeNull();
    const off = await s.api('POST', `/api/v1/qna/${id}/deactivate`, { token });
    expect(off.json.active).toBe(false);
    expect(await matchQna(s.db, { chatbotId, lang: 'de', question: 'Haben Sie einen Reparaturservice?' })).toBeNull();
    expect((await retrieve(s.db, { chatbotId, lang: 'de', question: 'Reparaturservice' })).some((p) => p.source.id === id)).toBe(false);
    const inactive = await s.api('GET', `/api/v1/qna?filter=${q({ chatbotId, active: false })}`, { token });
    expect(inactive.json.map((x: { id: string }) => x.id)).toEqual([id]);
    await s.api('POST', '/api/v1/qna/activate', { token, body: { chatbotId, ids: [id], active: true } });
    expect((await matchQna(s.db, { chatbotId, lang: 'de', question: 'Haben Sie einen Reparaturservice?' }))?.id).toBe(id);
  });

  it('imports xlsx with duplicates flagged, skipped or imported; refuses rows without 2 columns', async () => {
    const file = sheet([
      ['Frage', 'Antwort'],
      ['Wie lange dauert eine Inspektion?', 'Etwa eine Stunde.'],
      ['Haben Sie einen Reparaturservice?', 'Ja.'], // exists already
      ['Wie lange dauert eine Inspektion?', 'Eine Stunde.'], // twice in the file
      ['Kann ich ein Rad mieten?', 'Ja, ab 15 Euro am Tag.'],
    ]);
    const check = await upload('/api/v1/qna/import', 'paare.xlsx', file, { chatbotId, lang: 'de' });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ total: 4, duplicatesInFile: 1, duplicatesExisting: 1, imported: 0 });
    expect(check.json.rows.map((r: { duplicate: string | null }) => r.duplicate)).toEqual([null, 'existing', 'file', null]);
    const skip = await upload('/api/v1/qna/import', 'paare.xlsx', file, { chatbotId, lang: 'de', mode: 'skip' });
    expect(skip.json).toMatchObject({ imported: 2, skipped: 2 });
    expect((await matchQna(s.db, { chatbotId, lang: 'de', question: 'Kann man bei euch ein Rad mieten?' }))?.answer).toBe('Ja, ab 15 Euro am Tag.');
    // Each imported pair has the FAQ unit a pair added by hand gets (one statement stores both).
    const units = await s.db.query(
      `select p.heading, p.kind, p.lang, p.text = q.answer as text, p.tsv = setweight(to_tsvector('german', q.question), 'A') || to_tsvector('german', q.answer) as tsv
         from qna q join passages p on p.source_type = 'qna' and p.source_id = q.id
        where q.chatbot_id = $1 and q.question in ('Kann ich ein Rad mieten?', 'Wie lange dauert eine Inspektion?') order by p.heading`,
      [chatbotId],
    );
    expect(units.rows).toEqual([
      { heading: 'Kann ich ein Rad mieten?', kind: 'faq', lang: 'de', text: true, tsv: true },
      { heading: 'Wie lange dauert eine Inspektion?', kind: 'faq', lang: 'de', text: true, tsv: true },
    ]);
    const all = await upload('/api/v1/qna/import', 'paare.xlsx', file, { chatbotId, lang: 'de', mode: 'import' });
    expect(all.json).toMatchObject({ imported: 4, skipped: 0, duplicatesExisting: 4 });
    const three = await upload('/api/v1/qna/import', 'kaputt.xlsx', sheet([['Frage', 'Antwort'], ['a', 'b', 'c'], ['nur eine Spalte']]), { chatbotId, lang: 'de', mode: 'import' });
    expect(three.status).toBe(400);
    expect(three.json).toMatchObject({ error: 'QnaImportColumns', details: { rows: [2, 3] } });
    const notXlsx = await upload('/api/v1/qna/import', 'x.xlsx', PNG, { chatbotId, lang: 'de' });
    expect(notXlsx.status).toBe(400);
  });

  it("refuses to store a pair under another organization than its chatbot's", async () => {
    const org = (await s.db.query<{ id: string }>(`insert into organizations(name) values ('andere') returning id`)).rows[0].id;
    await expect(s.db.query(`insert into qna (organization_id, chatbot_id, lang, question, answer) values ($1, $2, 'de', 'Frage?', 'Antwort.')`, [org, chatbotId]))
      .rejects.toThrow(/foreign key/);
  });

  it('exports qna.xlsx with one sheet of 2 columns that imports back as duplicates', async () => {
    const res = await fetch(`${s.url}/api/v1/qna/export?filter=${q({ chatbotId, lang: 'de' })}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('qna.xlsx');
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = XLSX.read(buf, { type: 'buffer' });
    expect(wb.SheetNames).toHaveLength(1);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
    expect(rows.every((r) => r.length === 2)).toBe(true);
    expect(rows.length).toBe(1 + 8);
    const back = await upload('/api/v1/qna/import', 'qna.xlsx', buf, { chatbotId, lang: 'de' });
    expect(back.json.duplicatesExisting + back.json.duplicatesInFile).toBe(8);
  });

  it('deletes a pair with its passage; another tenant gets 404', async () => {
    const other = await s.createUser();
    expect((await s.api('GET', `/api/v1/qna/${id}`, { token: other.token })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/qna/${id}`, { token: other.token, body: { active: false } })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/qna?filter=${q({ chatbotId })}`, { token: other.token })).status).toBe(404);
    expect((await s.api('DELETE', `/api/v1/qna/${id}`, { token })).status).toBe(200);
    const left = await s.db.query(`select count(*)::int n from passages where source_id = $1`, [id]);
    expect(left.rows[0]).toEqual({ n: 0 });
  });
});

describe('contacts', () => {
  it('validates required fields, email and phone', async () => {
    const r = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId, name: '', email: 'kein-mail', phone: 'abc', department: '' } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('ValidationFailed');
    expect([...new Set(r.json.details.map((d: { path: string }) => d.path))].sort()).toEqual(['department', 'email', 'name', 'phone']);
    const extra = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId, name: 'A', email: 'a@b.de', phone: '+49 40 123456', department: 'Vertrieb', boss: true } });
    expect(extra.status).toBe(400);
  });

  it('keeps one default, lets a contact override it for a department, and hands over accordingly', async () => {
    expect(await findHandoverContact(s.db, chatbotId)).toBeNull();
    const anna = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId, name: 'Anna Berg', email: 'anna@muster.test', phone: '+49 40 1234567', department: 'Vertrieb' } });
    expect(anna.status).toBe(201);
    expect(anna.json.isDefault).toBe(true); // the first contact is the default
    const ben = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId, name: 'Ben Kurz', email: 'ben@muster.test', phone: '040 7654321', department: 'Werkstatt', overridesId: anna.json.id } });
    expect(ben.json).toMatchObject({ isDefault: false, overridesId: anna.json.id });
    expect((await findHandoverContact(s.db, chatbotId, 'werkstatt'))?.id).toBe(ben.json.id);
    expect((await findHandoverContact(s.db, chatbotId, 'Buchhaltung'))?.id).toBe(anna.json.id);
    expect((await findHandoverContact(s.db, chatbotId))).toMatchObject({ id: anna.json.id, name: 'Anna Berg', email: 'anna@muster.test', department: 'Vertrieb' });
    const carla = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId, name: 'Carla Nord', email: 'carla@muster.test', phone: '040 111222', department: 'Service', isDefault: true } });
    expect(carla.json.isDefault).toBe(true);
    const list = await s.api('GET', `/api/v1/contacts?filter=${q({ chatbotId })}&sort=${q(['department', 'ASC'])}`, { token });
    expect(list.json.map((c: { name: string; isDefault: boolean }) => [c.name, c.isDefault])).toEqual([
      ['Carla Nord', true], ['Anna Berg', false], ['Ben Kurz', false],
    ]);
    const self = await s.api('PUT', `/api/v1/contacts/${ben.json.id}`, { token, body: { ...ben.json, overridesId: ben.json.id } });
    expect(self.status).toBe(400);
    const badMail = await s.api('PUT', `/api/v1/contacts/${ben.json.id}`, { token, body: { ...ben.json, email: 'x' } });
    expect(badMail.status).toBe(400);
    const other = await s.createUser();
    expect((await s.api('GET', `/api/v1/contacts/${ben.json.id}`, { token: other.token })).status).toBe(404);
    expect((await s.api('DELETE', `/api/v1/contacts/${ben.json.id}`, { token: other.token })).status).toBe(404);
    expect((await s.api('DELETE', `/api/v1/contacts/${ben.json.id}`, { token })).status).toBe(200);
    expect((await findHandoverContact(s.db, chatbotId, 'Werkstatt'))?.id).toBe(carla.json.id);
  });
});
