/**
 * Hostile and tiny uploads on every upload route (documents as file or URL, the Q&A xlsx import): a
 * 20,000-page PDF, DOCX zip bombs, a chunked 100 MB body, files of 0–3 bytes. Each gets a 4xx with its
 * error key, leaves no document row and no stored file behind, and the API answers /health meanwhile.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';
import { docxBomb, manyPagePdf } from './hostileFiles.ts';

let s: TestServer;
let token: string;
let chatbotId: string;
let uploadDir: string;
let files: http.Server;
let filesBase = '';
/** What the local file server answers for /file/<name>. */
const served = new Map<string, Buffer>();
const MAX_UPLOAD_MB = 5;

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-test-'));
  s = await startTestServer({ UPLOAD_DIR: uploadDir, MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) });
  const u = await s.createUser();
  token = u.token;
  chatbotId = await createChatbot(s, u.user.organization_id, { lang: 'de' });
  files = http.createServer((req, res) => {
    const body = served.get(decodeURIComponent((req.url ?? '').replace('/file/', '')));
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => files?.close(r));
  await fs.rm(uploadDir, { recursive: true, force: true });
});

async function upload(route: string, name: string, content: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ chatbotId, lang: 'de', ...fields })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(s.url + route, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, json: await res.json() };
}

async function storedFiles(dir = uploadDir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

/** What is stored for the chatbot: document rows, their passages, question-answer pairs and files. */
async function stored() {
  const count = async (sql: string) => (await s.db.query<{ n: number }>(sql, [chatbotId])).rows[0].n;
  return {
    documents: await count('select count(*)::int n from documents where chatbot_id = $1'),
    passages: await count('select count(*)::int n from passages where chatbot_id = $1'),
    qna: await count('select count(*)::int n from qna where chatbot_id = $1'),
    files: (await storedFiles()).length,
  };
}

/**
 * Runs an upload while asking /health one request after another; returns the upload's answer and how
 * many health answers (all 200) arrived before it. The API's own thread must stay free to answer.
 */
async function whileAskingHealth<T>(work: () => Promise<T>) {
  let done = false;
  const answered: number[] = [];
  const result = work().finally(() => (done = true));
  const asker = (async () => {
    while (!done) {
      const res = await fetch(`${s.url}/health`);
      await res.arrayBuffer();
      if (!done) answered.push(res.status);
    }
  })();
  const value = await result;
  await asker;
  return { value, healthAnswers: answered };
}

const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);

/**
 * Files refused for their size or shape before anything is written: reading them is the work (the extraction
 * child, the body limit), the same whichever database the server has, so the PGlite pass runs them and the
 * PostgreSQL pass does not repeat minutes of building and unpacking bombs. What is stored is checked on both.
 */
const refusedBeforeStoring = it.skipIf(!!process.env.TEST_DATABASE_URL);

