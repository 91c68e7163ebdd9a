import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { IDP_PATH, signUp } from './support/auth.ts';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { openAndSettle } from './support/app.ts';

/**
 * The route guard of spec section 2 in a real browser: redirects for a registered user (has a chatbot),
 * for a signed-in user without one, and for a visitor; the public demo; the sidebar rule.
 */
test.describe.configure({ mode: 'serial' });

async function signedUpPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email } = await signUp(page);
  return { context, page, email };
}

/** Visits PATH and waits until the guard has settled on a final address. */
const landOn = openAndSettle;

const sidebar = (page: Page) => page.locator('.RaSidebar-fixed');

test.describe('a registered user', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, request }) => {
    const signedUp = await signedUpPage(browser);
    ({ context, page } = signedUp);
    await createChatbotViaApi(request, await cliToken(signedUp.email));
  });
  test.afterAll(async () => context?.close());

  const cases: [string, RegExp][] = [
    ['/nowhere/at/all', /\/dashboard$/],
    ['/login', /\/dashboard$/],
    ['/admin', /\/dashboard$/],
    ['/register', /\/dashboard$/],
    ['/training', /\/training\/website$/],
    ['/uiconfig', /\/uiconfig\/text-and-messages$/],
    ['/implementation', /\/implementation\/default$/],
    ['/implementation/shopify', /\/implementation\/default$/],
    ['/history', /\/history$/],
  ];
  for (const [from, to] of cases) {
    test(`${from} → ${to.source.replace(/\\|\$/g, '')}`, async () => {
      await landOn(page, from, to);
      await expect(sidebar(page)).toBeVisible();
    });
  }

  test('/demo/anything opens for a signed-in user too, without the sidebar', async () => {
    await landOn(page, '/demo/anything', /\/demo\/anything$/);
    await expect(page.getByTestId('demo-page')).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
  });
});

test.describe('a signed-in user without a chatbot', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await signedUpPage(browser));
  });
  test.afterAll(async () => context?.close());

  for (const from of ['/nowhere', '/login', '/admin', '/dashboard', '/training', '/uiconfig', '/implementation/shopify', '/profile']) {
    test(`${from} → /register`, async () => {
      await landOn(page, from, /\/register$/);
      await expect(page.getByTestId('register-page')).toBeVisible();
      await expect(sidebar(page)).toHaveCount(0);
    });
  }

  test('/demo/anything stays', async () => {
    await landOn(page, '/demo/anything', /\/demo\/anything$/);
  });
});

test.describe('a visitor who is not signed in', () => {
  test('/demo/anything opens without sign-in', async ({ page }) => {
    await landOn(page, '/demo/anything', /\/demo\/anything$/);
    await expect(page.getByTestId('demo-page')).toHaveAttribute('data-chatbot-id', 'anything');
    await expect(page).toHaveTitle('Chatbot Studio · Demo');
  });

  test('an unknown path leads to the provider\'s sign-up screen', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page).toHaveURL(IDP_PATH);
    await expect(page.locator('#password2')).toBeVisible();
  });

  test('a protected path leads to the provider\'s sign-in screen', async ({ page }) => {
    await page.goto('/history');
    await expect(page).toHaveURL(IDP_PATH);
    await expect(page.locator('#password2')).toHaveCount(0);
    await expect(page.locator('#password')).toBeVisible();
  });
});
