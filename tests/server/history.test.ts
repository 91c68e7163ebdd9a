import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addPage, openChat } from './publicSeed.ts';

let s: TestServer;
let token: string;
let orgId: string;
let bot: string;
let other: { token: string; bot: string; chatId: string };
const chats: Record<'shipping' | 'hr' | 'lead' | 'empty', string> = { shipping: '', hr: '', lead: '', empty: '' };

const q = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
const list = (filter: Record<string, unknown>, extra: Record<string, unknown> = {}, t = token) =>
  s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: bot, ...filter }, ...extra })}`, { token: t });
const ids = (r: { json: { id: string }[] }) => r.json.map((c) => c.id);

beforeAll(async () => {
  s = await startTestServer();
  const a = await s.createUser();
  token = a.token;
  orgId = a.user.organization_id;
  bot = await createChatbot(s, orgId, { url: 'https://shop.example' });
  // Two pages, so that each answer quotes one of them (the search below finds chats by the words of their messages).
  await addPage(s, bot, { url: 'https://shop.example/versand', title: 'Versand', text: 'Der Versand innerhalb Deutschlands kostet 4,90 Euro.' });
  await addPage(s, bot, { url: 'https://shop.example/lieferzeit', title: 'Lieferzeit', text: 'Die Lieferung dauert zwei bis drei Werktage.' });

  // The chats a support person finds in the morning, recorded through the widget's public API.
  const c1 = await openChat(s, bot);
  expect((await c1.ask('Was kostet der Versand?')).status).toBe(200);
  chats.shipping = c1.chatId;
  const c2 = await openChat(s, bot);
  expect((await c2.ask('Haben Sie offene Stellen für eine Ausbildung?')).status).toBe(200);
  chats.hr = c2.chatId;
  const c3 = await openChat(s, bot);
  expect((await c3.ask('Wie lange dauert die Lieferung?')).status).toBe(200);
  expect((await c3.ask('Können Sie mich zurückrufen?')).status).toBe(200);
  await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, { token, body: { collectContacts: true } });
  const lead = await s.api('POST', `/api/v1/public/chatbots/${bot}/chats/${c3.chatId}/lead`, {
    body: { name: 'Jörg Müller-Lüdenscheidt', email: 'joerg@example.test', phoneNumber: '+49 30 123456', consent: true },
  });
  expect(lead.status).toBe(200);
  chats.lead = c3.chatId;
  chats.empty = (await openChat(s, bot)).chatId;
  // Distinct start days, oldest first, for the date filter.
  const days = { shipping: '2026-03-02T09:00:00Z', hr: '2026-03-03T09:00:00Z', lead: '2026-03-04T09:00:00Z', empty: '2026-03-05T09:00:00Z' };
  for (const [k, d] of Object.entries(days)) await s.db.query('update chats set created_at = $2 where id = $1', [chats[k as keyof typeof chats], d]);

  const b = await s.createUser();
  const botB = await createChatbot(s, b.user.organization_id);
  const cb = await openChat(s, botB);
  await cb.ask('Was kostet der Versand?');
  other = { token: b.token, bot: botB, chatId: cb.chatId };
}, 60_000);
afterAll(() => s?.close());

describe('list, filters and counts', () => {
  it('lists the chatbot\'s chats newest first with a preview, in the simple-rest dialect', async () => {
    const r = await list({});
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([chats.empty, chats.lead, chats.hr, chats.shipping]);
    expect(r.headers.get('content-range')).toBe('chats 0-3/4');
    const lead = r.json.find((c: any) => c.id === chats.lead);
    expect(lead).toMatchObject({ category: 'contact', read: false, favorite: false, messageCount: 2, preview: 'Wie lange dauert die Lieferung?' });
    expect(lead.lead).toEqual({ name: 'Jörg Müller-Lüdenscheidt', email: 'joerg@example.test', phoneNumber: '+49 30 123456' });
    expect(r.json.find((c: any) => c.id === chats.hr).category).toBe('hr');

    const asc = await list({}, { sort: ['createdAt', 'ASC'], range: [0, 1] });
    expect(ids(asc)).toEqual([chats.shipping, chats.hr]);
    expect(asc.headers.get('content-range')).toBe('chats 0-1/4');
    const page2 = await list({}, { sort: ['createdAt', 'DESC'], range: [2, 3] });
    expect(ids(page2)).toEqual([chats.hr, chats.shipping]);
  });

  it('filters by category, read state, favorite, dates, ids and words of the messages', async () => {
    expect(ids(await list({ category: 'hr' }))).toEqual([chats.hr]);
    expect(ids(await list({ category: 'contact' }))).toEqual([chats.lead]);
    expect(ids(await list({ category: 'general' }))).toEqual([chats.empty, chats.shipping]);
    // Word beginnings, any case, umlauts: "versa" finds "Versand", "zurückr" finds "zurückrufen".
    expect(ids(await list({ q: 'versa' }))).toEqual([chats.shipping]);
    expect(ids(await list({ q: 'ZURÜCKR' }))).toEqual([chats.lead]);
    expect(ids(await list({ q: 'lieferung dauert' }))).toEqual([chats.lead]);
    expect(ids(await list({ q: 'lieferung pizza' }))).toEqual([]);
    expect(ids(await list({ q: "'); drop table chats; --" }))).toEqual([]);
    // from inclusive, to exclusive: the 3rd and 4th of March.
    expect(ids(await list({ from: '2026-03-03T00:00:00Z', to: '2026-03-05T00:00:00Z' }))).toEqual([chats.lead, chats.hr]);
    expect(ids(await list({ from: '2026-03-04' }))).toEqual([chats.empty, chats.lead]);
    expect(ids(await list({ id: [chats.hr, chats.shipping, other.chatId] }))).toEqual([chats.hr, chats.shipping]);
    expect(ids(await list({ lang: 'en' }))).toEqual([]);
    expect(ids(await list({ lang: 'de', category: 'hr' }))).toEqual([chats.hr]);
  });

  it('counts every category and read state in one call, under the other filters', async () => {
    const counts = (filter: Record<string, unknown>) => s.api('GET', `/api/v1/chats/counts?${q({ filter: { chatbotId: bot, ...filter } })}`, { token });
    const all = await counts({});
    expect(all.status).toBe(200);
    expect(all.json).toEqual({ categories: { all: 4, general: 2, contact: 1, hr: 1 }, readStates: { all: 4, read: 0, unread: 4 }, cap: 1000 });

    expect((await s.api('PUT', `/api/v1/chats/${chats.shipping}`, { token, body: { read: true } })).json.read).toBe(true);
    expect((await counts({})).json.readStates).toEqual({ all: 4, read: 1, unread: 3 });
    // Category counts follow the chosen read state; read-state counts follow the chosen category.
    expect((await counts({ read: false })).json.categories).toEqual({ all: 3, general: 1, contact: 1, hr: 1 });
    expect((await counts({ category: 'general' })).json.readStates).toEqual({ all: 2, read: 1, unread: 1 });
    expect((await counts({ q: 'versand' })).json.categories).toEqual({ all: 1, general: 1, contact: 0, hr: 0 });
    expect(ids(await list({ read: true }))).toEqual([chats.shipping]);
    expect((await list({ read: false })).headers.get('content-range')).toBe('chats 0-2/3');
    await s.api('PUT', `/api/v1/chats/${chats.shipping}`, { token, body: { read: false } });
  });

  it('counts up to 1,000: past it the total is *, the counts 1,001; a last page by range still tells its total', async () => {
    const many = await createChatbot(s, orgId);
    // 6,000 chats (more than the counts' probe of 5,000): every one says "versand", every second "österreich", every hundredth "ausbildung".
    await s.db.query(
      `insert into chats (chatbot_id, organization_id, visitor_id, lang, category, read, created_at, message_count, search)
       select $1, $2, 'v' || i, 'de', (array['general','contact','hr'])[1 + i % 3], i % 4 = 0, now() - i * interval '1 minute', 1,
              to_tsvector('simple', 'versand ' || case when i % 2 = 0 then 'österreich ' else '' end || case when i % 100 = 0 then 'ausbildung' else '' end)
         from generate_series(1, 6000) i`,
      [many, orgId],
    );
    const truth = async (where: string) =>
      Math.min(1001, (await s.db.query<{ n: number }>(`select count(*)::int as n from chats where chatbot_id = $1 ${where}`, [many])).rows[0].n);
    const first = await list({ chatbotId: many }, { range: [0, 24] });
    expect(first.headers.get('content-range')).toBe('chats 0-24/*');
    expect(first.headers.get('x-total-exceeds')).toBe('1000');
    const hr = await list({ chatbotId: many, category: 'hr', read: true }, { range: [0, 24] });
    expect(hr.headers.get('content-range')).toBe('chats 0-24/500');
    expect(hr.headers.get('x-total-exceeds')).toBeNull();
    expect((await list({ chatbotId: many }, { range: [5990, 6014] })).headers.get('content-range')).toBe('chats 5990-5999/6000');
    expect((await list({ chatbotId: many, q: 'versand' }, { range: [0, 24] })).headers.get('content-range')).toBe('chats 0-24/*');
    expect((await list({ chatbotId: many, q: 'ausbildung' }, { range: [0, 24] })).headers.get('content-range')).toBe('chats 0-24/60');

    // Each count against the chats themselves, for a common, a middling and a rare word and none.
    for (const [filter, text] of [[{}, null], [{ q: 'versand' }, 'versand'], [{ q: 'österreich' }, 'österreich'], [{ q: 'ausbildung' }, 'ausbildung'], [{ q: 'versand', category: 'contact', read: false }, 'versand']] as const) {
      const r = (await s.api('GET', `/api/v1/chats/counts?${q({ filter: { chatbotId: many, ...filter } })}`, { token })).json;
      const readCond = 'read' in filter ? 'and not read' : '';
      const categoryCond = 'category' in filter ? "and category = 'contact'" : '';
      const n = (cond: string) => truth(`${text ? `and search @@ to_tsquery('simple', '${text}:*')` : ''} ${cond}`);
      expect(r, JSON.stringify(filter)).toEqual({
        categories: {
          all: await n(readCond),
          general: await n(`${readCond} and category = 'general'`),
          contact: await n(`${readCond} and category = 'contact'`),
          hr: await n(`${readCond} and category = 'hr'`),
        },
        readStates: { all: await n(categoryCond), read: await n(`${categoryCond} and read`), unread: await n(`${categoryCond} and not read`) },
        cap: 1000,
      });
    }
  });

  it('marks favorites; react-admin\'s whole record is accepted, only the flags change', async () => {
    const before = (await s.api('GET', `/api/v1/chats/${chats.hr}`, { token })).json;
    const put = await s.api('PUT', `/api/v1/chats/${chats.hr}`, { token, body: { ...before, favorite: true, category: 'general', messageCount: 99 } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ favorite: true, read: false, category: 'hr', messageCount: 1 });
    expect(ids(await list({ favorite: true }))).toEqual([chats.hr]);
    expect(ids(await list({ favorite: false })).sort()).toEqual([chats.empty, chats.lead, chats.shipping].sort());
    await s.api('PUT', `/api/v1/chats/${chats.hr}`, { token, body: { favorite: false } });
    expect(ids(await list({ favorite: true }))).toEqual([]);
  });
});

describe('one chat', () => {
  it('opens as the conversation: questions, answers, times, sources, lead', async () => {
    const r = await s.api('GET', `/api/v1/chats/${chats.lead}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.lead.name).toBe('Jörg Müller-Lüdenscheidt');
    expect(r.json.messages.map((m: any) => m.question)).toEqual(['Wie lange dauert die Lieferung?', 'Können Sie mich zurückrufen?']);
    const first = r.json.messages[0];
    expect(first.answer).toContain('zwei bis drei Werktage');
    expect(first.sources[0]).toMatchObject({ type: 'webpage', url: 'https://shop.example/lieferzeit', title: 'Lieferzeit' });
    expect(Date.parse(first.createdAt)).toBeGreaterThan(0);
    expect(first).toMatchObject({ translatedText: null, optimizedAnswer: null });
  });

  it('keeps a translation next to the original', async () => {
    const m = (await s.api('GET', `/api/v1/chats/${chats.shipping}`, { token })).json.messages[0];
    const put = await s.api('PUT', `/api/v1/chats/${chats.shipping}/messages/${m.id}`, {
      token,
      body: { translatedText: 'How much is shipping?', translatedLang: 'en' },
    });
    expect(put.status).toBe(200);
    const again = (await s.api('GET', `/api/v1/chats/${chats.shipping}`, { token })).json.messages[0];
    expect(again).toMatchObject({ question: 'Was kostet der Versand?', translatedText: 'How much is shipping?', translatedLang: 'en' });
    const bad = await s.api('PUT', `/api/v1/chats/${chats.shipping}/messages/${m.id}`, { token, body: { translatedText: 'x', translatedLang: 'klingon' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('LanguageNotAvailable');
    const extra = await s.api('PUT', `/api/v1/chats/${chats.shipping}/messages/${m.id}`, { token, body: { translatedText: 'x', translatedLang: 'en', answer: 'y' } });
    expect(extra.status).toBe(400);
    // A message of another chat is not found under this one.
    const lead = (await s.api('GET', `/api/v1/chats/${chats.lead}`, { token })).json.messages[0];
    expect((await s.api('PUT', `/api/v1/chats/${chats.shipping}/messages/${lead.id}`, { token, body: { translatedText: 'x', translatedLang: 'en' } })).status).toBe(404);
  });
});

describe('optimize an answer', () => {
  it('saves it as an active pair from the chat history, and the next visitor gets it', async () => {
    const chat = (await s.api('GET', `/api/v1/chats/${chats.shipping}`, { token })).json;
    const m = chat.messages[0];
    expect(m.answeredBy).toBe('retrieval');
    const better = 'Der Versand kostet 4,90 €, ab 50 € Bestellwert ist er kostenlos.';
    const r = await s.api('POST', `/api/v1/chats/${chats.shipping}/messages/${m.id}/optimize`, { token, body: { answer: better } });
    expect(r.status).toBe(200);
    expect(r.json.created).toBe(true);
    expect(r.json.qna).toMatchObject({ question: 'Was kostet der Versand?', answer: better, active: true, fromChatHistory: true, lang: 'de' });
    expect(r.json.message.optimizedAnswer).toBe(better);
    expect((await s.api('GET', `/api/v1/chats/${chats.shipping}`, { token })).json.messages[0]).toMatchObject({ optimizedAnswer: better, optimizedQnaId: r.json.qna.id });

    // The training screen lists it among the pairs from the chat history.
    const pairs = await s.api('GET', `/api/v1/qna?${q({ filter: { chatbotId: bot, fromChatHistory: true } })}`, { token });
    expect(pairs.json.map((p: any) => p.id)).toEqual([r.json.qna.id]);

    // The widget's next answer to that question is the optimized one.
    const visitor = await openChat(s, bot);
    const answer = await visitor.ask('Was kostet der Versand?');
    expect(answer.json).toMatchObject({ answer: better, answeredBy: 'qna' });
    expect(answer.json.sources[0]).toMatchObject({ type: 'qna', id: r.json.qna.id });
    await s.api('DELETE', `/api/v1/chats/${visitor.chatId}`, { token });
  });

  it('optimizing again updates the same pair instead of adding one', async () => {
    const m = (await s.api('GET', `/api/v1/chats/${chats.shipping}`, { token })).json.messages[0];
    const r = await s.api('POST', `/api/v1/chats/${chats.shipping}/messages/${m.id}/optimize`, { token, body: { answer: 'Versand: 4,90 €.' } });
    expect(r.json).toMatchObject({ created: false, qna: { id: m.optimizedQnaId, answer: 'Versand: 4,90 €.' } });
    const n = await s.db.query<{ n: number }>('select count(*)::int n from qna where chatbot_id = $1', [bot]);
    expect(n.rows[0].n).toBe(1);
    const visitor = await openChat(s, bot);
    expect((await visitor.ask('was kostet der versand')).json.answer).toBe('Versand: 4,90 €.');
    await s.api('DELETE', `/api/v1/chats/${visitor.chatId}`, { token });
  });

  it('refuses an empty answer and unknown fields', async () => {
    const m = (await s.api('GET', `/api/v1/chats/${chats.hr}`, { token })).json.messages[0];
    const path = `/api/v1/chats/${chats.hr}/messages/${m.id}/optimize`;
    expect((await s.api('POST', path, { token, body: { answer: '   ' } })).json.error).toBe('ValidationFailed');
    expect((await s.api('POST', path, { token, body: {} })).status).toBe(400);
    expect((await s.api('POST', path, { token, body: { answer: 'ok', active: false } })).status).toBe(400);
    expect((await s.api('POST', path, { token, body: 'not json' , headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('CSV export', () => {
  const exportCsv = (params: Record<string, unknown>, t = token) =>
    s.api('GET', `/api/v1/chats/export?${q({ filter: { chatbotId: bot }, tz: 'Europe/Berlin', ...params })}`, { token: t });

  it('writes one row per message with lead fields, UTF-8 with BOM, semicolons for German', async () => {
    const r = await exportCsv({ amount: 10, locale: 'de' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="Chat_Export_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.headers.get('x-export-chats')).toBe('3');
    expect(r.headers.get('x-export-skipped')).toBe('1'); // the chat without messages
    // fetch's text() drops a byte-order mark, so read the bytes.
    const raw = await fetch(`${s.url}/api/v1/chats/export?${q({ filter: { chatbotId: bot }, amount: 10, locale: 'de' })}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toContain('Jörg Müller-Lüdenscheidt');
    const parsed = Papa.parse<string[]>(r.text, { skipEmptyLines: true });
    expect(parsed.meta.delimiter).toBe(';');
    const [header, ...rows] = parsed.data;
    expect(header.slice(0, 7)).toEqual(['Chat-ID', 'Datum', 'Kategorie', 'Frage', 'Antwort', 'Optimierte Antwort', 'Übersetzung der Frage']);
    expect(header).toContain('Telefonnummer');
    expect(rows).toHaveLength(4); // 2 + 1 + 1 messages
    const leadRows = rows.filter((x) => x[0] === chats.lead);
    expect(leadRows.map((x) => x[3])).toEqual(['Wie lange dauert die Lieferung?', 'Können Sie mich zurückrufen?']);
    expect(leadRows[0][2]).toBe('Kontakt');
    expect(leadRows[0][header.indexOf('Name')]).toBe('Jörg Müller-Lüdenscheidt');
    expect(leadRows[0][header.indexOf('E-Mail')]).toBe('joerg@example.test');
    expect(leadRows[0][1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const shipping = rows.find((x) => x[0] === chats.shipping)!;
    expect(shipping[5]).toBe('Versand: 4,90 €.');
    expect(shipping[6]).toBe('How much is shipping?');
  });

  it('follows the filters and the amount, English headers with commas', async () => {
    const r = await exportCsv({ amount: 1, locale: 'en', filter: { chatbotId: bot, category: 'hr' } });
    const parsed = Papa.parse<string[]>(r.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.meta.delimiter).toBe(',');
    expect(parsed.data[0].slice(0, 4)).toEqual(['Chat ID', 'Date', 'Category', 'Question']);
    expect(parsed.data.slice(1).map((x) => [x[0], x[2]])).toEqual([[chats.hr, 'HR']]);
    const none = await exportCsv({ amount: 5, filter: { chatbotId: bot, q: 'nichtsdergleichen' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('x-export-chats')).toBe('0');
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    const c = await openChat(s, bot);
    await c.ask('=HYPERLINK("http://evil.example","klick")');
    const r = await exportCsv({ amount: 1, locale: 'en' });
    const row = Papa.parse<string[]>(r.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data[1];
    expect(row[3]).toBe('\'=HYPERLINK("http://evil.example","klick")');
    await s.api('DELETE', `/api/v1/chats/${c.chatId}`, { token });
  });

  it('requires an amount of at least 1, a known locale and time zone', async () => {
    for (const bad of [{}, { amount: 0 }, { amount: -3 }, { amount: 'abc' }, { amount: 1.5 }, { amount: 100_001 }, { amount: 1, locale: 'fr' }, { amount: 1, tz: 'Mars/Olympus' }]) {
      const r = await exportCsv(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
  });

  it('exports 10,000 chats (20,000 messages) as a stream', async () => {
    const seeded = Date.now();
    const big = await createChatbot(s, orgId);
    await s.db.query(
      `insert into chats (id, chatbot_id, organization_id, visitor_id, lang, category, created_at, message_count, lead)
       select gen_random_uuid(), $1, $2, 'v' || i, 'de', (array['general','contact','hr'])[1 + i % 3], now() - i * interval '1 minute', 2,
              case when i % 3 = 1 then jsonb_build_object('name', 'Käthe ' || i, 'email', 'k' || i || '@example.test') end
         from generate_series(1, 10000) i`,
      [big, orgId],
    );
    await s.db.query(
      `insert into messages (chat_id, chatbot_id, organization_id, question, answer, created_at)
       select c.id, c.chatbot_id, c.organization_id, 'Frage ' || n || ' über Größe; "Maße"', 'Antwort für ' || c.visitor_id, c.created_at + n * interval '1 second'
         from chats c, generate_series(1, 2) n where c.chatbot_id = $1`,
      [big],
    );
    console.log(`seeded 10,000 chats in ${Date.now() - seeded} ms`);
    const started = Date.now();
    const r = await exportCsv({ amount: 10_000, locale: 'de', filter: { chatbotId: big } });
    console.log(`export of 10,000 chats: ${Date.now() - started} ms, ${r.text.length} characters`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-export-chats')).toBe('10000');
    const rows = Papa.parse<string[]>(r.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    expect(rows).toHaveLength(20_000);
    expect(new Set(rows.map((x) => x[0])).size).toBe(10_000);
    expect(rows[0][3]).toBe('Frage 1 über Größe; "Maße"');
    expect(rows[0][4]).toBe('Antwort für v1'); // newest chat first
    expect(rows.filter((x) => x[2] === 'Kontakt' && x[7].startsWith('Käthe')).length).toBe(2 * 3334);

    // The last page of a filtered list of 10,000 chats.
    const listed = await s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: big, category: 'contact', read: false }, range: [3330, 3339] })}`, { token });
    expect(listed.headers.get('content-range')).toBe('chats 3330-3333/3334');
    expect(listed.json.map((c: any) => c.preview)).toEqual(['Frage 1 über Größe; "Maße"', 'Frage 1 über Größe; "Maße"', 'Frage 1 über Größe; "Maße"', 'Frage 1 über Größe; "Maße"']);
  }, 120_000);
});

describe('delete', () => {
  it('removes the chat and its messages; the statistics keep it as counts', async () => {
    const r = await s.api('DELETE', `/api/v1/chats/${chats.lead}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(chats.lead);
    expect((await s.api('GET', `/api/v1/chats/${chats.lead}`, { token })).status).toBe(404);
    expect((await s.db.query<{ n: number }>('select count(*)::int n from messages where chat_id = $1', [chats.lead])).rows[0].n).toBe(0);
    const tally = await s.db.query<any>("select chats, messages, leads, day::text as day from chat_deletion_tallies where chatbot_id = $1 and day = '2026-03-04'", [bot]);
    expect(tally.rows[0]).toMatchObject({ chats: 1, messages: 2, leads: 1 });
    expect((await s.api('DELETE', `/api/v1/chats/${chats.lead}`, { token })).status).toBe(404);
    const again = await s.db.query<any>("select chats from chat_deletion_tallies where chatbot_id = $1 and day = '2026-03-04'", [bot]);
    expect(again.rows[0].chats).toBe(1);
  });
});

describe('tenant isolation and bad input', () => {
  it('answers 404 for another tenant\'s chats, messages and chatbot', async () => {
    const t = other.token;
    const m = (await s.api('GET', `/api/v1/chats/${chats.hr}`, { token })).json.messages[0];
    expect((await s.api('GET', `/api/v1/chats/${chats.hr}`, { token: t })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/chats/${chats.hr}`, { token: t, body: { favorite: true } })).status).toBe(404);
    expect((await s.api('DELETE', `/api/v1/chats/${chats.hr}`, { token: t })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/chats/${chats.hr}/messages/${m.id}`, { token: t, body: { translatedText: 'x', translatedLang: 'en' } })).status).toBe(404);
    expect((await s.api('POST', `/api/v1/chats/${chats.hr}/messages/${m.id}/optimize`, { token: t, body: { answer: 'hijacked' } })).status).toBe(404);
    expect((await list({}, {}, t)).status).toBe(404);
    expect((await s.api('GET', `/api/v1/chats/counts?${q({ filter: { chatbotId: bot } })}`, { token: t })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/chats/export?${q({ filter: { chatbotId: bot }, amount: 5 })}`, { token: t })).status).toBe(404);
    // Still untouched.
    const mine = (await s.api('GET', `/api/v1/chats/${chats.hr}`, { token })).json;
    expect(mine.favorite).toBe(false);
    expect(mine.messages[0].optimizedAnswer).toBeNull();
    // And the other tenant sees only its own chat.
    const theirs = await s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: other.bot } })}`, { token: t });
    expect(ids(theirs)).toEqual([other.chatId]);
  });

  it('refuses bad filters, sorts, ranges and ids', async () => {
    for (const extra of [
      { filter: { chatbotId: bot, category: 'spam' } },
      { filter: { chatbotId: bot, read: 'yes' } },
      { filter: { chatbotId: bot, from: 'yesterday' } },
      { filter: { chatbotId: bot, from: '2026-03-05', to: '2026-03-01' } },
      { filter: { chatbotId: bot, id: ['not-a-uuid'] } },
      { filter: { chatbotId: bot, q: 'x'.repeat(201) } },
      { filter: {} },
      { filter: { chatbotId: bot }, sort: ['visitor_id; drop table chats', 'ASC'] },
      { filter: { chatbotId: bot }, range: [5, 1] },
    ]) {
      const r = await s.api('GET', `/api/v1/chats?${q(extra)}`, { token });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    expect((await s.api('GET', '/api/v1/chats?filter={nope', { token })).status).toBe(400);
    expect((await s.api('GET', '/api/v1/chats/not-a-uuid', { token })).status).toBe(404);
    expect((await s.api('GET', '/api/v1/chats/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/chats/${chats.hr}`, { token, body: { favorite: 'yes' } })).status).toBe(400);
    expect((await s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: bot } })}`)).status).toBe(401);
  });
});
