import { expect, test, type Page } from '@playwright/test';
import { createChatbot, startTestServer, type TestServer } from '../server/helpers.ts';
import { shot } from './support/shot.ts';

/**
 * The public demo (/demo/:chatbotId) without signing in: the real widget, opened; the training notice;
 * the spec's three errors (invalid link, chatbot not found, subscription no longer valid). The server runs
 * in this process (PGlite in memory, the built dashboard) so the test can put a chatbot into each state.
 */
test.describe.configure({ mode: 'serial' });

let s: TestServer;
let token: string;
let org: string;
let bot: string;

test.beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  org = u.user.organization_id;
  bot = await createChatbot(s, org, { url: 'https://baeckerei.example' });
  const qna = await s.api('POST', '/api/v1/qna', {
    token,
    body: { chatbotId: bot, lang: 'de', question: 'Gibt es glutenfreies Brot?', answer: 'Ja, jeden Freitag backen wir glutenfreies Brot.' },
  });
  expect(qna.status).toBe(201);
  const put = await s.api('PUT', `/api/v1/uiconfig/${bot}/de`, { token, body: { title: 'Bäckerei-Bot' } });
  expect(put.status).toBe(200);
});

test.afterAll(async () => {
  await s?.close();
});

const demoFrame = (page: Page) => page.frameLocator('[data-testid="demo-frame"]');
const dialog = (page: Page) => demoFrame(page).locator('chatbot-widget').getByRole('dialog');

test('shows the chatbot opened and answers, recorded as a demo chat', async ({ page }) => {
  await page.goto(`${s.url}/demo/${bot}`);
  await expect(page).toHaveTitle('Chatbot Studio · Demo');
  await expect(page.getByRole('heading', { name: 'Chatbot Studio · Demo: Bäckerei-Bot' })).toBeVisible();
  await expect(page.getByTestId('demo-training')).toHaveCount(0);
  await expect(page.getByTestId('demo-error')).toHaveCount(0);
  // Public: no sidebar, no sign-in page.
  await expect(page.locator('.RaSidebar-fixed')).toHaveCount(0);
  await expect(dialog(page).getByRole('heading', { name: 'Bäckerei-Bot' })).toBeVisible();
  await dialog(page).getByRole('textbox').fill('Gibt es glutenfreies Brot?');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page).locator('.msg.bot').last()).toContainText('jeden Freitag');
  await shot(page, 'demo');
  const chats = (await s.db.query<{ source: string; message_count: number }>('select source, message_count from chats where chatbot_id = $1', [bot])).rows;
  expect(chats).toEqual([{ source: 'demo', message_count: 1 }]);
});

test('says that answers may be worse while the chatbot is still being trained', async ({ page }) => {
  await s.db.query(`update chatbots set initial_setup = 'running' where id = $1`, [bot]);
  await page.goto(`${s.url}/demo/${bot}`);
  await expect(page.getByTestId('demo-training')).toHaveText('Der Chatbot wird noch trainiert: Die Antworten können vorerst schlechter sein.');
  await expect(dialog(page)).toBeVisible();
  await shot(page, 'demo-training');
  await s.db.query(`update chatbots set initial_setup = 'completed' where id = $1`, [bot]);
});

test('names an invalid link', async ({ page }) => {
  for (const p of ['/demo', '/demo/not-a-chatbot']) {
    await page.goto(`${s.url}${p}`);
    await expect(page.getByTestId('demo-error')).toHaveAttribute('data-problem', 'invalidLink');
    await expect(page.getByTestId('demo-error')).toContainText('Ungültiger Link');
    await expect(page.getByTestId('demo-frame')).toHaveCount(0);
  }
  await shot(page, 'demo-invalid-link');
});

test('names a chatbot that does not exist', async ({ page }) => {
  await page.goto(`${s.url}/demo/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByTestId('demo-error')).toHaveAttribute('data-problem', 'chatbotNotFound');
  await expect(page.getByTestId('demo-error')).toContainText('Chatbot nicht gefunden');
  await expect(page.getByTestId('demo-frame')).toHaveCount(0);
});

test('names a subscription that is no longer valid, in English too', async ({ browser }) => {
  await s.db.query(`update subscriptions set status = 'expired' where organization_id = $1`, [org]);
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${s.url}/demo/${bot}`);
    await expect(page.getByTestId('demo-error')).toHaveAttribute('data-problem', 'subscriptionInvalid');
    await expect(page.getByTestId('demo-error')).toContainText('The subscription is no longer valid');
    await expect(page.getByTestId('demo-frame')).toHaveCount(0);
    await shot(page, 'demo-subscription-en');
    await context.close();
  } finally {
    await s.db.query(`update subscriptions set status = 'trialing' where organization_id = $1`, [org]);
  }
});
