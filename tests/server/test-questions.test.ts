/**
 * Test questions and the quality score (issue 15 items 4–6): suggestions and a score after the first
 * training, the score job after a re-crawl (with the page change that broke a test), one run for a burst of
 * Q&A edits, import (xlsx and CSV), a test from a chat, tenancy, bad input, export and deletion with the chatbot.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { openChat } from './publicSeed.ts';

let s: TestServer;
let token: string;
let orgId: string;
let chatbotId: string;
let websiteId: string;
let site: http.Server;
let base = '';
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

const page = (title: string, body: string) => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><a href="/">Start</a> <a href="/zimmer.html">Zimmer</a> <a href="/faq.html">Fragen</a> <a href="/spa.html">Wellness</a></nav><main>${body}</main></body></html>`;
const pages: Record<string, string> = {
  '/': page('Hotel Seeblick', '<h1>Hotel Seeblick</h1><p>Unser Hotel liegt direkt am Ufer des Bodensees in Lindau.</p>'),
  '/zimmer.html': page('Zimmer', '<h1>Zimmer und Preise</h1><p>Das Doppelzimmer mit Seeblick kostet 129 Euro pro Nacht inklusive Frühstück.</p>'),
  '/faq.html': page('Häufige Fragen', `<h1>Häufige Fragen</h1>
    <h2>Haben Sie Parkplätze?</h2><p>Ja, es gibt zwanzig kostenlose Parkplätze direkt am Hotel.</p>
    <h2>Sind Hunde erlaubt?</h2><p>Hunde sind für 15 Euro pro Nacht willkommen.</p>`),
  '/spa.html': page('Wellness', '<h1>Sauna und Wellness</h1><p>Die Sauna ist täglich von 15 bis 21 Uhr geöffnet.</p>'),
};

async function upload(name: string, content: Buffer, fields: Record<string, string>, t = token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${s.url}/api/v1/test-questions/import`, { method: 'POST', headers: { authorization: `Bearer ${t}` }, body: form });
  return { status: res.status, json: await res.json() };
}
const sheet = (rows: unknown[][]) => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Tabelle1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

type Run = { id: string; trigger: string; status: string; total: number; passed: number; score: number | null; scrapeJobId: string | null; crawl: { added: number; changed: number; removed: number } | null };
const runs = async (t = token, bot = chatbotId) => (await s.api('GET', `/api/v1/test-questions/runs?filter=${q({ chatbotId: bot })}`, { token: t })).json as Run[];
/** The score history once it holds `n` completed runs and no run of the chatbot is queued or running. */
const waitForRuns = (n: number) =>
  vi.waitFor(async () => {
    const pending = await s.db.query<{ n: number }>(
      `select count(*)::int n from pgboss.job where name = 'test-questions-run' and singleton_key like $1 || '%' and state in ('created', 'retry', 'active')`, [chatbotId]);
    expect(pending.rows[0].n).toBe(0);
    const r = await runs();
    expect(r.filter((x) => x.status === 'completed').length).toBeGreaterThanOrEqual(n);
    expect(r.some((x) => x.status === 'running')).toBe(false);
    return r;
  }, { timeout: 45_000, interval: 150 });
const waitForJob = (id: string) =>
  vi.waitFor(async () => {
    const r = await s.api('GET', `/api/v1/scrape-jobs/${id}`, { token });
    expect(r.json.status).toMatch(/^(completed|failed)$/);
    return r.json;
  }, { timeout: 45_000, interval: 150 });
const list = async (filter: Record<string, unknown> = {}, t = token) =>
  s.api('GET', `/api/v1/test-questions?filter=${q({ chatbotId, ...filter })}&range=${q([0, 99])}&sort=${q(['createdAt', 'ASC'])}`, { token: t });

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) return res.writeHead(404).end('nope');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  s = await startTestServer({ CRAWL_PAGE_TIMEOUT_MS: '3000', TEST_RUN_DELAY_SECONDS: '1' });
  const u = await s.createUser();
  token = u.token;
  orgId = u.user.organization_id;
  chatbotId = await createChatbot(s, orgId, { url: base, lang: 'de' });
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => site?.close(r));
});

