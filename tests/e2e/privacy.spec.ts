/**
 * Privacy as a customer uses it: the retention period of the chatbot on the privacy page, and one
 * visitor's data exported and deleted from the chat history. Visitors talk through the widget's public API,
 * each with the widget's id per browser, so one visitor has two chats.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { signUp } from './support/auth.ts';
import { switchLocale } from './support/app.ts';
import { shot } from './support/shot.ts';

const notification = (page: Page) => page.getByTestId('notification');

/** A chat of the visitor whose browser id is `visitorId`, with one question. */
async function visitorChat(api: APIRequestContext, chatbotId: string, visitorId: string, text: string) {
  const start = await api.post(`/api/v1/public/chatbots/${chatbotId}/chats`, { data: { visitorId } });
  expect(start.status(), await start.text()).toBe(201);
  const chatId = ((await start.json()) as { id: string }).id;
  const r = await api.post(`/api/v1/public/chatbots/${chatbotId}/chats/${chatId}/messages`, { data: { text } });
  expect(r.status(), await r.text()).toBe(200);
  return chatId;
}

test('retention period on the privacy page; a visitor’s data exported and deleted from the history', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { email } = await signUp(page);
  const token = await cliToken(email);
  const auth = { authorization: `Bearer ${token}` };
  const { chatbot } = await createChatbotViaApi(request, token);
  const annaFirst = await visitorChat(request, chatbot.id, 'visitor-anna-0001', 'Habt ihr samstags geöffnet?');
  const annaSecond = await visitorChat(request, chatbot.id, 'visitor-anna-0001', 'Bitte rufen Sie mich zurück.');
  const ben = await visitorChat(request, chatbot.id, 'visitor-ben-00001', 'Was kostet der Versand?');

  // The privacy page: 12 months by default, shortened to 6.
  await page.goto('/privacy');
  await expect(page.getByTestId('privacy-page')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Chatbot Studio · Datenschutz');
  const months = page.getByRole('combobox', { name: 'Aufbewahrungsdauer' });
  await expect(months).toHaveText('12 Monate');
  await months.click();
  await page.getByRole('option', { name: '6 Monate' }).click();
  await page.getByRole('button', { name: 'Aufbewahrungsdauer speichern' }).click();
  await expect(notification(page)).toContainText('Aufbewahrungsdauer gespeichert.');
  const settings = await request.get(`/api/v1/privacy-settings/${chatbot.id}`, { headers: auth });
  expect(((await settings.json()) as { retentionMonths: number }).retentionMonths).toBe(6);
  await expect(page.getByRole('button', { name: 'Alle meine Daten exportieren' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Konto löschen' })).toBeVisible();
  await shot(page, 'privacy-de');

  // The delete-account dialog asks for the e-mail address before it lets anyone confirm.
  await page.getByTestId('delete-account').click();
  const dialog = page.getByRole('dialog', { name: 'Ihr Konto endgültig löschen?' });
  await expect(dialog.getByTestId('delete-account-confirm')).toBeDisabled();
  await dialog.getByLabel('Ihre E-Mail-Adresse').fill('jemand@example.test');
  await expect(dialog).toContainText('Die E-Mail-Adresse passt nicht zu Ihrem Konto.');
  await expect(dialog.getByTestId('delete-account-confirm')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('delete-account').click();
  await dialog.getByLabel('Ihre E-Mail-Adresse').fill(email);
  await expect(dialog.getByTestId('delete-account-confirm')).toBeEnabled();
  // The screenshot ends this step (it may reload the page to restore the sidebar, which closes the dialog).
  await shot(page, 'privacy-delete-account-de');

  // The history's chat view: export Anna's data (both her chats), then delete it.
  await page.goto(`/history?chatId=${annaFirst}`);
  const conversation = page.getByTestId('chat-conversation');
  await expect(conversation).toHaveAttribute('data-chat-id', annaFirst, { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await conversation.getByRole('button', { name: 'Besucherdaten' }).click();
  await page.getByRole('menuitem', { name: 'Besucherdaten exportieren' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^visitor-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as { chats: { id: string; messages: { question: string }[] }[] };
  expect(exported.chats.map((c) => c.id).sort()).toEqual([annaFirst, annaSecond].sort());
  expect(exported.chats.flatMap((c) => c.messages.map((m) => m.question)).sort()).toEqual(['Bitte rufen Sie mich zurück.', 'Habt ihr samstags geöffnet?']);
  await conversation.getByRole('button', { name: 'Besucherdaten' }).click();
  await expect(page.getByRole('menuitem', { name: 'Besucherdaten löschen' })).toBeVisible();
  await shot(page, 'privacy-history-de');
  await page.keyboard.press('Escape');
  await expect(page.locator('#visitor-data-menu')).toHaveCount(0);

  await conversation.getByRole('button', { name: 'Besucherdaten' }).click();
  await page.getByRole('menuitem', { name: 'Besucherdaten löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Die Daten dieses Besuchers löschen?' });
  await confirm.getByRole('button', { name: 'Besucherdaten löschen' }).click();
  await expect(notification(page)).toContainText('Besucherdaten gelöscht: 2 Chats');
  await expect(page.getByTestId('chat-item')).toHaveCount(1);
  await expect(page.locator(`[data-testid="chat-item"][data-chat-id="${ben}"]`)).toBeVisible();
  for (const gone of [annaFirst, annaSecond]) expect((await request.get(`/api/v1/chats/${gone}`, { headers: auth })).status()).toBe(404);
  expect((await request.get(`/api/v1/chats/${ben}`, { headers: auth })).status()).toBe(200);

  // English: the same screens.
  await switchLocale(page, 'en');
  await page.goto('/privacy');
  await expect(page.getByRole('combobox', { name: 'Retention period' })).toHaveText('6 months', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Visitor data' })).toBeVisible();
  await shot(page, 'privacy-en');
  await page.goto(`/history?chatId=${ben}`);
  await expect(conversation).toHaveAttribute('data-chat-id', ben, { timeout: 30_000 });
  await conversation.getByRole('button', { name: 'Visitor data' }).click();
  await expect(page.getByRole('menuitem', { name: 'Export visitor data' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete visitor data' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this visitor’s data?' })).toBeVisible();
  await shot(page, 'privacy-history-delete-en');
});
