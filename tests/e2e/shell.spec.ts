import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signIn, signUp } from './support/auth.ts';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { openAndSettle, settled, switchLocale } from './support/app.ts';
import { e2e } from './support/env.ts';
import { shot } from './support/shot.ts';

/**
 * The dashboard shell for a registered user: every screen's page title (`Chatbot Studio · <title>`) and
 * what the screen must show, in German and English; the interface-language switch, admin mode, and a
 * screenshot of each screen.
 */
test.describe.configure({ mode: 'serial' });

/** Picks the German or the English text: the interface language decides which one a screen shows. */
type Pick = (de: string, en: string) => string;
const pick = (locale: 'de' | 'en'): Pick => (de, en) => (locale === 'de' ? de : en);

/** A heading, field or row only this screen has, in the interface language: a title alone proves nothing. */
type Shows = (p: Page, t: Pick) => Promise<void>;

const visible = (l: Locator) => expect(l).toBeVisible();
/** Training and the chatbot interface: the screen's own tab is the selected one, and its form is there. */
const tabWith = (de: string, en: string, content: (p: Page, t: Pick) => Locator): Shows => async (p, t) => {
  await visible(p.getByRole('tab', { name: t(de, en), exact: true, selected: true }));
  await visible(content(p, t));
};

let context: BrowserContext;
let page: Page;
let customer: { userId: string; email: string; chatbotId: string };

const SCREENS: { path: string; name: string; de: string; en: string; shows: Shows }[] = [
  {
    path: '/dashboard', name: 'dashboard', de: 'Dashboard', en: 'Dashboard',
    shows: async (p, t) => {
      await visible(p.getByRole('heading', { name: t('Nachrichten pro Tag (letzte 30 Tage)', 'Messages per day (last 30 days)') }));
      await visible(p.getByText(t('Nachrichten heute', 'Messages today'), { exact: true }));
    },
  },
  {
    path: '/history', name: 'history', de: 'Chatverlauf', en: 'Chat history',
    shows: async (p, t) => {
      // The counts come from the server: the new customer has no chats yet.
      await visible(p.getByRole('tab', { name: t('Alle Chats (0)', 'All chats (0)'), selected: true }));
      await visible(p.getByRole('searchbox', { name: t('In Nachrichten suchen', 'Search in messages') }));
      // No chat yet: the empty history says what to do next and links there.
      await visible(p.getByRole('heading', { name: t('Noch keine Chats', 'No chats yet') }));
      await expect(p.getByTestId('chat-list-empty-preview')).toHaveAttribute('href', '/preview');
      await expect(p.getByTestId('chat-list-empty-implementation')).toHaveAttribute('href', '/implementation');
    },
  },
  {
    path: '/training/website', name: 'training-website', de: 'Training', en: 'Training',
    shows: tabWith('Website', 'Website', (p, t) => p.getByRole('button', { name: t('Domain hinzufügen', 'Add domain') })),
  },
  {
    path: '/training/contacts', name: 'training-contacts', de: 'Training', en: 'Training',
    shows: tabWith('Kontakte', 'Contacts', (p, t) => p.getByRole('button', { name: t('Kontakt hinzufügen', 'Add contact') })),
  },
  {
    path: '/training/documents', name: 'training-documents', de: 'Training', en: 'Training',
    shows: tabWith('Dokumente', 'Documents', (p, t) => p.getByRole('textbox', { name: t('Dokument von einer URL laden', 'Load a document from a URL') })),
  },
  {
    path: '/training/question-answer', name: 'training-question-answer', de: 'Training', en: 'Training',
    shows: tabWith('Frage-Antwort', 'Question-answer', (p, t) => p.getByRole('button', { name: t('Paar hinzufügen', 'Add pair') })),
  },
  {
    path: '/uiconfig/text-and-messages', name: 'uiconfig-text-and-messages', de: 'Chatbot-Oberfläche', en: 'Chatbot interface',
    shows: tabWith('Texte und Nachrichten', 'Texts and messages', (p, t) => p.getByRole('textbox', { name: t('Name des Chatbots', 'Chatbot name') })),
  },
  {
    path: '/uiconfig/styling-and-colors', name: 'uiconfig-styling-and-colors', de: 'Chatbot-Oberfläche', en: 'Chatbot interface',
    shows: tabWith('Design und Farben', 'Styling and colors', (p, t) => p.getByRole('radiogroup', { name: t('Farbschema', 'Theme') })),
  },
  {
    path: '/uiconfig/contacts', name: 'uiconfig-contacts', de: 'Chatbot-Oberfläche', en: 'Chatbot interface',
    shows: tabWith('Kontakte sammeln', 'Collect contacts', (p, t) =>
      p.getByLabel(t('Kontakte sammeln (Kontaktformular)', 'Collect contacts (lead form)'), { exact: true }),
    ),
  },
  {
    path: '/preview', name: 'preview', de: 'Vorschau', en: 'Preview',
    shows: async (p, t) => {
      // The intro names the customer's site; the chatbot is open in front of it.
      await expect(p.getByText(t('Ihr Chatbot, wie ihn die Besucher von', 'Your chatbot as visitors of'))).toContainText('baeckerei-beispiel.de');
      const frame = p.getByTitle(t('Vorschau Ihres Chatbots auf Ihrer Website', 'Preview of your chatbot on your website')).contentFrame();
      await visible(frame.locator('chatbot-widget').getByRole('dialog'));
    },
  },
  {
    path: '/language', name: 'language', de: 'Sprachen', en: 'Languages',
    shows: async (p, t) => {
      const german = p.getByTestId('language-list').getByRole('listitem').filter({ hasText: t('Deutsch', 'German') });
      await expect(german).toContainText(t('Standard', 'Default'));
    },
  },
  {
    path: '/implementation/default', name: 'implementation', de: 'Einbindung', en: 'Implementation',
    shows: async (p, t) => {
      await visible(p.getByRole('heading', { name: t('Ihr Chatbot-Code', 'Your chatbot code') }));
      await expect(p.locator('pre code')).toContainText(`data-chatbot-id="${customer.chatbotId}"`);
    },
  },
  {
    path: '/profile', name: 'profile', de: 'Profil', en: 'Profile',
    shows: async (p, t) => {
      await visible(p.getByRole('heading', { name: t('Persönliche Daten', 'Personal data') }));
      await expect(p.getByRole('textbox', { name: t('E-Mail', 'Email'), exact: true })).toHaveValue(customer.email);
    },
  },
];

