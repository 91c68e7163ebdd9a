import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createChatbot, startTestServer, type TestServer } from '../server/helpers.ts';
import { shot } from './support/shot.ts';

/**
 * The widget against content trained through the training API with the customer's token (a page of a
 * local site crawled by the real crawler, a question-answer pair, a default contact), on a page served by
 * this test with the snippet in its <head> and CSS that tries to break everything. Checks the answer with
 * its source, the hand-over to the contact person, the lead, the chat's category through the history API,
 * and that hostile trained content and messages stay inert.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let s: TestServer;
let token: string;
let bot: string;
let site: http.Server;
let siteUrl: string;

const HOSTILE_CSS = `* { font-family: "Comic Sans MS" !important; color: #f0f !important; }
div, button, form, textarea, input, a, header, h2 { display: none !important; background: lime !important; }
chatbot-widget { display: none !important; position: static !important; opacity: 0 !important; }
body > * { visibility: hidden !important; } h1 { visibility: visible !important; }`;

const PAGES: Record<string, string> = {
  '/lieferung.html': `<!doctype html><html lang="de"><head><title>Lieferung</title></head><body><main><h1>Lieferung</h1>
<p>Wir liefern Torten innerhalb von Berlin kostenlos ab einem Bestellwert von 40 Euro.</p>
<p>Die Lieferung erfolgt dienstags und donnerstags zwischen 9 und 14 Uhr.</p></main></body></html>`,
  '/aktion.html': `<!doctype html><html lang="de"><head><title>Aktion</title></head><body><main><h1>Aktion</h1>
<p>Der Gutscheincode lautet <img src=x onerror="window.__xss=1">KUCHEN5 und gilt für Obstkuchen.</p>
<script>window.__xss = 2</script><a href="javascript:window.__xss=3">Zum Gutschein</a></main></body></html>`,
};

async function api(method: string, p: string, body?: unknown) {
  const r = await s.api(method, p, { token, body });
  expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
  return r.json;
}

async function trainPage(url: string) {
  const job = await api('POST', '/api/v1/scrape-jobs', { chatbotId: bot, lang: 'de', type: 'single', url });
  let last: { status: string } | undefined;
  await expect
    .poll(async () => (last = await api('GET', `/api/v1/scrape-jobs/${job.id}`)).status, { message: `training ${url}`, timeout: 60_000 })
    .toMatch(/^(completed|failed)$/);
  expect(last!.status, JSON.stringify(last)).toBe('completed');
}

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page);
    }
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Konditorei</title><style>${HOSTILE_CSS}</style>
<script src="${s.url}/widget.js" data-chatbot-id="${bot}" defer></script></head><body><h1>Konditorei Beispiel</h1></body></html>`);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  bot = await createChatbot(s, u.user.organization_id, { url: siteUrl.replace('http:', 'https:') });
  await trainPage(`${siteUrl}/lieferung.html`);
  await trainPage(`${siteUrl}/aktion.html`);
  await api('POST', '/api/v1/qna', {
    chatbotId: bot,
    lang: 'de',
    question: 'Was ist eure Spezialität?',
    answer: 'Unsere Spezialität ist Schwarzwälder Kirschtorte. <script>window.__xss=4</script> [Mehr](javascript:window.__xss=5) <b onmouseover="window.__xss=6">fett</b>',
  });
  await api('POST', '/api/v1/contacts', { chatbotId: bot, lang: 'de', name: 'Clara Konditor', email: 'clara@konditorei.example', phone: '+49 30 7654321', department: 'Bestellungen', isDefault: true });
  await api('PUT', `/api/v1/uiconfig/${bot}/de`, { title: 'Konditorei-Bot', collectContacts: true, leadFormTriggerCount: 3 });
});

test.afterAll(async () => {
  await new Promise((r) => site?.close(r));
  await s?.close();
});

const toggle = (page: Page) => page.locator('chatbot-widget').locator('button.toggle');
const dialog = (page: Page) => page.locator('chatbot-widget').getByRole('dialog');

async function ask(page: Page, text: string) {
  const before = await dialog(page).locator('.msg.bot').count();
  await dialog(page).getByRole('textbox').fill(text);
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page).locator('.msg.bot')).toHaveCount(before + 1);
  return dialog(page).locator('.msg.bot').last();
}

test('answers from a crawled page with its source, hands over to the contact person, takes the lead', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await toggle(page).click();
  await expect(dialog(page).getByRole('heading', { name: 'Konditorei-Bot' })).toBeVisible();

  const answer = await ask(page, 'Wann erfolgt die Lieferung?');
  await expect(answer).toContainText('dienstags und donnerstags');
  await expect(answer.getByRole('link', { name: /Lieferung/ })).toHaveAttribute('href', `${siteUrl}/lieferung.html`);

  const unknown = await ask(page, 'Wie hoch ist der Eiffelturm?');
  await expect(unknown).toContainText('Clara Konditor');
  await expect(unknown.getByRole('link', { name: 'clara@konditorei.example' })).toHaveAttribute('href', 'mailto:clara@konditorei.example');

  await ask(page, 'Kann ich eine Hochzeitstorte bestellen?');
  const form = dialog(page).getByRole('form', { name: 'Kontakt aufnehmen' });
  await expect(form).toBeVisible();
  await form.getByLabel('Vollständiger Name *').fill('Jonas Beispiel');
  await form.getByLabel('E-Mail-Adresse *').fill('jonas@example.test');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Absenden' }).click();
  await expect(dialog(page)).toContainText('Vielen Dank!');
  await shot(page, 'widget-trained-lead');

  // The chat is in the history API, categorised contact, with the lead and the answers' sources.
  const filter = encodeURIComponent(JSON.stringify({ chatbotId: bot, category: 'contact' }));
  const chats = await api('GET', `/api/v1/chats?filter=${filter}`);
  expect(chats).toHaveLength(1);
  const chat = await api('GET', `/api/v1/chats/${chats[0].id}`);
  expect(chat.category).toBe('contact');
  expect(JSON.stringify(chat)).toContain('jonas@example.test');
  expect(JSON.stringify(chat)).toContain(`${siteUrl}/lieferung.html`);
});

test('hostile trained content and messages stay inert', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await toggle(page).click();
  const coupon = await ask(page, 'Wie lautet der Gutscheincode für Obstkuchen?');
  await expect(coupon).toContainText('KUCHEN5');
  const special = await ask(page, 'Was ist eure Spezialität?');
  await expect(special).toContainText('Schwarzwälder Kirschtorte');
  await expect(special).toContainText('<script>window.__xss=4</script>');
  await shot(page, 'widget-trained-xss');
  // The third message also brings up the lead form (trigger count 3), which hides the log: checked below all the same.
  await ask(page, '<img src=x onerror="window.__xss=7"><script>window.__xss=8</script>');
  const log = dialog(page).getByRole('log');
  expect(await log.locator('img, script, b, [onerror], [onmouseover]').count()).toBe(0);
  const hrefs = await log.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => !/^(https?:|mailto:|tel:)/.test(h))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
});
