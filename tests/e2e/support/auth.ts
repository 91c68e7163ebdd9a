import { expect, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './env.ts';

/** The identity provider's pages live under /oidc on the same server. */
export const IDP_PATH = /\/oidc\//;

/**
 * Signs a new person up like a browser user: /register sends a visitor to the provider's sign-up screen
 * (screen_hint=signup); after the form the dashboard finishes the redirect and shows /register.
 */
export async function signUp(page: Page, opts: { email?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  await page.goto('/register');
  await expect(page).toHaveURL(IDP_PATH);
  await expect(page.locator('#password2')).toBeVisible();
  await fillSignUp(page, email, password);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('register-page')).toBeVisible();
  return { email, password };
}

export async function fillSignUp(page: Page, email: string, password: string) {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#password2').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** On the provider's sign-in page: fills and submits the form. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** Opens `path` signed out, goes through the provider's sign-in page, and waits to be back in the dashboard. */
export async function signIn(page: Page, email: string, password: string = PASSWORD, path = '/dashboard') {
  await page.goto(path);
  await expect(page).toHaveURL(IDP_PATH);
  await expect(page.locator('#password2')).toHaveCount(0);
  await fillSignIn(page, email, password);
  await expect(page).not.toHaveURL(IDP_PATH);
  await expect(page).not.toHaveURL(/\/auth\/callback/);
}

/** Ends the session at the provider too (end-session), so the next visit needs the password again. */
export async function signOutViaRegisterPage(page: Page) {
  await page.getByTestId('register-page').getByRole('button').last().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
  // The provider may show its own "signing out" page before returning to the dashboard's start page.
  await page.waitForLoadState('networkidle');
}
