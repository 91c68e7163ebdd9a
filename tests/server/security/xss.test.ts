import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../server/src/app.ts';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';
import { startHttp } from '../fakeServers.ts';
import { addPage, addQna, openChat } from '../publicSeed.ts';

/**
 * Hostile text (page titles, Q&A, contacts, UI texts, visitor messages, translations) is data: the API
 * stores and returns it unchanged as JSON, never as HTML, and the dashboard and widget code never parse
 * text as HTML (the widget's rendering of it is tested in tests/unit/widget-render.test.ts).
 */
const SCRIPT = '<script>alert("xss")</script>';
const IMG = '<img src=x onerror=alert(1)>';
const BREAKOUT = '"><svg/onload=alert(1)>';
const PAYLOAD = `${SCRIPT} ${IMG} ${BREAKOUT} </script><script>alert(2)</script> {{constructor.constructor('alert(3)')()}} [klick](javascript:alert(4))`;

let s: TestServer;
let translator: Awaited<ReturnType<typeof startHttp>>;
let token: string;
let bot: string;

/** Every answer that carries stored text is JSON the browser will not sniff into HTML. */
function expectJson(r: { status: number; headers: Headers; text: string }) {
  expect(r.headers.get('content-type'), r.text).toMatch(/^application\/json/);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
}

beforeAll(async () => {
  // A translation service whose answers are hostile too (LibreTranslate's API).
  translator = await startHttp((req, body, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/languages') return void res.end(JSON.stringify(['de', 'en'].map((code) => ({ code, name: code, targets: [] }))));
    res.end(JSON.stringify({ translatedText: `${IMG} ${JSON.parse(body).q}` }));
  });
  s = await startTestServer({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_API_URL: translator.url });
  const u = await s.createUser();
  token = u.token;
  bot = await createChatbot(s, u.user.organization_id);
});
afterAll(async () => {
  await s?.close();
  await translator?.close();
});

describe('hostile text stored through the API comes back as data', () => {
  it('Q&A pairs and contacts: exactly as written, as JSON', async () => {
    const qna = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId: bot, lang: 'de', question: `Öffnungszeiten ${SCRIPT}?`, answer: PAYLOAD } });
    expect(qna.status, qna.text).toBe(201);
    const back = await s.api('GET', `/api/v1/qna/${qna.json.id}`, { token });
    expectJson(back);
    expect(back.json).toMatchObject({ question: `Öffnungszeiten ${SCRIPT}?`, answer: PAYLOAD });

    const contact = await s.api('POST', '/api/v1/contacts', { token, body: { chatbotId: bot, name: PAYLOAD.slice(0, 200), email: 'anna@shop.example', phone: '+49 30 123456', department: IMG } });
    expect(contact.status, contact.text).toBe(201);
    const c = await s.api('GET', `/api/v1/contacts/${contact.json.id}`, { token });
    expectJson(c);
    expect(c.json).toMatchObject({ name: PAYLOAD.slice(0, 200), department: IMG });
  });

  it("UI texts reach the widget's public config unchanged", async () => {
    const texts = { startMessage: PAYLOAD, placeholderText: BREAKOUT, chatbotToggleText: IMG, consentText: SCRIPT };
    const put = await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, { token, body: texts });
    expect(put.status, put.text).toBe(200);
    const config = await s.api('GET', `/api/v1/public/chatbots/${bot}/config?lang=de`);
    expectJson(config);
    expect(config.json.config).toMatchObject(texts);
  });

  it('answers carry a hostile Q&A answer and page title as JSON text; the visitor message is stored as asked', async () => {
    await addQna(s, bot, { question: 'Wie lautet der Rabattcode?', answer: `Der Code ist ${IMG}` });
    await addPage(s, bot, { url: 'https://shop.example/versand', title: SCRIPT, text: 'Der Versand nach Österreich kostet 9,90 Euro und dauert drei Tage.' });
    const chat = await openChat(s, bot);
    const qa = await chat.ask('Wie lautet der Rabattcode?');
    expectJson(qa);
    expect(qa.json.answer).toContain(`Der Code ist ${IMG}`);
    const page = await chat.ask('Was kostet der Versand nach Österreich?');
    expect(page.json.sources.map((x: { title?: string }) => x.title)).toContain(SCRIPT);
    const visitor = await chat.ask(PAYLOAD.slice(0, 200));
    expect(visitor.status).toBe(200);
    const history = await s.api('GET', `/api/v1/chats/${chat.chatId}`, { token });
    expectJson(history);
    expect(history.json.messages.map((m: { question: string }) => m.question)).toContain(PAYLOAD.slice(0, 200));
  });

  it('a hostile translation comes back as JSON text', async () => {
    const r = await s.api('GET', `/api/v1/translations?lang=en&message=${encodeURIComponent(SCRIPT)}`, { token });
    expectJson(r);
    expect(r.json.text).toBe(`${IMG} ${SCRIPT}`);
  });

  it('markup in a path is never reflected into HTML', async () => {
    const probe = encodeURIComponent(SCRIPT);
    for (const p of [`/api/v1/public/chatbots/${probe}/config`, `/api/v1/${probe}`, `/api/v1/qna/${probe}`]) {
      const r = await s.api('GET', p, { token });
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expectJson(r);
    }
    const spa = await fetch(`${s.url}/${probe}`);
    expect(await spa.text()).not.toContain('alert("xss")');
  });
});

describe('the dashboard and widget never parse text as HTML', () => {
  const SINKS = /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(|srcdoc|createContextualFragment|DOMParser/;
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.(tsx?|jsx?)$/.test(e.name) ? [path.join(dir, e.name)] : []));

  it.each(['src', 'widget/src', 'i18n'])('%s has no HTML sink', (dir) => {
    const found = files(path.join(ROOT, dir)).filter((f) => SINKS.test(fs.readFileSync(f, 'utf8')));
    expect(found.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
