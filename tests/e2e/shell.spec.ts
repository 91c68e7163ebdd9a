import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signUp } from './support/auth.ts';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { openAndSettle, settled } from './support/app.ts';
import { e2e } from './support/env.ts';
import { shot } from './support/shot.ts';

/**
 * The dashboard shell for a registered user: every screen's page title (`Chatbot Studio · <title>`) in
 * German and English, the interface-language switch, admin mode, and a screenshot of each screen.
 */
test.describe.configure({ mode: 'serial' });

const SCREENS: { path: string; name: string; de: string; en: string }[] = [
  { path: '/dashboard', name: 'dashboard', de: 'Dashboard', en: 'Dashboard' },
  { path: '/history', name: 'history', de: 'Chatverlauf', en: 'Chat history' },
  { path: '/training/website', name: 'training-website', de: 'Training', en: 'Training' },
  { path: '/training/contacts', name: 'training-contacts', de: 'Training', en: 'Training' },
  { path: '/training/documents', name: 'training-documents', de: 'Training', en: 'Training' },
  { path: '/training/question-answer', name: 'training-question-answer', de: 'Training', en: 'Training' },
  { path: '/uiconfig/text-and-messages', name: 'uiconfig-text-and-messages', de: 'Chatbot-Oberfläche', en: 'Chatbot interface' },
  { path: '/uiconfig/styling-and-colors', name: 'uiconfig-styling-and-colors', de: 'Chatbot-Oberfläche', en: 'Chatbot interface' },
  { path: '/uiconfig/contacts', name: 'uiconfig-contacts', de: 'Chatbot-Oberfläche', en: 'Chatbot interface' },
  { path: '/preview', name: 'preview', de: 'Vorschau', en: 'Preview' },
  { path: '/language', name: 'language', de: 'Sprachen', en: 'Languages' },
  { path: '/implementation/default', name: 'implementation', de: 'Einbindung', en: 'Implementation' },
  { path: '/profile', name: 'profile', de: 'Profil', en: 'Profile' },
];

let context: BrowserContext;
let page: Page;
let customer: { userId: string; email: string; chatbotId: string };

test.beforeAll(async ({ browser, request }) => {
  context = await browser.newContext();
  page = await context.newPage();
  const { email } = await signUp(page);
  const { user, chatbot } = await createChatbotViaApi(request, await cliToken(email), { url: 'www.baeckerei-beispiel.de' });
  customer = { userId: user.id, email, chatbotId: chatbot.id };
});
test.afterAll(async () => context?.close());

const open = (p: Page, path: string) => openAndSettle(p, path, new RegExp(`${path}$`));

async function switchLocale(p: Page, locale: 'de' | 'en') {
  await p.getByTestId('locale-switcher').click();
  await p.getByTestId(`locale-${locale}`).click();
  await expect(p.getByTestId('locale-switcher')).toHaveText(locale.toUpperCase());
}

for (const s of SCREENS) {
  test(`${s.path} is titled "Chatbot Studio · ${s.de}" (screenshot screen-${s.name})`, async () => {
    await open(page, s.path);
    await expect(page).toHaveTitle(`Chatbot Studio · ${s.de}`);
    await expect(page.locator('.RaSidebar-fixed')).toBeVisible();
    await shot(page, `screen-${s.name}`);
  });
}

test('the public demo of the chatbot is titled "Chatbot Studio · Demo" (screenshot screen-demo)', async () => {
  await open(page, `/demo/${customer.chatbotId}`);
  await expect(page).toHaveTitle('Chatbot Studio · Demo');
  await shot(page, 'screen-demo');
});

test('the German/English switch changes the texts and the titles, and is remembered', async () => {
  test.setTimeout(300_000);
  await open(page, '/history');
  const menu = page.locator('.RaSidebar-fixed');
  await expect(menu.getByText('Chatverlauf')).toBeVisible();
  await switchLocale(page, 'en');
  await expect(page).toHaveTitle('Chatbot Studio · Chat history');
  await expect(menu.getByText('Chat history')).toBeVisible();
  await expect(menu.getByText('Chatverlauf')).toHaveCount(0);
  await shot(page, 'screen-history-en');

  // Kept across a reload and on the next screen.
  await open(page, '/language');
  await expect(page).toHaveTitle('Chatbot Studio · Languages');
  // The title logic is shared by all routes (each German title is checked above): a sample suffices here.
  for (const s of SCREENS.filter((x) => ['/uiconfig/contacts', '/implementation/default', '/profile'].includes(x.path))) {
    await open(page, s.path);
    await expect(page).toHaveTitle(`Chatbot Studio · ${s.en}`);
  }

  await switchLocale(page, 'de');
  await expect(page).toHaveTitle(`Chatbot Studio · ${SCREENS.at(-1)!.de}`);
  await expect(page.locator('.RaSidebar-fixed').getByText('Profil', { exact: true })).toBeVisible();
});

test('admin mode: an admin token with userId and chatbotId opens the customer\'s dashboard without sign-in', async ({ browser }) => {
  test.setTimeout(150_000); // the CLI and three guarded page loads
  const adminToken = await cliToken(e2e.adminEmail);
  const admin = await browser.newContext();
  try {
    const p = await admin.newPage();
    const query = new URLSearchParams({ adminToken, userId: customer.userId, chatbotId: customer.chatbotId });
    await p.goto(`/dashboard?${query}`);
    await expect(p).toHaveURL(/\/dashboard/);
    await settled(p);
    await expect(p).not.toHaveURL(/\/oidc\//);
    await expect(p).not.toHaveURL(/adminToken=/); // the token does not stay in the address bar
    await expect(p.getByTestId('admin-mode')).toContainText(customer.email);
    await shot(p, 'screen-admin-mode');

    // Admin mode survives navigation in the tab (session storage), and an admin counts as registered.
    await openAndSettle(p, '/history', /\/history$/);
    await expect(p.getByTestId('admin-mode')).toContainText(customer.email);
    await openAndSettle(p, '/register', /\/dashboard$/);
  } finally {
    await admin.close();
  }
});