describe('documents that would take the server down', () => {
  refusedBeforeStoring('a PDF of 20,000 pages → 413 FileTooLarge (pages) before its pages are read; /health answers meanwhile', async () => {
    const pdf = manyPagePdf(20_000);
    const before = await stored();
    const rss = rssMb();
    const { value: r, healthAnswers } = await whileAskingHealth(() => upload('/api/v1/documents', 'viele-seiten.pdf', pdf));
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ error: 'FileTooLarge', details: { limit: 'pages', max: 2000 } });
    expect(healthAnswers.length).toBeGreaterThan(0);
    expect(healthAnswers.every((status) => status === 200)).toBe(true);
    expect(await stored()).toEqual(before);
    console.log(`[figure] 20,000-page PDF (${(pdf.length / 2 ** 20).toFixed(1)} MB): test process RSS ${rss} MB → ${rssMb()} MB`);
  });

  refusedBeforeStoring.each(['honest', 'lying'] as const)('a DOCX whose document.xml inflates to 200 MB (%s sizes) → 413 FileTooLarge (inflatedBytes)', async (declared) => {
    const bomb = await docxBomb(200 * 2 ** 20, declared);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_MB * 2 ** 20);
    const before = await stored();
    const rss = rssMb();
    const { value: r, healthAnswers } = await whileAskingHealth(() => upload('/api/v1/documents', 'bombe.docx', bomb));
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ error: 'FileTooLarge', details: { limit: 'inflatedBytes' } });
    expect(healthAnswers.length).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    console.log(`[figure] DOCX bomb (${(bomb.length / 2 ** 20).toFixed(2)} MB, ${declared}): test process RSS ${rss} MB → ${rssMb()} MB`);
  });

  refusedBeforeStoring('a DOCX within the unpacked limit (90 MB of paragraphs) that needs more memory to read → 413 FileTooLarge; /health answers meanwhile', async () => {
    const heavy = await docxBomb(90 * 2 ** 20, 'honest');
    const before = await stored();
    const rss = rssMb();
    const { value: r, healthAnswers } = await whileAskingHealth(() => upload('/api/v1/documents', 'schwer.docx', heavy));
    expect(r.status).toBe(413);
    expect(r.json.error).toBe('FileTooLarge');
    // Reading it fills the child's heap within seconds; a machine slow enough would reach the deadline first.
    expect(['memoryMb', 'seconds']).toContain(r.json.details.limit);
    expect(healthAnswers.length).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    console.log(`[figure] DOCX of 90 MB paragraphs: ${r.json.details.limit}; test process RSS ${rss} MB → ${rssMb()} MB`);
  });

  refusedBeforeStoring('the same bomb as a Q&A import (an xlsx is a zip too) → 413, no pair stored', async () => {
    const bomb = await docxBomb(200 * 2 ** 20, 'lying');
    const before = await stored();
    const r = await upload('/api/v1/qna/import', 'bombe.xlsx', bomb, { mode: 'import' });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ error: 'FileTooLarge', details: { limit: 'inflatedBytes' } });
    expect(await stored()).toEqual(before);
  });

  it('a text document over 2,000,000 characters → 413 FileTooLarge (characters); one under it is stored', async () => {
    const line = 'Die Garantie gilt zehn Jahre auf alle Rahmen und fünf Jahre auf die Gabel.\n';
    const tooLong = Buffer.from(line.repeat(Math.ceil(2_000_001 / line.length)));
    const before = await stored();
    const r = await upload('/api/v1/documents', 'lang.txt', tooLong);
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ error: 'FileTooLarge', details: { limit: 'characters', max: 2_000_000 } });
    expect(await stored()).toEqual(before);
    const ok = await upload('/api/v1/documents', 'kurz.txt', Buffer.from(line.repeat(10)));
    expect(ok.status).toBe(201);
    expect(ok.json.characters).toBe(line.repeat(10).trim().length);
    expect((await s.api('DELETE', `/api/v1/documents/${ok.json.id}`, { token })).status).toBe(200);
  });

  it('a document near the character limit is indexed in full while /health keeps answering', async () => {
    // Distinct lines, so each unit is its own passage; the vectors are computed in short statements between health checks.
    const lines = Array.from({ length: 20_000 }, (_, i) => `Abschnitt ${i}: Die Garantie für Rahmen Nummer ${i} gilt zehn Jahre ab Kaufdatum.`);
    const { value: r, healthAnswers } = await whileAskingHealth(() => upload('/api/v1/documents', 'handbuch.txt', Buffer.from(lines.join('\n'))));
    expect(r.status).toBe(201);
    expect(healthAnswers.length).toBeGreaterThan(1);
    expect(healthAnswers.every((status) => status === 200)).toBe(true);
    const passages = await s.db.query<{ n: number; vectors: number; last: string }>(
      `select count(*)::int n, count(*) filter (where tsv @@ to_tsquery('german', 'garantie & rahmen'))::int vectors, max(text) filter (where text like '%19999%') last
         from passages where source_id = $1`,
      [r.json.id],
    );
    expect(passages.rows[0].n).toBeGreaterThan(500);
    expect(passages.rows[0].vectors).toBe(passages.rows[0].n);
    expect(passages.rows[0].last).toContain('Abschnitt 19999');
    expect((await s.api('DELETE', `/api/v1/documents/${r.json.id}`, { token })).status).toBe(200);
  });
});

/**
 * Sends a multipart upload of a `fileBytes` file in 64 KB chunks, chunked or with its length declared;
 * resolves with the answer and the bytes written until it came.
 */
