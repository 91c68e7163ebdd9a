import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createChatbot, startTestServer, type TestServer } from '../server/helpers.ts';
import { addContact, addPage } from '../server/publicSeed.ts';
import { SCREENSHOT_DIR } from './support/shot.ts';

/**
 * The embeddable widget in real Chromium: a customer's page on another origin (with CSS that tries
 * to break everything) carries the snippet in its <head>; a visitor asks, gets answers with sources,
 * is handed to the contact person, leaves a lead; hostile content stays inert; live config changes apply.
 * The chatbot's server runs in this process (PGlite in memory) so the test can seed and check its data.
 */
test.describe.configure({ mode: 'serial' });

let s: TestServer;
let site: http.Server;
let siteUrl: string;
let bot: string;
let token: string;

const HOSTILE_CSS = `
  * { font-family: "Comic Sans MS", cursive !important; color: #ff00ff !important; line-height: 3 !important; }
  div, button, form, textarea, input, a { display: none !important; background: lime !important; border: 9px dashed red !important; }
  chatbot-widget { display: none !important; position: static !important; opacity: 0 !important; }
  body > * { visibility: hidden !important; }
  h1 { display: block !important; visibility: visible !important; }
`;

function hostPage(chatbotId: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bäckerei Beispiel</title>
<style>${HOSTILE_CSS}</style>
<script>window.onmessage = function hostHandler() { window.__hostMessages = (window.__hostMessages || 0) + 1; };</script>
<script src="${s.url}/widget.js" data-chatbot-id="${chatbotId}" defer></script>
</head><body><h1>Willkommen bei der Bäckerei Beispiel</h1><p>Frische Brötchen jeden Tag.</p></body></html>`;
}

test.beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  bot = await createChatbot(s, u.user.organization_id, { url: 'https://baeckerei.example' });
  await addPage(s, bot, {
    url: 'https://baeckerei.example/oeffnungszeiten',
    title: 'Öffnungszeiten',
    text: 'Wir haben montags bis freitags von 6 bis 18 Uhr geöffnet. Am Samstag öffnen wir von 7 bis 12 Uhr.',
  });
  await addPage(s, bot, {
    url: 'https://baeckerei.example/aktion',
    title: '<script>window.__xss = "title"</script>Aktion',
    text: 'Unser Rabattcode lautet <img src=x onerror="window.__xss=1"> BROT10 und gilt für Vollkornbrot. Mehr unter javascript:window.__xss=2 oder https://baeckerei.example/aktion.',
  });
  await addContact(s, bot, { name: 'Anna Schmidt', email: 'anna@baeckerei.example', phone: '+49 30 1234567', department: 'Verkauf', isDefault: true });
  const put = await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, {
    token,
    body: {
      title: 'Bäckerei-Bot',
      startMessage: 'Hallo! Fragen Sie mich zu Öffnungszeiten und Angeboten.',
      recommendedMessages: ['Wann haben Sie am Samstag geöffnet?'],
      chatbotToggleStyle: 'iconAndText',
      chatbotToggleText: 'Fragen?',
      colors: { chatbotButton: '#8b4513', header: '#8b4513' },
      collectContacts: true,
      leadFormTriggerCount: 3,
    },
  });
  expect(put.status).toBe(200);
  site = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (req.url === '/frame') return res.end(`<script>parent.postMessage({ type: 'chatbotShowChat' }, '*');</script>`);
    res.end(hostPage(new URL(req.url ?? '/', 'http://x').searchParams.get('bot') ?? bot));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((r) => site?.close(r));
  await s?.close();
});

const shadow = (page: Page) => page.locator('chatbot-widget');
const toggle = (page: Page) => shadow(page).locator('button.toggle');
const dialog = (page: Page) => shadow(page).getByRole('dialog');

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function ask(page: Page, text: string) {
  // Filling waits for the chat (loaded when the toggle opens it): only then do its answers count.
  await dialog(page).getByRole('textbox', { name: 'Ihre Nachricht' }).fill(text);
  const before = await dialog(page).locator('.msg.bot').count();
  await dialog(page).getByRole('button', { name: 'Senden' }).click();
  await expect(dialog(page).locator('.msg.bot')).toHaveCount(before + 1);
  return dialog(page).locator('.msg.bot').last();
}

test('draws the toggle on a hostile page without leaking styles either way', async ({ page }) => {
  const started = Date.now();
  await page.goto(`${siteUrl}/`);
  await expect(toggle(page)).toBeVisible();
  console.log(`toggle visible ${Date.now() - started} ms after navigation`);
  await expect(toggle(page)).toHaveAccessibleName('Fragen?');
  const style = await toggle(page).evaluate((el) => {
    const cs = getComputedStyle(el);
    return { bg: cs.backgroundColor, color: cs.color, font: cs.fontFamily, border: cs.borderTopStyle };
  });
  expect(style.bg).toBe('rgb(139, 69, 19)');
  expect(style.color).toBe('rgb(255, 255, 255)');
  expect(style.font).not.toContain('Comic');
  expect(style.border).not.toBe('dashed');
  // The page keeps its own look and its own message handler.
  expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 255)');
  expect(await page.evaluate(() => window.onmessage?.name)).toBe('hostHandler');
  await screenshot(page, 'widget-closed-desktop');
});

test('answers from trained content with its source, then hands over to the contact person, then takes a lead', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await toggle(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Bäckerei-Bot' })).toBeVisible();
  await expect(dialog(page).getByRole('textbox', { name: 'Ihre Nachricht' })).toBeFocused();

  await dialog(page).getByRole('button', { name: 'Wann haben Sie am Samstag geöffnet?' }).click();
  const first = dialog(page).locator('.msg.bot').last();
  await expect(first).toContainText('Am Samstag öffnen wir von 7 bis 12 Uhr.');
  const source = first.getByRole('link', { name: 'Öffnungszeiten' });
  await expect(source).toHaveAttribute('href', 'https://baeckerei.example/oeffnungszeiten');
  await expect(source).toHaveAttribute('rel', /noopener/);
  await screenshot(page, 'widget-answer-desktop');

  const unknown = await ask(page, 'Wie weit ist der Mond entfernt?');
  await expect(unknown).toContainText('keine Antwort gefunden');
  await expect(unknown).toContainText('Anna Schmidt');
  await expect(unknown.getByRole('link', { name: 'anna@baeckerei.example' })).toHaveAttribute('href', 'mailto:anna@baeckerei.example');

  // Third message: the lead form appears (leadFormTriggerCount = 3).
  await ask(page, 'Was kostet ein Vollkornbrot?');
  const form = dialog(page).getByRole('form', { name: 'Kontakt aufnehmen' });
  await expect(form).toBeVisible();
  await screenshot(page, 'widget-lead-desktop');
  await form.getByLabel('Vollständiger Name *').fill('Eva Müller');
  await form.getByLabel('E-Mail-Adresse *').fill('eva@');
  await form.getByRole('button', { name: 'Absenden' }).click();
  await expect(form).toContainText('Ungültige E-Mail-Adresse');
  await expect(form).toContainText('Bitte stimmen Sie zu.');
  await form.getByLabel('E-Mail-Adresse *').fill('eva@example.test');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Absenden' }).click();
  await expect(dialog(page)).toContainText('Vielen Dank!');

  const chat = (await s.db.query<any>("select * from chats where chatbot_id = $1 and lead is not null", [bot])).rows[0];
  expect(chat.category).toBe('contact');
  expect(chat.lead).toEqual({ name: 'Eva Müller', email: 'eva@example.test' });
  expect(chat.message_count).toBe(3);
  const messages = (await s.db.query<any>('select question, answered_by, sources from messages where chat_id = $1 order by created_at', [chat.id])).rows;
  expect(messages.map((m: any) => m.answered_by)).toEqual(['retrieval', 'fallback', expect.any(String)]);
  expect(messages[0].sources[0].url).toBe('https://baeckerei.example/oeffnungszeiten');
});

test('shows hostile trained content as inert text', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await toggle(page).click();
  const answer = await ask(page, 'Wie lautet der Rabattcode für Vollkornbrot?');
  await expect(answer).toContainText('<img src=x onerror="window.__xss=1"> BROT10');
  expect(await answer.locator('img, script').count()).toBe(0);
  const hrefs = await answer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.every((h) => h?.startsWith('https://'))).toBe(true);
  await expect(answer.getByRole('link', { name: /<script>window.__xss = "title"<\/script>Aktion/ })).toBeVisible();
  await ask(page, '<img src=x onerror="window.__xss=3"><script>window.__xss=4</script>');
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
});

test('a busy server: shows the busy text, asks again after Retry-After, and shows the refusal after the last retry', async ({ page }) => {
  // A chatbot of its own, so the refusals below do not touch the other tests' rate-limit counters.
  const busyBot = await createChatbot(s, (await s.createUser()).user.organization_id, { url: 'https://baeckerei.example' });
  await addPage(s, busyBot, {
    url: 'https://baeckerei.example/oeffnungszeiten',
    title: 'Öffnungszeiten',
    text: 'Am Samstag öffnen wir von 7 bis 12 Uhr.',
  });
  // The server's own 503 (tests/server/backpressure.test.ts makes it for real): the next `refusals` questions get it.
  let refusals = 1;
  let retryAfter = '1';
  let refused = 0;
  await page.route(`**/api/v1/public/chatbots/${busyBot}/chats/*/messages`, (route) => {
    if (route.request().method() !== 'POST' || refusals <= 0) return route.continue();
    refusals--;
    refused++;
    return route.fulfill({
      status: 503,
      headers: { 'access-control-allow-origin': siteUrl, 'access-control-expose-headers': 'retry-after', 'retry-after': retryAfter },
      contentType: 'application/json',
      body: JSON.stringify({ error: 'ServerBusy', message: 'busy', details: { visitorMessage: 'Gerade kommen sehr viele Fragen auf einmal. Bitte versuchen Sie es in einigen Sekunden erneut.' } }),
    });
  });
  await page.goto(`${siteUrl}/?bot=${busyBot}`);
  await toggle(page).click();
  await dialog(page).getByRole('textbox', { name: 'Ihre Nachricht' }).fill('Wann haben Sie am Samstag geöffnet?');
  await dialog(page).getByRole('button', { name: 'Senden' }).click();
  const busyNote = dialog(page).getByRole('status').filter({ hasText: 'Ihre Frage wird gleich noch einmal gesendet' });
  await expect(busyNote).toBeVisible();
  await expect(dialog(page).locator('.msg.bot').last()).toContainText('Am Samstag öffnen wir von 7 bis 12 Uhr.');
  await expect(busyNote).toHaveCount(0);
  expect(refused).toBe(1);

  // Refused every time: after three retries the refusal's own text shows (Retry-After 0: no wait in the test).
  refusals = 4;
  retryAfter = '0';
  await dialog(page).getByRole('textbox', { name: 'Ihre Nachricht' }).fill('Und am Sonntag?');
  await dialog(page).getByRole('button', { name: 'Senden' }).click();
  await expect(dialog(page).locator('.msg.error')).toContainText('Bitte versuchen Sie es in einigen Sekunden erneut.');
  await expect(busyNote).toHaveCount(0);
  expect(refused).toBe(5);
  expect(refusals).toBe(0);
});

test('with a language model: asks for the answer as a stream and shows the whole answer with its sources', async ({ page }) => {
  const streamBot = await createChatbot(s, (await s.createUser()).user.organization_id, { url: 'https://baeckerei.example' });
  await addPage(s, streamBot, { url: 'https://baeckerei.example/brot', title: 'Brot', text: 'Unser Roggenbrot backen wir jeden Morgen frisch.' });
  // The e2e server has no language model: its config says streaming, and the answer comes as the server's
  // server-sent events (tests/server/llm.test.ts makes those for real).
  await page.route(`**/api/v1/public/chatbots/${streamBot}/config*`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), streaming: true } });
  });
  let accept = '';
  await page.route(`**/api/v1/public/chatbots/${streamBot}/chats/*/messages`, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    accept = route.request().headers().accept ?? '';
    const answer = {
      id: '7', answer: 'Unser Roggenbrot backen wir jeden Morgen frisch.', answeredBy: 'llm', showLeadForm: false, category: 'general', contact: null,
      sources: [{ type: 'webpage', id: 'p1', url: 'https://baeckerei.example/brot', title: 'Brot' }],
    };
    const events = ['Unser ', 'Roggenbrot ', 'backen wir', ' jeden Morgen frisch.'].map((text) => `event: delta\ndata: ${JSON.stringify({ text })}\n\n`);
    return route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': siteUrl, 'content-type': 'text/event-stream; charset=utf-8' },
      body: `${events.join('')}event: answer\ndata: ${JSON.stringify(answer)}\n\n`,
    });
  });
  await page.goto(`${siteUrl}/?bot=${streamBot}`);
  await toggle(page).click();
  await dialog(page).getByRole('textbox', { name: 'Ihre Nachricht' }).fill('Wann backen Sie das Roggenbrot?');
  await dialog(page).getByRole('button', { name: 'Senden' }).click();
  const bubble = dialog(page).locator('.msg.bot').last();
  await expect(bubble).toContainText('Unser Roggenbrot backen wir jeden Morgen frisch.');
  await expect(bubble.getByRole('link', { name: 'Brot' })).toHaveAttribute('href', 'https://baeckerei.example/brot');
  await expect(dialog(page).locator('[aria-busy="true"]')).toHaveCount(0);
  expect(accept).toContain('text/event-stream');
});

test('follows the window events and live config changes', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await expect(toggle(page)).toBeVisible();
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('chatbotConfigChange', { detail: { config: { title: 'Live-Titel', colors: { header: '#ff0000', chatbotButton: 'red; } *{display:none' } } } })),
  );
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('chatbotShowChat')));
  await expect(dialog(page).getByRole('heading', { name: 'Live-Titel' })).toBeVisible();
  expect(await dialog(page).locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 0, 0)');
  // The invalid color was ignored, the toggle keeps the saved one.
  expect(await toggle(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(139, 69, 19)');

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('chatbotClose')));
  await expect(dialog(page)).toBeHidden();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('chatbotShowContact')));
  await expect(dialog(page).getByRole('form', { name: 'Kontakt aufnehmen' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('chatbotClose')));
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('chatbotPlayCallToAction', { detail: { text: 'Frische Angebote!' } })));
  await expect(shadow(page).locator('.cta')).toHaveText('Frische Angebote!');

  // A frame of another origin cannot drive the widget with postMessage. The page's own handler counts
  // the frame's message as delivered; a message of the page's own origin sent after it shows once the
  // widget has handled everything before it. Only then is the dialog's absence telling.
  const foreign = siteUrl.replace('127.0.0.1', 'localhost');
  const hostMessages = () => page.evaluate(() => (window as any).__hostMessages ?? 0);
  const before = await hostMessages();
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    document.body.appendChild(f);
  }, `${foreign}/frame`);
  await expect.poll(hostMessages).toBe(before + 1);
  await page.evaluate(() => window.postMessage({ type: 'chatbotPlayCallToAction', detail: { text: 'Nach der fremden Nachricht' } }, '*'));
  await expect(shadow(page).locator('.cta')).toHaveText('Nach der fremden Nachricht');
  await expect(dialog(page)).toBeHidden();
  // The widget tells the page when the visitor closes it, marked as its own event.
  const closed = page.evaluate(() => new Promise((r) => window.addEventListener('chatbotClose', (e) => r((e as CustomEvent).detail.source), { once: true })));
  await toggle(page).click();
  await dialog(page).getByRole('button', { name: 'Chat schließen' }).click();
  expect(await closed).toBe('chatbot-widget');
});

test('is keyboard accessible', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await expect(toggle(page)).toBeVisible();
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog(page).getByRole('textbox', { name: 'Ihre Nachricht' })).toBeFocused();
  await page.keyboard.type('Wann haben Sie am Samstag geöffnet?');
  await page.keyboard.press('Enter');
  await expect(dialog(page).locator('.msg.bot').last()).toContainText('7 bis 12 Uhr');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(toggle(page)).toBeFocused();
});

test('fits a 390 px phone and respects reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/`);
  await expect(toggle(page)).toBeVisible();
  await screenshot(page, 'widget-closed-phone');
  await toggle(page).click();
  const box = await dialog(page).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  await dialog(page).getByRole('button', { name: 'Wann haben Sie am Samstag geöffnet?' }).click();
  await expect(dialog(page).locator('.msg.bot').last()).toContainText('7 bis 12 Uhr');
  expect(await toggle(page).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  await screenshot(page, 'widget-answer-phone');
  await context.close();
});

test('stays away when the chatbot is unknown', async ({ page }) => {
  await page.goto(`${siteUrl}/?bot=00000000-0000-4000-8000-000000000000`);
  await page.waitForLoadState('networkidle');
  await expect(shadow(page)).toHaveCount(0);
});
