import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { signUp } from './support/auth.ts';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { openAndSettle, switchLocale } from './support/app.ts';
import { e2e } from './support/env.ts';
import { shot } from './support/shot.ts';

/**
 * /uiconfig and /preview for a signed-up customer (trial plan): every change shows in the real widget
 * beside the form before saving; wrong values are named at their field; Save reaches the widget on the
 * customer's own site (another origin, hostile CSS); /preview answers from content trained through the API.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let page: Page;
let token: string;
let chatbotId: string;
let site: http.Server;
let siteUrl: string;

const HOSTILE_CSS = `* { font-family: "Comic Sans MS" !important; color: #f0f !important; }
div, button, h2, header { display: none !important; background: lime !important; }
chatbot-widget { display: none !important; opacity: 0 !important; }`;

const auth = () => ({ authorization: `Bearer ${token}` });
const previewFrame = (p: Page): FrameLocator => p.frameLocator('[data-testid="uiconfig-preview-frame"]');
const widgetDialog = (f: FrameLocator | Page) => f.locator('chatbot-widget').getByRole('dialog');

test.beforeAll(async ({ browser, request }) => {
  context = await browser.newContext();
  page = await context.newPage();
  const { email } = await signUp(page);
  token = await cliToken(email);
  ({
    chatbot: { id: chatbotId },
  } = await createChatbotViaApi(request, token, { url: 'www.baeckerei-beispiel.de' }));
  // Trained through the training API, as the customer's screens do it.
  const qna = await request.post('/api/v1/qna', {
    headers: auth(),
    data: { chatbotId, lang: 'de', question: 'Wann haben Sie am Samstag geöffnet?', answer: 'Am Samstag öffnen wir von 7 bis 12 Uhr.' },
  });
  expect(qna.status(), await qna.text()).toBe(201);
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bäckerei</title><style>${HOSTILE_CSS}</style>
<script src="${e2e.baseURL}/widget.js" data-chatbot-id="${chatbotId}" defer></script></head><body><h1>Bäckerei Beispiel</h1></body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((r) => site?.close(r));
  await context?.close();
});

async function savedConfig(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get(`/api/v1/uiconfig/${chatbotId}/de`, { headers: auth() });
  expect(res.status()).toBe(200);
  return (await res.json()).config;
}

test('texts change the preview live, before saving', async ({ request }) => {
  await openAndSettle(page, '/uiconfig', /\/uiconfig\/text-and-messages$/);
  await expect(page.getByTestId('uiconfig-preview-frame')).toHaveAttribute('data-ready', 'true');
  const frame = previewFrame(page);
  await expect(widgetDialog(frame).getByRole('heading', { name: 'Chatbot' })).toBeVisible();

  await page.getByTestId('field-title').fill('Bäckerei-Bot');
  await page.getByTestId('field-introHeading').fill('Guten Morgen!');
  await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await page.getByTestId('field-recommendedMessages.0').fill('Wann haben Sie am Samstag geöffnet?');
  await expect(widgetDialog(frame).getByRole('heading', { name: 'Bäckerei-Bot' })).toBeVisible();
  await expect(widgetDialog(frame).getByRole('heading', { name: 'Guten Morgen!' })).toBeVisible();
  await expect(widgetDialog(frame).getByRole('button', { name: 'Wann haben Sie am Samstag geöffnet?' })).toBeVisible();
  await expect(page.getByTestId('uiconfig-dirty')).toHaveText('Ungespeicherte Änderungen');
  // Nothing is saved yet.
  expect((await savedConfig(request)).title).toBe('Chatbot');

  // A title is required: the message sits at the field, nothing is sent.
  await page.getByTestId('field-title').fill('');
  await page.getByTestId('uiconfig-save').click();
  await expect(page.getByTestId('field-title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.MuiFormHelperText-root.Mui-error').first()).toContainText('Pflichtfeld');
  await page.getByTestId('field-title').fill('Bäckerei-Bot');
});

test('styling: colors with validation, theme and button style, live; the unsaved text draft survives the tab switch', async () => {
  await page.getByTestId('uiconfig-tab-stylingAndColors').click();
  await expect(page).toHaveURL(/\/uiconfig\/styling-and-colors$/);
  const frame = previewFrame(page);
  await expect(widgetDialog(frame).getByRole('heading', { name: 'Bäckerei-Bot' })).toBeVisible();

  await page.getByTestId('field-colors.header').fill('red; } * { display:none');
  await page.getByTestId('uiconfig-save').click();
  await expect(page.getByText('Keine gültige Farbe', { exact: false })).toBeVisible();
  await expect(page.getByTestId('uiconfig-tab-stylingAndColors').locator('.MuiBadge-dot')).toBeVisible();
  await page.getByTestId('field-colors.header').fill('#8b0000');
  await expect(page.getByText('Keine gültige Farbe', { exact: false })).toHaveCount(0);
  await expect(widgetDialog(frame).locator('header')).toHaveCSS('background-color', 'rgb(139, 0, 0)');

  await page.getByTestId('choice-theme').getByLabel('Dunkel').check();
  await expect(widgetDialog(frame)).toHaveCSS('background-color', 'rgb(29, 33, 39)');
  await page.getByTestId('choice-chatbotToggleStyle').getByLabel('Symbol und Text').check();
  // Trial plans keep the branding: the switch is locked behind the upgrade prompt.
  await expect(page.getByTestId('upgrade-prompt-brandingRemovalAllowed')).toBeVisible();
  await expect(page.getByTestId('field-removeBranding')).toBeDisabled();

  // The button itself: close the chat in the preview.
  await page.getByTestId('preview-open-toggle').click();
  await expect(frame.locator('chatbot-widget').locator('button.toggle')).toHaveAccessibleName('Fragen Sie uns');
  await page.getByTestId('preview-open-toggle').click();
  await expect(widgetDialog(frame)).toBeVisible();
});

test('collect contacts: the lead form follows the form fields live', async () => {
  await page.getByTestId('uiconfig-tab-contacts').click();
  await expect(page).toHaveURL(/\/uiconfig\/contacts$/);
  await page.getByTestId('field-collectContacts').check();
  await page.getByTestId('field-leadFormTriggerCount').fill('1');
  await page.getByTestId('field-leadForm.name.description').fill('Ihr Name');
  await page.getByLabel('Telefonnummer anzeigen').uncheck();
  await page.getByLabel('Ort anzeigen').check();
  await page.getByLabel('Ort ist Pflichtfeld').check();
  const frame = previewFrame(page);
  await widgetDialog(frame).getByRole('button', { name: /Kontakt/ }).click();
  const form = widgetDialog(frame).getByRole('form', { name: 'Kontakt aufnehmen' });
  await expect(form.getByLabel('Ihr Name *')).toBeVisible();
  await expect(form.getByLabel('Ort *')).toBeVisible();
  await expect(form.getByLabel(/Telefonnummer/)).toHaveCount(0);
  await page.getByTestId('field-leadFormTriggerCount').fill('99');
  await page.getByTestId('uiconfig-save').click();
  await expect(page.getByText('Eine ganze Zahl von 0 bis 50')).toBeVisible();
  await page.getByTestId('field-leadFormTriggerCount').fill('1');
});

test('preview sizes: small shows the phone layout, no preview hides it', async () => {
  await page.getByTestId('preview-size-small').click();
  await expect(page.getByTestId('uiconfig-preview-frame')).toHaveAttribute('data-ready', 'true');
  const box = await page.getByTestId('uiconfig-preview-frame').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  await page.getByTestId('preview-size-noPreview').click();
  await expect(page.getByTestId('uiconfig-preview-frame')).toHaveCount(0);
  await page.getByTestId('preview-size-large').click();
  await expect(page.getByTestId('uiconfig-preview-frame')).toHaveAttribute('data-ready', 'true');
});

test('save persists every tab and the real widget on the customer site follows', async ({ browser, request }) => {
  await page.getByTestId('uiconfig-save').click();
  await expect(page.getByText('Chatbot-Oberfläche gespeichert')).toBeVisible();
  await expect(page.getByTestId('uiconfig-dirty')).toHaveText('Alle Änderungen gespeichert');
  const saved = await savedConfig(request);
  expect(saved).toMatchObject({
    title: 'Bäckerei-Bot',
    introHeading: 'Guten Morgen!',
    recommendedMessages: ['Wann haben Sie am Samstag geöffnet?'],
    theme: 'dark',
    chatbotToggleStyle: 'iconAndText',
    colors: { header: '#8b0000' },
    collectContacts: true,
    leadFormTriggerCount: 1,
    showPoweredBy: true,
  });
  expect(saved.leadForm.city).toEqual({ enabled: true, required: true, description: 'Ort' });
  expect(saved.leadForm.phoneNumber.enabled).toBe(false);

  // A fresh visitor (no cached config) on the customer's site.
  const visitor = await browser.newContext({ locale: 'de-DE' });
  const site = await visitor.newPage();
  await site.goto(siteUrl);
  const toggle = site.locator('chatbot-widget').locator('button.toggle');
  await expect(toggle).toHaveAccessibleName('Fragen Sie uns');
  await toggle.click();
  await expect(widgetDialog(site).getByRole('heading', { name: 'Bäckerei-Bot' })).toBeVisible();
  await expect(widgetDialog(site).locator('header')).toHaveCSS('background-color', 'rgb(139, 0, 0)');
  await widgetDialog(site).getByRole('button', { name: 'Wann haben Sie am Samstag geöffnet?' }).click();
  await expect(widgetDialog(site).locator('.msg.bot').last()).toContainText('Am Samstag öffnen wir von 7 bis 12 Uhr.');
  // leadFormTriggerCount 1: the form follows the first answer.
  await expect(widgetDialog(site).getByRole('form', { name: 'Kontakt aufnehmen' }).getByLabel('Ihr Name *')).toBeVisible();
  await visitor.close();
});

// Screenshots resize the window, which may reload the page (and so drop a draft): taken once all is saved.
test('screenshots of the three tabs', async () => {
  for (const [tab, name] of [
    ['text-and-messages', 'uiconfig-texts'],
    ['styling-and-colors', 'uiconfig-styling'],
    ['contacts', 'uiconfig-contacts'],
  ]) {
    await openAndSettle(page, `/uiconfig/${tab}`, new RegExp(`/uiconfig/${tab}$`));
    await expect(page.getByTestId('uiconfig-preview-frame')).toHaveAttribute('data-ready', 'true');
    await shot(page, name);
    await page.setViewportSize({ width: 390, height: 844 });
    // Fits a 390 px phone: the page does not scroll sideways (tabs may scroll inside their own strip). The layout
    // switches to the phone form after the resize (media queries re-render), so the width is read until it has.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: name }).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('the English interface edits the same configuration (screenshot in English)', async () => {
  await switchLocale(page, 'en');
  await openAndSettle(page, '/uiconfig/text-and-messages', /\/uiconfig\/text-and-messages$/);
  await expect(page.getByRole('heading', { name: 'Chatbot interface', level: 1 })).toBeVisible();
  await expect(page.getByTestId('field-title')).toHaveValue('Bäckerei-Bot');
  await expect(page.getByTestId('uiconfig-preview-frame')).toHaveAttribute('data-ready', 'true');
  await shot(page, 'uiconfig-texts-en');
  await switchLocale(page, 'de');
});

test('/preview: the chatbot opened over the site, answering from trained content', async () => {
  await openAndSettle(page, '/preview', /\/preview$/);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-ready', 'true');
  await expect(widgetDialog(frame).getByRole('heading', { name: 'Bäckerei-Bot' })).toBeVisible();
  // The test site does not exist, so there is no picture of it; the page says so.
  await expect(page.getByTestId('preview-no-screenshot')).toBeVisible();
  await widgetDialog(frame).getByRole('textbox').fill('Wann haben Sie am Samstag geöffnet?');
  await widgetDialog(frame).getByRole('textbox').press('Enter');
  await expect(widgetDialog(frame).locator('.msg.bot').last()).toContainText('7 bis 12 Uhr');
  await shot(page, 'preview');
});