test.beforeAll(async ({ browser, request }) => {
  context = await browser.newContext();
  page = await context.newPage();
  const { email } = await signUp(page);
  const { user, chatbot } = await createChatbotViaApi(request, await cliToken(email), { url: 'www.baeckerei-beispiel.de' });
  customer = { userId: user.id, email, chatbotId: chatbot.id };
});
test.afterAll(async () => context?.close());

const open = (p: Page, path: string) => openAndSettle(p, path, new RegExp(`${path}$`));

for (const s of SCREENS) {
  test(`${s.path} is titled "Chatbot Studio · ${s.de}" and shows its content (screenshot screen-${s.name})`, async () => {
    await open(page, s.path);
    await expect(page).toHaveTitle(`Chatbot Studio · ${s.de}`);
    await expect(page.getByRole('heading', { name: s.de, level: 1, exact: true })).toBeVisible();
    await s.shows(page, pick('de'));
    await expect(page.locator('.RaSidebar-fixed')).toBeVisible();
    await shot(page, `screen-${s.name}`);
  });
}

test('offline: the "no internet connection" message, and the documents tab shows the error instead of "0 Dokumente"', async () => {
  // Loaded online first: the tab's code is in the page, so only the list request meets the offline network.
  await open(page, '/training/documents');
  await expect(page.getByRole('heading', { name: '0 Dokumente', level: 2 })).toBeVisible();
  // The list may still be fetching again (its stored page settings): a fetch sent online would answer the tab's
  // next visit without an error, so the network goes offline only once no list is loading.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Website', exact: true }).click();
  await expect(page).toHaveURL(/\/training\/website$/);
  await context.setOffline(true);
  try {
    await expect(page.getByTestId('offline-notice')).toHaveText('Keine Internetverbindung');
    await page.getByRole('tab', { name: 'Dokumente', exact: true }).click();
    await expect(page.getByTestId('document-list-error')).toHaveText('Keine Internetverbindung');
    await expect(page.getByRole('heading', { name: 'Dokumente', level: 2, exact: true })).toBeVisible();
    await expect(page.getByText('0 Dokumente')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});

test('the public demo of the chatbot is titled "Chatbot Studio · Demo" and shows the chatbot (screenshot screen-demo)', async () => {
  await open(page, `/demo/${customer.chatbotId}`);
  await expect(page).toHaveTitle('Chatbot Studio · Demo');
  // The header names the loaded chatbot; the chatbot itself is open in the frame.
  await expect(page.getByRole('heading', { level: 1, name: /^Chatbot Studio · Demo: \S/ })).toBeVisible();
  await expect(page.getByText('Probieren Sie den Chatbot aus')).toBeVisible();
  await expect(page.getByTitle('Chatbot-Demo').contentFrame().locator('chatbot-widget').getByRole('dialog')).toBeVisible();
  await shot(page, 'screen-demo');
});

test('the German/English switch changes the texts and the titles, and is remembered', async () => {
  test.setTimeout(300_000);
  const screen = (path: string) => SCREENS.find((s) => s.path === path)!;
  await open(page, '/history');
  const menu = page.locator('.RaSidebar-fixed');
  await expect(menu.getByText('Chatverlauf')).toBeVisible();
  await switchLocale(page, 'en');
  await expect(page).toHaveTitle('Chatbot Studio · Chat history');
  await screen('/history').shows(page, pick('en'));
  await expect(menu.getByText('Chat history')).toBeVisible();
  await expect(menu.getByText('Chatverlauf')).toHaveCount(0);
  await shot(page, 'screen-history-en');

  // Kept across a reload and on the next screen.
  await open(page, '/language');
  await expect(page).toHaveTitle('Chatbot Studio · Languages');
  await screen('/language').shows(page, pick('en'));
  // The title logic is shared by all routes (each German title is checked above): a sample suffices here.
  for (const s of ['/uiconfig/contacts', '/implementation/default', '/profile'].map(screen)) {
    await open(page, s.path);
    await expect(page).toHaveTitle(`Chatbot Studio · ${s.en}`);
    await expect(page.getByRole('heading', { name: s.en, level: 1, exact: true })).toBeVisible();
    await s.shows(page, pick('en'));
  }

  await switchLocale(page, 'de');
  await expect(page).toHaveTitle(`Chatbot Studio · ${SCREENS.at(-1)!.de}`);
  await SCREENS.at(-1)!.shows(page, pick('de'));
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

test('operator console: an admin signs in to the customer list, opens a customer in the admin view, goes back; an expired admin view says so', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext();
  try {
    const p = await admin.newPage();
    // An admin's start is the customer list, not the customer registration.
    await signIn(p, e2e.adminEmail, e2e.adminPassword, '/admin');
    await expect(p).toHaveURL(/\/customers/);
    await settled(p);
    await expect(p).toHaveTitle('Chatbot Studio · Kunden');
    const search = p.getByRole('textbox', { name: 'Nach E-Mail, Name oder Firma suchen' });
    await search.fill(customer.email);
    // The search is kept in the address, and the list shows only that customer.
    await expect(p).toHaveURL(new RegExp(`filter=.*${encodeURIComponent(customer.email).replace(/\./g, '\\.')}`));
    const open = p.getByRole('link', { name: `${customer.email} in der Admin-Ansicht öffnen` });
    await expect(open).toBeVisible();
    await expect(p.getByTestId('customer-open')).toHaveCount(1);
    await expect(p.getByRole('row').filter({ has: open })).toContainText('Testphase');

    // Opening the customer enters the admin view of that customer: no ids to copy.
    await open.click();
    await expect(p).toHaveURL(/\/dashboard$/);
    await expect(p.getByTestId('admin-mode')).toContainText(customer.email);
    await expect(p.getByRole('heading', { name: 'Nachrichten pro Tag (letzte 30 Tage)' })).toBeVisible();

    // Back to the list: admin mode ends.
    await p.getByRole('link', { name: 'Admin-Ansicht verlassen und zur Kundenliste zurückkehren' }).click();
    await expect(p).toHaveURL(/\/customers/);
    await expect(p.getByRole('textbox', { name: 'Nach E-Mail, Name oder Firma suchen' })).toBeVisible();
    await expect(p.getByTestId('admin-mode')).toHaveCount(0);

    // An admin token the server no longer accepts ends on a page that says so and leads back to the list.
    await p.evaluate(({ userId, chatbotId }) => {
      sessionStorage.setItem('chatbot.admin.adminToken', 'expired.admin.token');
      sessionStorage.setItem('chatbot.admin.userId', userId);
      sessionStorage.setItem('chatbot.admin.chatbotId', chatbotId);
    }, customer);
    await p.goto('/history');
    await expect(p).toHaveURL(/\/admin\/expired$/);
    await expect(p.getByRole('alert')).toContainText('Ihr Admin-Zugang zu diesem Kunden ist abgelaufen');
    await p.getByRole('button', { name: 'Zurück zur Kundenliste' }).click();
    await expect(p).toHaveURL(/\/customers/);
    await expect(p.getByRole('textbox', { name: 'Nach E-Mail, Name oder Firma suchen' })).toBeVisible();
  } finally {
    await admin.close();
  }
});