describe('test questions', () => {
  it('suggests test questions from the content after the first training and scores them', async () => {
    const w = await s.api('POST', '/api/v1/websites', { token, body: { chatbotId, lang: 'de', domain: base } });
    expect(w.status).toBe(201);
    websiteId = w.json.id;
    expect((await waitForJob(w.json.job.id)).status).toBe('completed');
    const [first] = await waitForRuns(1);
    expect(first).toMatchObject({ trigger: 'training', status: 'completed', scrapeJobId: w.json.job.id });
    const listed = (await list()).json as { question: string; origin: string; expectedUrl: string | null; status: string }[];
    expect(listed.length).toBe(first.total);
    expect(listed.every((t) => t.origin === 'suggested' && t.status !== 'new')).toBe(true);
    // FAQ questions of the page, expecting the page they are on, and the score counts them.
    expect(listed).toContainEqual(expect.objectContaining({ question: 'Haben Sie Parkplätze?', expectedUrl: `${base}/faq.html`, status: 'passed' }));
    expect(first.passed).toBe(listed.filter((t) => t.status === 'passed').length);
    expect(first.score).toBeCloseTo(first.passed / first.total, 3);
  });

  it('re-runs after a re-crawl and names the page change that broke a test', async () => {
    const created = await s.api('POST', '/api/v1/test-questions', {
      token, body: { chatbotId, question: 'Was kostet das Doppelzimmer?', expectedUrl: `${base}/zimmer.html/`, expectedFacts: ['129 €'] },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ origin: 'manual', lang: 'de', status: 'new', expectedFacts: ['129 €'] });
    const before = await waitForRuns(2);
    const mine = (await s.api('GET', `/api/v1/test-questions/${created.json.id}`, { token })).json;
    expect(mine).toMatchObject({ status: 'passed', lastResult: { sourceOk: true, factsOk: true, declined: false, cause: null } });

    pages['/zimmer.html'] = page('Zimmer', '<h1>Zimmer und Preise</h1><p>Unsere Zimmer vergeben wir derzeit nur über Reiseveranstalter.</p>');
    const r = await s.api('POST', `/api/v1/websites/${websiteId}/train-all`, { token });
    expect((await waitForJob(r.json.id)).pagesChanged).toBe(1);
    const after = await waitForRuns(before.length + 1);
    const last = after[after.length - 1];
    expect(last).toMatchObject({ trigger: 'training', scrapeJobId: r.json.id, crawl: { changed: 1 } });
    const failing = (await list({ status: 'failed' })).json as { id: string; lastResult: unknown }[];
    expect(failing.find((t) => t.id === created.json.id)?.lastResult).toMatchObject({ passed: false, factsOk: false, missingFacts: ['129 €'], cause: [{ url: `${base}/zimmer.html`, outcome: 'changed', scrapeJobId: r.json.id }] });
  });

  it('a burst of Q&A edits queues one run', async () => {
    const before = (await runs()).length;
    for (const [question, answer] of [['Gibt es WLAN?', 'Ja, kostenlos im ganzen Haus.'], ['Wann ist Check-in?', 'Ab 15 Uhr.'], ['Gibt es E-Ladesäulen?', 'Ja, zwei.']])
      expect((await s.api('POST', '/api/v1/qna', { token, body: { chatbotId, question, answer } })).status).toBe(201);
    // The score history lists the run waiting out its delay last, so a screen knows to watch for its score.
    const history = await runs();
    const queued = await s.db.query<{ n: number }>(
      `select count(*)::int n from pgboss.job where name = 'test-questions-run' and singleton_key = $1 and state = 'created'`, [chatbotId]);
    expect(queued.rows[0].n).toBe(1);
    expect(history).toHaveLength(before + 1);
    expect(history[before]).toMatchObject({ status: 'queued', trigger: 'training', score: null, total: 0 });
    expect((await waitForRuns(before + 1)).length).toBe(before + 1);
  });

  it('run now queues a manual run', async () => {
    const before = (await runs()).length;
    const r = await s.api('POST', '/api/v1/test-questions/run', { token, body: { chatbotId } });
    expect(r.status).toBe(202);
    expect(r.json).toEqual({ queued: true });
    const after = await waitForRuns(before + 1);
    expect(after[after.length - 1].trigger).toBe('manual');
  });

  // Four uploads, each read in a child process (the extraction sandbox): slow on a busy machine.
  it('imports xlsx and CSV in the Q&A import shape: check, duplicates, skip, bad rows', { timeout: 120_000 }, async () => {
    const file = sheet([
      ['Frage', 'Erwartete Seite', 'Fakten', 'Sprache'],
      ['Wann hat die Sauna geöffnet?', `${base}/spa.html`, '15:00; 21 Uhr'],
      ['Haben Sie Parkplätze?', `${base}/faq.html`], // suggested already
      ['Do you allow dogs?', '', '15', 'en'],
      ['Wann hat die Sauna geöffnet', `${base}/spa.html`], // twice in the file
    ]);
    const check = await upload('tests.xlsx', file, { chatbotId, lang: 'de' });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ total: 4, duplicatesInFile: 1, duplicatesExisting: 1, imported: 0 });
    expect(check.json.rows[0]).toMatchObject({ question: 'Wann hat die Sauna geöffnet?', lang: 'de', expectedUrl: `${base}/spa.html`, expectedFacts: ['15:00', '21 Uhr'] });
    expect(check.json.rows[2]).toMatchObject({ lang: 'en', expectedUrl: null, expectedFacts: ['15'] });
    const skip = await upload('tests.xlsx', file, { chatbotId, lang: 'de', mode: 'skip' });
    expect(skip.json).toMatchObject({ imported: 2, skipped: 2 });
    const csv = Buffer.from(`question;expected;facts\n"Wie viel kostet ein Hund?";${base}/faq.html;15 Euro\n`.replace(/;/g, ','));
    const fromCsv = await upload('tests.csv', csv, { chatbotId, mode: 'import' });
    expect(fromCsv.json).toMatchObject({ total: 1, imported: 1 });
    const imported = (await list({ origin: 'import' })).json as { question: string; lang: string; expectedFacts: string[] }[];
    expect(imported.map((t) => [t.question, t.lang]).sort()).toEqual([['Do you allow dogs?', 'en'], ['Wann hat die Sauna geöffnet?', 'de'], ['Wie viel kostet ein Hund?', 'de']]);

    const bad = await upload('kaputt.xlsx', sheet([['Frage'], ['', 'https://x.test/'], ['a', 'b', 'c', 'd', 'e'], ['Frage ok', 'preisliste.pdf']]), { chatbotId, mode: 'import' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'TestQuestionImportColumns', details: { rows: [2, 3], unknownSources: [4] } });
    expect((await list({ origin: 'import' })).json).toHaveLength(3); // nothing half-written
  });

  it('adds a test question from a chat in the history', async () => {
    const chat = await openChat(s, chatbotId, { lang: 'de' });
    const asked = await chat.ask('Sind Hunde erlaubt?');
    expect(asked.status).toBe(200);
    const r = await s.api('POST', '/api/v1/test-questions/from-chat', { token, body: { chatbotId, chatId: chat.chatId, messageId: asked.json.id } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ question: 'Sind Hunde erlaubt?', origin: 'chat', lang: 'de', expectedUrl: asked.json.sources[0].url });
  });

  it('refuses bad input with 400 and never a 500', async () => {
    const post = (body: unknown) => s.api('POST', '/api/v1/test-questions', { token, body });
    const bodies = [
      { chatbotId, question: '' },
      { chatbotId, question: 'x'.repeat(100_000) },
      { chatbotId, question: 'a\u0000b' },
      { chatbotId, question: 42 },
      { chatbotId, question: 'ok?', expectedUrl: 'javascript:alert(1)' },
      { chatbotId, question: 'ok?', expectedFacts: 'not a list' },
      { chatbotId, question: 'ok?', expectedFacts: Array(21).fill('x') },
      { chatbotId, question: 'ok?', expectedSource: { type: 'webpage', id: 'nope' } },
      { chatbotId, question: 'ok?', origin: 'suggested' },
      { chatbotId, question: 'ok?', extra: 1 },
    ];
    for (const body of bodies) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    expect((await s.api('POST', '/api/v1/test-questions', { token, body: '{"chatbotId":' })).status).toBe(400);
    expect((await s.api('GET', `/api/v1/test-questions?filter=${q({ chatbotId, status: 'weird' })}`, { token })).status).toBe(400);
    expect((await s.api('GET', `/api/v1/test-questions?filter=${q({ chatbotId })}&sort=${q(['answer; drop table x', 'ASC'])}`, { token })).status).toBe(400);
    for (const order of ['ASC', 'DESC']) {
      const sorted = await s.api('GET', `/api/v1/test-questions?filter=${q({ chatbotId })}&sort=${q(['status', order])}&range=${q([0, 99])}`, { token });
      expect(sorted.status).toBe(200);
      const statuses: string[] = sorted.json.map((t: { status: string }) => t.status).filter((x: string) => x !== 'new');
      const first = order === 'ASC' ? 'failed' : 'passed';
      expect(statuses, order).toEqual([...statuses.filter((x) => x === first), ...statuses.filter((x) => x !== first)]);
    }
    expect((await s.api('POST', '/api/v1/test-questions/from-chat', { token, body: { chatbotId, chatId: 'x', messageId: 'y' } })).status).toBe(400);
    // An expected source that is not this chatbot's: 404, nothing written.
    const n = (await list()).json.length;
    expect((await post({ chatbotId, question: 'Quelle?', expectedSource: { type: 'qna', id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await list()).json.length).toBe(n);
  });

  it('is tenant-scoped: another customer gets 404 for the chatbot, its questions, runs and chats', async () => {
    const other = await s.createUser();
    const id = (await list()).json[0].id;
    const t = other.token;
    expect((await s.api('GET', `/api/v1/test-questions/${id}`, { token: t })).status).toBe(404);
    expect((await s.api('PUT', `/api/v1/test-questions/${id}`, { token: t, body: { question: 'gekapert' } })).status).toBe(404);
    expect((await s.api('DELETE', `/api/v1/test-questions/${id}`, { token: t })).status).toBe(404);
    expect((await list({}, t)).status).toBe(404);
    expect((await s.api('GET', `/api/v1/test-questions/runs?filter=${q({ chatbotId })}`, { token: t })).status).toBe(404);
    expect((await s.api('POST', '/api/v1/test-questions/run', { token: t, body: { chatbotId } })).status).toBe(404);
    expect((await s.api('POST', '/api/v1/test-questions', { token: t, body: { chatbotId, question: 'x?' } })).status).toBe(404);
    expect((await upload('t.xlsx', sheet([['x?']]), { chatbotId, mode: 'import' }, t)).status).toBe(404);
    expect((await s.api('GET', '/api/v1/test-questions/not-a-uuid', { token })).status).toBe(404);
    // Their own chatbot cannot name this chatbot's chat or source either.
    const theirBot = await createChatbot(s, other.user.organization_id);
    const chat = await openChat(s, chatbotId, { lang: 'de' });
    const asked = await chat.ask('Haben Sie Parkplätze?');
    expect((await s.api('POST', '/api/v1/test-questions/from-chat', { token: t, body: { chatbotId: theirBot, chatId: chat.chatId, messageId: asked.json.id } })).status).toBe(404);
    const src = asked.json.sources[0];
    expect((await s.api('POST', '/api/v1/test-questions', { token: t, body: { chatbotId: theirBot, question: 'x?', expectedSource: { type: src.type, id: src.id } } })).status).toBe(404);
    expect((await s.api('GET', `/api/v1/test-questions/${id}`, { token })).json.question).not.toBe('gekapert');
  });

  it('edits and deletes a test question', async () => {
    const [t] = (await list({ origin: 'chat' })).json;
    const put = await s.api('PUT', `/api/v1/test-questions/${t.id}`, { token, body: { ...t, question: 'Darf mein Hund mit?', expectedFacts: ['15 Euro'] } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ question: 'Darf mein Hund mit?', expectedFacts: ['15 Euro'], origin: 'chat' });
    expect((await s.api('DELETE', `/api/v1/test-questions/${t.id}`, { token })).status).toBe(200);
    expect((await s.api('GET', `/api/v1/test-questions/${t.id}`, { token })).status).toBe(404);
  });

  it('is in the account export and goes with its chatbot', async () => {
    await waitForRuns(1);
    const exported = await s.api('GET', '/api/v1/account/export', { token });
    expect(exported.status).toBe(200);
    const n = async (table: string) => (await s.db.query<{ n: number }>(`select count(*)::int n from ${table} where chatbot_id = $1`, [chatbotId])).rows[0].n;
    expect(exported.json.test_questions).toHaveLength(await n('test_questions'));
    expect(exported.json.test_runs).toHaveLength(await n('test_runs'));
    expect(exported.json.test_results.length).toBe(await n('test_results'));
    expect(exported.json.test_results.length).toBeGreaterThan(0);
    await s.db.query('delete from chatbots where id = $1', [chatbotId]);
    expect([await n('test_questions'), await n('test_runs'), await n('test_results')]).toEqual([0, 0, 0]);
  });
});
