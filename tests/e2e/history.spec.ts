/**
 * The chat history as a support person uses it, on chats visitors left through the widget's public API.
 *
 * Translation needs a provider. The run's shared server (playwright.config.ts) has none, so the main
 * scenario starts its own server with TRANSLATION_* pointing at a fake LibreTranslate started here:
 * the real translate button, the real server client, a local provider. A second, short test on the
 * shared server checks that without a provider the button explains that translating is not available.
 */
import fs from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { signUp } from './support/auth.ts';
import { switchLocale } from './support/app.ts';
import { shot } from './support/shot.ts';
import { cliTokenFor, startFakeTranslator, startHostPage, startOwnServer, visitorChat } from './history-support.ts';

const notification = (page: Page) => page.getByTestId('notification');
const item = (page: Page, chatId: string) => page.locator(`[data-testid="chat-item"][data-chat-id="${chatId}"]`);

test.describe('chat history with a translation provider', () => {
  test.describe.configure({ timeout: 240_000 });
  let translator: Awaited<ReturnType<typeof startFakeTranslator>>;
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    translator = await startFakeTranslator();
    server = await startOwnServer({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_API_URL: translator.url });
    api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
    await translator?.close();
  });

  test('triage: filter, open, mark, favorite, translate, optimize, delete, export, deep links', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, locale: 'de-DE', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    const { email } = await signUp(page);
    const token = await cliTokenFor(server, email);
    const auth = { authorization: `Bearer ${token}` };
    const { chatbot } = await createChatbotViaApi(api, token, { url: 'www.versand-shop.test', lang: 'de' });

    // Trained knowledge: one question-answer pair. Contact collection on, so visitors can leave details.
    expect((await api.post('/api/v1/qna', { headers: auth, data: { chatbotId: chatbot.id, question: 'Wie lange dauert die Lieferung?', answer: 'Die Lieferung dauert zwei bis drei Werktage.' } })).status()).toBe(201);
    expect((await api.put(`/api/v1/uiconfig/${chatbot.id}/de`, { headers: auth, data: { collectContacts: true } })).status()).toBe(200);

    const delivery = await visitorChat(api, chatbot.id, ['Wie lange dauert die Lieferung?']);
    expect(delivery.answers[0].answeredBy).toBe('qna');
    const jobs = await visitorChat(api, chatbot.id, ['Haben Sie offene Stellen für eine Ausbildung?']);
    const price = await visitorChat(api, chatbot.id, ['Was kostet der Versand?'], {
      lead: { name: 'Jörg Müller-Lüdenscheidt', email: 'joerg@example.test', phoneNumber: '+49 30 123456' },
    });
    const english = await visitorChat(api, chatbot.id, ['How long does shipping to Austria take?'], { lang: 'en' });

    // The list: every category with its count, newest first.
    await page.goto('/history');
    await expect(page.getByTestId('history-page')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Chatbot Studio · Chatverlauf');
    await expect(page.getByTestId('category-all')).toHaveText('Alle Chats (4)');
    await expect(page.getByTestId('category-general')).toHaveText('Allgemein (2)');
    await expect(page.getByTestId('category-contact')).toHaveText('Kontakt (1)');
    await expect(page.getByTestId('category-hr')).toHaveText('HR (1)');
    await expect(page.getByTestId('read-unread')).toHaveText('Ungelesen (4)');
    await expect(page.getByTestId('chat-item')).toHaveCount(4);
    await expect(page.getByTestId('chat-item').first()).toHaveAttribute('data-chat-id', english.chatId);
    await shot(page, 'history-list-de');

    // The German calendar starts its weeks on Monday.
    await page.getByRole('button', { name: /^Datum auswählen/ }).first().click();
    await expect(page.locator('.MuiDayCalendar-weekDayLabel').first()).toHaveText(/^M/);
    await page.keyboard.press('Escape');

    // Contact category: the lead's chat; opening it shows the conversation and marks it read.
    await page.getByTestId('category-contact').click();
    await expect(page.getByTestId('chat-item')).toHaveCount(1);
    await item(page, price.chatId).click();
    const conversation = page.getByTestId('chat-conversation');
    await expect(conversation.getByTestId('chat-lead')).toContainText('Jörg Müller-Lüdenscheidt');
    await expect(conversation.getByTestId('chat-lead')).toContainText('+49 30 123456');
    await expect(conversation.getByTestId('visitor-text')).toHaveText('Was kostet der Versand?');
    await expect(page).toHaveURL(new RegExp(`chatId=${price.chatId}`));
    await expect(item(page, price.chatId)).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('read-read')).toHaveText('Gelesen (1)');
    await shot(page, 'history-chat-de');

    // Favorite, then the favorites filter.
    await conversation.getByRole('button', { name: 'Als Favorit markieren' }).click();
    await expect(conversation.getByRole('button', { name: 'Aus Favoriten entfernen' })).toBeVisible();
    await page.getByTestId('category-all').click();
    await expect(page.getByTestId('read-unread')).toHaveText('Ungelesen (3)');
    // The list applies a filter a tick after the click (react-admin's list parameters), so click and wait.
    await page.getByLabel('Nur Favoriten').click();
    await expect(page.getByLabel('Nur Favoriten')).toBeChecked();
    await expect(page.getByTestId('chat-item')).toHaveCount(1);
    await expect(page.getByTestId('category-all')).toHaveText('Alle Chats (1)');
    // The filters live in the address next to the open chat: a reload (or a shared link) keeps both.
    await expect(page).toHaveURL(/filter=.*favorite/);
    await expect(page).toHaveURL(new RegExp(`chatId=${price.chatId}`));
    await page.reload();
    await expect(page.getByTestId('chat-item')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByLabel('Nur Favoriten')).toBeChecked();
    await expect(conversation).toHaveAttribute('data-chat-id', price.chatId);
    await page.getByLabel('Nur Favoriten').click();
    await expect(page.getByLabel('Nur Favoriten')).not.toBeChecked();
    await expect(page.getByTestId('chat-item')).toHaveCount(4);

    // Optimize the answer to the price question: it becomes a question-answer pair the widget uses next time.
    const better = 'Der Versand kostet 4,90 €, ab 50 € Bestellwert liefern wir kostenlos.';
    await conversation.getByTestId('optimize-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Frage des Besuchers')).toHaveValue('Was kostet der Versand?');
    await dialog.getByLabel('Verbesserte Antwort').fill('');
    await dialog.getByRole('button', { name: 'Speichern und trainieren' }).click();
    await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
    await dialog.getByLabel('Verbesserte Antwort').fill(better);
    await dialog.getByRole('button', { name: 'Speichern und trainieren' }).click();
    await expect(notification(page)).toContainText('als Frage-Antwort-Paar gespeichert');
    await expect(conversation.getByTestId('optimized-answer')).toContainText(better);
    const next = await visitorChat(api, chatbot.id, ['Was kostet der Versand?']);
    expect(next.answers[0]).toMatchObject({ answer: better, answeredBy: 'qna' });
    const pairs = await api.get(`/api/v1/qna?filter=${encodeURIComponent(JSON.stringify({ chatbotId: chatbot.id, fromChatHistory: true }))}`, { headers: auth });
    expect(((await pairs.json()) as { answer: string; active: boolean }[]).map((p) => [p.answer, p.active])).toEqual([[better, true]]);

    // Search in message text.
    await page.reload();
    // The whole dashboard boots again: on a busy machine that alone can take longer than one expectation's 10 s.
    await expect(page.getByTestId('history-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('category-all')).toHaveText('Alle Chats (5)');
    await page.getByRole('searchbox').fill('lieferu');
    await expect(page.getByTestId('chat-item')).toHaveCount(1);
    await expect(item(page, delivery.chatId)).toBeVisible();
    await item(page, delivery.chatId).click();
    await expect(conversation).toHaveAttribute('data-chat-id', delivery.chatId);
    await expect(conversation.getByTestId('message-sources')).toContainText('Wie lange dauert die Lieferung?');
    await page.getByRole('searchbox').fill('');
    await expect(page.getByTestId('chat-item')).toHaveCount(5);

    // Older chats load by the server's cursor (keyset), not by counting past the newer ones: two per page here.
    const cursors: (string | null)[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/chats') cursors.push(url.searchParams.get('after'));
    });
    await page.goto('/history?perPage=2');
    await expect(page.getByTestId('chat-item')).toHaveCount(5, { timeout: 30_000 });
    await expect(page.getByTestId('load-older')).toHaveCount(0);
    const newestFirst = (await (await api.get(`/api/v1/chats?${new URLSearchParams({ filter: JSON.stringify({ chatbotId: chatbot.id }), range: '[0,9]' })}`, { headers: auth })).json()) as { id: string }[];
    expect(await page.getByTestId('chat-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-chat-id')))).toEqual(newestFirst.map((c) => c.id));
    expect(cursors[0]).toBeNull();
    expect(cursors.slice(1, 3)).toEqual([expect.stringMatching(/^createdAt~/), expect.stringMatching(/^createdAt~/)]);
    // By the latest message: its own cursor, the server's order.
    cursors.length = 0;
    await page.getByTestId('chat-sort').click();
    await page.getByRole('option', { name: 'Letzte Nachricht zuerst' }).click();
    await expect(page).toHaveURL(/sort=lastMessageAt/);
    const byLastMessage = (await (await api.get(`/api/v1/chats?${new URLSearchParams({ filter: JSON.stringify({ chatbotId: chatbot.id }), range: '[0,9]', sort: '["lastMessageAt","DESC"]' })}`, { headers: auth })).json()) as { id: string }[];
    // Pages 2 and 3 of this order follow its own cursors; then the list shows the server's order.
    await expect.poll(() => cursors.filter((c) => c?.startsWith('lastMessageAt~')).length).toBe(2);
    await expect.poll(() => page.getByTestId('chat-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-chat-id')))).toEqual(byLastMessage.map((c) => c.id));

    // Translate the English visitor's message into German (the interface language); the message keeps both.
    await item(page, english.chatId).click();
    await expect(conversation).toHaveAttribute('data-chat-id', english.chatId);
    await expect(conversation.getByTestId('visitor-text')).toHaveText('How long does shipping to Austria take?');
    await conversation.getByTestId('translate-button').click();
    await expect(conversation.getByTestId('translated-text')).toContainText('Wie lange dauert der Versand nach Österreich?');
    await expect(conversation.getByTestId('visitor-text')).toHaveText('How long does shipping to Austria take?');
    expect(translator.calls.at(-1)).toEqual({ q: 'How long does shipping to Austria take?', target: 'de' });
    const stored = (await (await api.get(`/api/v1/chats/${english.chatId}`, { headers: auth })).json()) as { messages: { translatedText: string; translatedLang: string }[] };
    expect(stored.messages[0]).toMatchObject({ translatedLang: 'de', translatedText: '[de] Wie lange dauert der Versand nach Österreich?' });

    // Mark it unread again from the conversation; bulk-mark everything read.
    await conversation.getByRole('button', { name: 'Als ungelesen markieren' }).click();
    await expect(item(page, english.chatId)).toHaveAttribute('data-read', 'false');
    await page.getByLabel('Alle angezeigten Chats auswählen').click();
    await expect(page.getByTestId('bulk-actions')).toContainText('5 Chats ausgewählt');
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Als gelesen markieren' }).click();
    await expect(page.getByTestId('read-unread')).toHaveText('Ungelesen (0)');
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Abbrechen' }).click();

    // Delete the job question after confirming; the statistics keep it, the history does not.
    await item(page, jobs.chatId).click();
    await expect(conversation).toHaveAttribute('data-chat-id', jobs.chatId);
    await conversation.getByRole('button', { name: 'Chat löschen' }).click();
    await expect(page.getByRole('dialog')).toContainText('Diesen Chat löschen?');
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(notification(page)).toContainText('Chat gelöscht');
    await expect(notification(page).getByRole('button', { name: 'Zurücksetzen' })).toBeVisible();
    await expect(item(page, jobs.chatId)).toHaveCount(0);
    await expect(notification(page)).toBeHidden({ timeout: 10_000 });
    await expect(page.getByTestId('category-hr')).toHaveText('HR (0)');
    expect((await api.get(`/api/v1/chats/${jobs.chatId}`, { headers: auth })).status()).toBe(404);

    // Export: the amount is required, then the file downloads and reads back with umlauts intact.
    await page.getByTestId('export-button').click();
    const exportDialog = page.getByRole('dialog');
    await exportDialog.getByLabel('Anzahl der Chats').fill('0');
    await exportDialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(exportDialog.getByText('Muss mindestens 1 sein')).toBeVisible();
    await exportDialog.getByLabel('Anzahl der Chats').fill('10');
    const downloading = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Exportieren' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Chat_Export_\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(notification(page)).toContainText('Export gestartet, der Download beginnt in Kürze');
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(bytes.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const [header, ...data] = rows;
    expect(header.slice(0, 5)).toEqual(['Chat-ID', 'Datum', 'Kategorie', 'Frage', 'Antwort']);
    expect(data).toHaveLength(4); // 4 chats left, one message each
    const priceRow = data.find((r) => r[0] === price.chatId)!;
    expect(priceRow[header.indexOf('Name')]).toBe('Jörg Müller-Lüdenscheidt');
    expect(priceRow[header.indexOf('Optimierte Antwort')]).toBe(better);
    expect(priceRow[header.indexOf('Kategorie')]).toBe('Kontakt');

    // Deep links: a broken link, and a link to a chat that does not exist (any more).
    await page.goto('/history?chatId=kaputt');
    await expect(notification(page)).toContainText('Ungültiger Link');
    await page.goto(`/history?chatId=${jobs.chatId}`);
    await expect(notification(page)).toContainText('Unter diesem Link wurde kein Chat gefunden');
    await expect(page.getByTestId('chat-error')).toBeVisible();
    await page.goto(`/history?chatId=${price.chatId}`);
    await expect(conversation).toHaveAttribute('data-chat-id', price.chatId);

    // English: the same screen, weeks from Sunday.
    await switchLocale(page, 'en');
    await expect(page.getByTestId('category-all')).toHaveText('All chats (4)');
    await expect(conversation.getByTestId('chat-lead')).toContainText('Contact details');
    await shot(page, 'history-chat-en');
    await page.getByRole('button', { name: /^Choose date/ }).first().click();
    await expect(page.locator('.MuiDayCalendar-weekDayLabel').first()).toHaveText(/^S/);
    await page.keyboard.press('Escape');
    await page.goto('/history');
    await expect(page.getByTestId('chat-item')).toHaveCount(4);
    await shot(page, 'history-list-en');

    // Feedback: a visitor on the customer's site gives an answer a thumbs-down with a comment in the widget;
    // the history's "rated negatively" filter finds that chat, and the answer shows the rating and the comment.
    const site = await startHostPage(server.baseURL, chatbot.id);
    const visitor = await context.newPage();
    await visitor.goto(site.url);
    const widget = visitor.locator('chatbot-widget');
    await widget.locator('button.toggle').click();
    const chatWindow = widget.getByRole('dialog');
    await chatWindow.getByRole('textbox', { name: 'Ihre Nachricht' }).fill('Wie lange dauert die Lieferung?');
    await chatWindow.getByRole('button', { name: 'Senden' }).click();
    const rating = chatWindow.getByRole('group', { name: 'War diese Antwort hilfreich?' });
    await rating.getByRole('button', { name: 'Nicht hilfreich' }).click();
    await expect(rating.getByRole('button', { name: 'Nicht hilfreich' })).toHaveAttribute('aria-pressed', 'true');
    await rating.getByRole('textbox', { name: 'Was hat gefehlt? (optional)' }).fill('Gilt das auch für Österreich?');
    await rating.getByRole('button', { name: 'Kommentar senden' }).click();
    await expect(rating.getByRole('status')).toHaveText('Danke für Ihre Rückmeldung!');
    await visitor.close();
    await site.close();

    await page.getByLabel('Rated negatively only').click();
    await expect(page.getByLabel('Rated negatively only')).toBeChecked();
    await expect(page.getByTestId('chat-item')).toHaveCount(1);
    await page.getByTestId('chat-item').first().click();
    const feedback = conversation.getByTestId('message-feedback');
    await expect(feedback).toHaveAttribute('data-rating', 'down');
    await expect(feedback).toContainText('The visitor found this answer not helpful');
    await expect(feedback.getByTestId('feedback-comment')).toContainText('Gilt das auch für Österreich?');
    await shot(page, 'history-feedback-en');
    await context.close();
  });
});

test('without a translation provider the translate button explains that it is not available', async ({ page, request }) => {
  const { email } = await signUp(page);
  const token = await cliToken(email);
  const { chatbot } = await createChatbotViaApi(request, token);
  const chat = await visitorChat(request, chatbot.id, ['Do you ship to Switzerland?'], { lang: 'en' });
  await page.goto(`/history?chatId=${chat.chatId}`);
  // The shared machine can be slow to serve the screen's chunk the first time.
  await expect(page.getByTestId('history-page')).toBeVisible({ timeout: 30_000 });
  const conversation = page.getByTestId('chat-conversation');
  await expect(conversation.getByTestId('visitor-text')).toHaveText('Do you ship to Switzerland?');
  await conversation.getByTestId('translate-button').click();
  await expect(notification(page)).toContainText('Übersetzen ist nicht verfügbar');
  await expect(conversation.getByTestId('translated-text')).toHaveCount(0);
});
