import { expect, test } from '@playwright/test';
import { IDP_PATH, fillSignIn, fillSignUp, signOutViaRegisterPage, signUp } from './support/auth.ts';
import { PASSWORD, uniqueEmail } from './support/env.ts';
import { shot } from './support/shot.ts';

test.describe('sign-up and sign-in through the local identity provider', () => {
  test('a visitor signs up on the provider\'s sign-up page and lands on /register', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/register');
    await expect(page).toHaveURL(IDP_PATH);
    // German by default, the sign-up screen because of screen_hint=signup.
    await expect(page.locator('h1')).toHaveText('Konto erstellen');
    await expect(page.locator('#password2')).toBeVisible();
    await shot(page, 'idp-signup');

    await fillSignUp(page, email, 'short');
    await expect(page.getByRole('alert')).toHaveText('Das Passwort muss mindestens 8 Zeichen lang sein.');

    await fillSignUp(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('register-page')).toBeVisible();
    await expect(page).toHaveTitle('Chatbot Studio · Registrierung');
    await shot(page, 'register');
  });

  test('signs out and in again; a wrong password and an unknown address get the same text', async ({ page }) => {
    const { email } = await signUp(page);
    await signOutViaRegisterPage(page);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(IDP_PATH);
    await expect(page.locator('h1')).toHaveText('Anmelden');
    await fillSignIn(page, email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await fillSignIn(page, uniqueEmail('nobody'), PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await shot(page, 'idp-signin-error');

    await fillSignIn(page, email, PASSWORD);
    // Signed in but without a chatbot: the guard sends the user to the registration wizard.
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('register-page')).toBeVisible();
  });

  test('the sign-in page follows the English switch', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(IDP_PATH);
    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page.locator('h1')).toHaveText('Sign in');
    await fillSignIn(page, uniqueEmail('nobody'), PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Wrong email address or password.');
  });
});