function largeUpload(fileBytes: number, length: 'chunked' | 'declared') {
  const boundary = '----hostile-boundary';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="chatbotId"\r\n\r\n${chatbotId}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="gross.txt"\r\ncontent-type: text/plain\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const framing = length === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(head.length + fileBytes + tail.length) };
  return new Promise<{ status: number; json: any; written: number }>((resolve, reject) => {
    const req = http.request(`${s.url}/api/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, ...framing },
    });
    let written = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text), written }));
    });
    // The server may close the connection once it has answered; what was not sent then does not matter.
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    req.write(head);
    const pump = () => {
      while (!answered && written < fileBytes) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    pump();
  });
}

describe('size limit for bodies with and without a declared length', () => {
  refusedBeforeStoring.each(['chunked', 'declared'] as const)('a 100 MB file sent %s → 413 FileTooLarge before the whole body is taken in; nothing stored', async (length) => {
    const before = await stored();
    const r = await largeUpload(100 * 2 ** 20, length);
    expect(r.status).toBe(413);
    expect(r.json.error).toBe('FileTooLarge');
    expect(r.written).toBeLessThan(100 * 2 ** 20);
    expect(await stored()).toEqual(before);
  });
});

describe('tiny and empty files on every upload route', () => {
  // The first bytes of each format's signature, so a reader that trusts a prefix would stumble.
  const prefixes: Record<string, string> = { pdf: '%PD', docx: 'PK\x03', xlsx: 'PK\x03', txt: '\x00\x01\x02' };
  const sizes = [0, 1, 2, 3];

  it('documents (file upload): 0 bytes → 400 ValidationFailed; 1–3 bytes of a signature → 415 FileTypeNotSupported', async () => {
    const before = await stored();
    for (const ext of ['pdf', 'docx', 'txt'])
      for (const n of sizes) {
        const r = await upload('/api/v1/documents', `klein.${ext}`, Buffer.from(prefixes[ext].slice(0, n), 'latin1'));
        expect(r.status, `${ext} ${n} bytes`).toBe(n === 0 ? 400 : 415);
        expect(r.json.error).toBe(n === 0 ? 'ValidationFailed' : 'FileTypeNotSupported');
      }
    expect(await stored()).toEqual(before);
  });

  it('documents (from a URL): 0–3 bytes → the same errors', async () => {
    const before = await stored();
    for (const n of sizes) {
      served.set(`klein${n}.pdf`, Buffer.from(prefixes.pdf.slice(0, n), 'latin1'));
      const r = await s.api('POST', '/api/v1/documents/url', { token, body: { chatbotId, lang: 'de', url: `${filesBase}/file/klein${n}.pdf` } });
      expect(r.status, `${n} bytes`).toBe(n === 0 ? 400 : 415);
      expect(r.json.error).toBe(n === 0 ? 'ValidationFailed' : 'FileTypeNotSupported');
    }
    expect(await stored()).toEqual(before);
  });

  it('Q&A import: 0 bytes → 400 ValidationFailed; 1–3 bytes → 400 QnaImportFailed or QnaImportColumns', async () => {
    const before = await stored();
    for (const content of ['PK\x03', 'abc'])
      for (const n of sizes) {
        const r = await upload('/api/v1/qna/import', 'klein.xlsx', Buffer.from(content.slice(0, n), 'latin1'), { mode: 'import' });
        expect(r.status, `${JSON.stringify(content.slice(0, n))}`).toBe(400);
        expect(n === 0 ? ['ValidationFailed'] : ['QnaImportFailed', 'QnaImportColumns']).toContain(r.json.error);
      }
    expect(await stored()).toEqual(before);
  });

  it('a tiny text file that is text is a document of its characters', async () => {
    const r = await upload('/api/v1/documents', 'ja.txt', Buffer.from('Ja!'));
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ type: 'txt', size: 3, characters: 3 });
    expect(await storedFiles()).toHaveLength(1);
    expect((await s.api('DELETE', `/api/v1/documents/${r.json.id}`, { token })).status).toBe(200);
    expect(await storedFiles()).toHaveLength(0);
  });
});
