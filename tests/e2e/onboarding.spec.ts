import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { IDP_PATH, fillSignUp } from './support/auth.ts';
import { cliToken, lookup } from './support/api.ts';
import { PASSWORD, uniqueEmail } from './support/env.ts';
import { shot } from './support/shot.ts';

/** The customer's website: a small bakery site served by the test on localhost. */
function startBakerySite() {
  const pages: Record<string, string> = {
    '/': `<!doctype html><html lang="de"><head><title>Bäckerei Sonnenschein</title>
      <style>body{font-family:sans-serif;margin:0}header{background:#f4b400;padding:40px}main{padding:24px}</style></head>
      <body><header><h1>Bäckerei Sonnenschein</h1><p>Frische Brötchen jeden Morgen</p></header>
      <main><p>Wir backen seit 1952 in Köln. Öffnungszeiten: Montag bis Samstag 6 bis 18 Uhr.</p>
      <a href="/brot.html">Unsere Brote</a> <a href="/kontakt.html">Kontakt</a></main></body></html>`,
    '/brot.html': '<!doctype html><html><head><title>Brote</title></head><body><h1>Brote</h1><p>Roggenbrot, Dinkelbrot und Vollkornbrot.</p></body></html>',
    '/kontakt.html': '<!doctype html><html><head><title>Kontakt</title></head><body><h1>Kontakt</h1><p>Telefon 0221 123456</p></body></html>',
  };
  const server = http.createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

/** A visitor opens the wizard (with a campaign), signs up at the identity provider and comes back to it. */
async function signUpWithCampaign(page: Page, campaign: string) {
  const email = uniqueEmail('onboarding');
  await page.goto(`/register?campaign=${campaign}`);
  // The dashboard first loads its code and the provider's configuration: allow for a busy machine.
  await expect(page).toHaveURL(IDP_PATH, { timeout: 30_000 });
  await fillSignUp(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/register\\?campaign=${campaign}$`));
  await expect(page.getByTestId('register-personal')).toBeVisible();
  return email;
}

async function fillPersonal(page: Page, v: { firstName: string; lastName: string; company: string; phone: string }) {
  await page.locator('#register-firstName').fill(v.firstName);
  await page.locator('#register-lastName').fill(v.lastName);
  await page.locator('#register-company').fill(v.company);
  await page.locator('#register-phone').fill(v.phone);
}

const helper = (page: Page, id: string) => page.locator(`#${id}-helper-text`);

test.describe('onboarding', () => {
  let site: Awaited<ReturnType<typeof startBakerySite>>;
  test.beforeAll(async () => {
    site = await startBakerySite();
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('a new customer signs up, completes the wizard, and uses dashboard, languages, implementation and profile (German)', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const email = await signUpWithCampaign(page, 'herbst24');
    await shot(page, 'onboarding-01-personal');

    // Personal data: every error at its field.
    await page.getByTestId('register-next').click();
    for (const f of ['firstName', 'lastName', 'company', 'phone']) await expect(helper(page, `register-${f}`)).toHaveText('Pflichtfeld');
    await fillPersonal(page, { firstName: 'Erika', lastName: 'Mustermann', company: 'Bäckerei Sonnenschein GmbH', phone: '12' });
    await page.getByTestId('register-next').click();
    await expect(helper(page, 'register-phone')).toHaveText('Ungültige Telefonnummer');
    await expect(helper(page, 'register-firstName')).not.toHaveText('Pflichtfeld');
    await shot(page, 'onboarding-02-personal-errors');
    await page.locator('#register-phone').fill('+49 221 123456');
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\?step=website$/);
    await expect(page.getByTestId('register-website')).toBeVisible();

    // The step lives on the server: a reload shows the website step again; back shows the saved data.
    await page.reload();
    await expect(page.getByTestId('register-website')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('register-personal')).toBeVisible();
    await expect(page.locator('#register-company')).toHaveValue('Bäckerei Sonnenschein GmbH');
    await page.goForward();
    await expect(page.getByTestId('register-website')).toBeVisible();

    // Website: URL rules at the field.
    await page.getByTestId('register-next').click();
    await expect(helper(page, 'register-url')).toHaveText('Bitte geben Sie die Adresse der Website ein');
    await page.locator('#register-url').fill('www.baeckerei.test/#kontakt');
    await page.getByTestId('register-next').click();
    await expect(helper(page, 'register-url')).toHaveText('Die Adresse darf kein #-Zeichen enthalten');
    await page.locator('#register-url').fill(`http://127.0.0.1:${site.port}`);
    await expect(helper(page, 'register-url')).toHaveText(`Der Chatbot lernt von https://127.0.0.1:${site.port}`);
    await shot(page, 'onboarding-03-website');

    const submitted = Date.now();
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\/website$/);
    await expect(page.getByTestId('register-chatbot-url')).toHaveText(`https://127.0.0.1:${site.port}`);
    await expect(page.getByTestId('register-setup-status')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
    const toCompleted = Date.now() - submitted;
    console.log(`website submitted → initial setup completed: ${toCompleted} ms`);
    await expect(page.getByText('Abgeschlossen')).toBeVisible();
    await expect(page.getByTestId('register-screenshot')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'onboarding-04-training');

    // Registered now: the training step survives a reload; the campaign and personal data were saved.
    await page.reload();
    await expect(page.getByTestId('register-training')).toBeVisible();
    const token = await cliToken(email);
    const saved = await lookup(request, token);
    expect(saved.user).toMatchObject({ firstName: 'Erika', lastName: 'Mustermann', phone: '+49 221 123456', campaign: 'herbst24', preferredLanguage: 'de' });
    expect(saved.chatbot).toMatchObject({ url: `https://127.0.0.1:${site.port}`, lang: 'de', initialSetup: 'completed' });

    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\/start$/);
    await expect(page.getByTestId('register-start-implementation')).toHaveAttribute('href', '/implementation');
    await expect(page.getByTestId('register-start-preview')).toHaveAttribute('href', '/preview');
    await expect(page.getByTestId('register-start-training')).toHaveAttribute('href', '/training');
    await shot(page, 'onboarding-05-start');
    await page.goBack();
    await expect(page.getByTestId('register-training')).toBeVisible();
    await page.goForward();
    await page.getByTestId('register-finish').click();

    // Dashboard: the statistics of a new chatbot are zeros; the trial shows its days left.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-subscription')).toHaveAttribute('data-state', 'trialing');
    await expect(page.getByTestId('stat-messagesToday')).toHaveText('0');
    await expect(page.getByTestId('stat-chats')).toHaveText('0');
    await expect(page.getByTestId('stat-used-messages')).toContainText('0 / 200');
    await expect(page.getByTestId('dashboard-chart').locator('.recharts-wrapper')).toBeVisible();
    await shot(page, 'onboarding-06-dashboard');

    // Languages: add English (the trial allows two: the upgrade prompt appears), then delete it.
    await page.getByTestId('menu-language').click();
    await expect(page.getByTestId('language-row-de')).toBeVisible();
    await expect(page.getByTestId('language-row-de')).toContainText('Deutsch');
    await page.locator('#language-add-select').click();
    await page.getByTestId('language-option-en').click();
    await page.getByTestId('language-add-button').click();
    await expect(page.getByTestId('language-row-en')).toContainText('Englisch');
    await expect(page.getByTestId('upgrade-prompt-maxLanguages')).toBeVisible();
    await expect(page.getByTestId('language-add-button')).toBeDisabled();
    await shot(page, 'onboarding-07-languages');
    await page.getByTestId('language-delete-en').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByTestId('language-row-en')).toHaveCount(0);
    await expect(page.getByTestId('upgrade-prompt-maxLanguages')).toHaveCount(0);

    // Implementation: the exact snippet, copied with a success notice.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('menu-implementation').click();
    await expect(page).toHaveURL(/\/implementation\/default$/);
    const origin = new URL(page.url()).origin;
    const snippet = `<script src="${origin}/widget.js" data-chatbot-id="${saved.chatbot!.id}" defer></script>`;
    await expect(page.getByTestId('implementation-snippet')).toHaveText(snippet);
    await page.getByTestId('implementation-copy').click();
    await expect(page.getByTestId('notification')).toContainText('In die Zwischenablage kopiert');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await page.getByTestId('implementation-shop-convert').click();
    await expect(helper(page, 'shop-admin-url')).toHaveText('Pflichtfeld');
    await page.locator('#shop-admin-url').fill('https://admin.shopify.com/store/sonnenschein');
    await page.getByTestId('implementation-shop-convert').click();
    await expect(page.getByTestId('implementation-shop-result').getByRole('link')).toHaveAttribute(
      'href',
      'https://sonnenschein.myshopify.com/admin/themes/current?key=layout/theme.liquid',
    );
    await shot(page, 'onboarding-08-implementation');

    // Profile: plan, state, the explanation instead of a portal, names editable with validation.
    await page.getByTestId('menu-profile').click();
    await expect(page.getByTestId('profile-plan')).toContainText('Testphase');
    await expect(page.getByTestId('profile-subscription-state')).toHaveText('Testphase');
    await expect(page.getByTestId('profile-state-trialing')).toContainText('Testphase bis');
    await page.getByTestId('profile-manage-subscription').click();
    await expect(page.getByTestId('profile-billing-unavailable')).toBeVisible();
    await page.locator('#profile-company').fill('');
    await page.getByTestId('profile-save').click();
    await expect(helper(page, 'profile-company')).toHaveText('Pflichtfeld');
    await page.locator('#profile-company').fill('Sonnenschein Backwaren GmbH');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('notification')).toContainText('Profil gespeichert');
    expect((await lookup(request, token)).user.company).toBe('Sonnenschein Backwaren GmbH');
    await shot(page, 'onboarding-09-profile');
  });

  test.describe('in English', () => {
    test.use({ locale: 'en-US' });
    test('the wizard, dashboard and profile in English', async ({ page }) => {
      test.setTimeout(180_000);
      await signUpWithCampaign(page, 'spring');
      await expect(page.getByRole('heading', { name: 'Registration' })).toBeVisible();
      await page.getByTestId('register-next').click();
      await expect(helper(page, 'register-firstName')).toHaveText('Required field');
      await fillPersonal(page, { firstName: 'John', lastName: 'Doe', company: 'Doe Bakery Ltd', phone: 'call me' });
      await page.getByTestId('register-next').click();
      await expect(helper(page, 'register-phone')).toHaveText('Invalid phone number');
      await shot(page, 'onboarding-en-01-personal');
      await page.locator('#register-phone').fill('+44 20 7946 0000');
      await page.getByTestId('register-next').click();
      await page.locator('#register-url').fill(`127.0.0.1:${site.port}`);
      await page.getByTestId('register-next').click();
      await expect(page.getByTestId('register-setup-status')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
      await expect(page.getByText('Completed')).toBeVisible();
      await shot(page, 'onboarding-en-02-training');
      await page.getByTestId('register-next').click();
      await shot(page, 'onboarding-en-03-start');
      await page.getByTestId('register-finish').click();
      await expect(page.getByTestId('stat-messages')).toHaveText('0');
      await expect(page.getByTestId('dashboard-subscription')).toContainText('days left');
      await shot(page, 'onboarding-en-04-dashboard');
      await page.getByTestId('menu-language').click();
      await expect(page.getByTestId('language-row-en')).toContainText('English');
      await shot(page, 'onboarding-en-05-languages');
      await page.getByTestId('menu-profile').click();
      await expect(page.getByTestId('profile-subscription-state')).toHaveText('Trial');
      await shot(page, 'onboarding-en-06-profile');
    });
  });
});
