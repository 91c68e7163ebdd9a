import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { IDP_PATH, fillSignIn, fillSignUp } from './support/auth.ts';
import { settled, switchLocale } from './support/app.ts';
import { PASSWORD, uniqueEmail } from './support/env.ts';

/**
 * Accessibility (issue 11, item 4): axe-core on every screen of the dashboard, the identity provider's sign-up
 * and sign-in pages and the registration wizard, in German and English, at 1280 and 390 px: no critical and no
 * serious violation. Cheap by design: one person signs up once, and one page walks the screens by in-app
 * navigation (no reload per screen); axe runs in the page itself and in each of its frames (widget preview).
 */
test.describe.configure({ mode: 'serial' });

type Locale = 'de' | 'en';
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** axe-core's own bundle, injected by evaluation (not a script tag), so the provider's CSP does not stop it. */
const AXE_SOURCE = (() => {
  try {
    return fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  } catch {
    throw new Error('axe-core is not installed: it is a devDependency of the browser suite (npm install)');
  }
})();

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The screens whose fixes belong to other work in progress (the training resources, the history and the
 * languages screens). They are visited and checked like every other; their findings are listed but only fail the
 * test once ENFORCE_OWNED_ELSEWHERE is switched on (the lead does that after those branches are merged).
 */
const OWNED_ELSEWHERE = new Set(['/history', '/training/website', '/training/contacts', '/training/documents', '/training/question-answer', '/language']);
const ENFORCE_OWNED_ELSEWHERE = true;

/** Runs axe in the page and in every frame that shows something, and keeps the critical and serious findings. */
async function axe(page: Page, screen: string): Promise<Finding[]> {
  const frames = page.frames().filter((f) => f.url().startsWith('http'));
  const findings: Finding[] = [];
  for (const frame of frames) {
    if (frame !== page.mainFrame() && !(await shows(frame))) continue;
    // Evaluated as a whole by the browser's debugging protocol: the provider's CSP (no scripts) does not apply.
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
    const violations = await frame.evaluate(
      async () => {
        const w = window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } };
        const result = await w.axe.run(document, {
          iframes: false,
          resultTypes: ['violations'],
          // Experimental in axe, but part of WCAG 2.5.3: a control's name must contain its visible text.
          rules: { 'label-content-name-mismatch': { enabled: true } },
        });
        return result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
      },
    );
    for (const v of violations)
      if (v.impact === 'critical' || v.impact === 'serious')
        findings.push({ screen, rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) });
  }
  return findings;
}

/** A frame counts when its element is on screen (the sign-in code's hidden frames do not). */
async function shows(frame: Frame) {
  const element = await frame.frameElement().catch(() => null);
  const box = await element?.boundingBox();
  return !!box && box.width > 1 && box.height > 1;
}

/**
 * The screen is still: no request of the page is in flight (its data is drawn) and every transition that started
 * has ended (a chip changing colour would be measured half-way). Endless animations (spinners) are not waited for.
 */
async function still(page: Page, inFlight: () => number) {
  await expect.poll(inFlight).toBe(0);
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  });
}

/** Client-side navigation: react-router follows pushState + popstate, so the app (and axe) stays loaded. */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/** What each screen shows once it is ready: the loading overlay is gone and the screen's own content is there. */
async function ready(page: Page, testId: string, tab?: boolean) {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(page.getByTestId(testId).first()).toBeVisible();
  if (tab) await expect(page.getByRole('tab', { selected: true })).toBeVisible();
}

/** Set to a folder, the walk also screenshots each screen it checks there (to look at them, not to compare). */
const SHOTS = process.env.A11Y_SCREENSHOTS;

let chatbotId = '';
const SCREENS: { path: () => string; name: string; testId: string; tab?: boolean }[] = [
  { path: () => '/dashboard', name: '/dashboard', testId: 'dashboard-page' },
  { path: () => '/history', name: '/history', testId: 'history-page' },
  { path: () => '/training/website', name: '/training/website', testId: 'training-website', tab: true },
  { path: () => '/training/contacts', name: '/training/contacts', testId: 'training-contacts', tab: true },
  { path: () => '/training/documents', name: '/training/documents', testId: 'training-documents', tab: true },
  { path: () => '/training/question-answer', name: '/training/question-answer', testId: 'training-questionAnswer', tab: true },
  { path: () => '/uiconfig/text-and-messages', name: '/uiconfig/text-and-messages', testId: 'uiconfig-page', tab: true },
  { path: () => '/uiconfig/styling-and-colors', name: '/uiconfig/styling-and-colors', testId: 'uiconfig-page', tab: true },
  { path: () => '/uiconfig/contacts', name: '/uiconfig/contacts', testId: 'uiconfig-page', tab: true },
  { path: () => '/preview', name: '/preview', testId: 'preview-page' },
  { path: () => '/language', name: '/language', testId: 'language-page' },
  { path: () => '/implementation/default', name: '/implementation/default', testId: 'implementation-page' },
  { path: () => '/profile', name: '/profile', testId: 'profile-page' },
  { path: () => `/demo/${chatbotId}`, name: '/demo/:chatbotId', testId: 'demo-page' },
];

test('every screen has no critical or serious axe violation, in German and English at 1280 and 390 px', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const findings: Finding[] = [];
  // Requests of the page in flight (the widget's event stream in the preview frame never ends: not counted).
  const pending = new Set<unknown>();
  page.on('request', (r) => r.resourceType() !== 'eventsource' && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  page.on('framenavigated', (f) => f === page.mainFrame() && pending.clear());
  let axeMs = 0;
  /** Checks the current screen at both widths, ending at the width it started with. */
  const check = async (name: string, locale: Locale, before?: () => Promise<void>) => {
    for (const size of page.viewportSize()?.width === 390 ? [...WIDTHS].reverse() : WIDTHS) {
      await page.setViewportSize(size);
      await page.waitForFunction((w) => window.innerWidth === w, size.width);
      await before?.();
      await still(page, () => pending.size);
      const started = Date.now();
      findings.push(...(await axe(page, `${name} ${locale} ${size.width}px`)));
      axeMs += Date.now() - started;
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/[^\w-]+/g, '_')}-${locale}-${size.width}.png` });
    }
  };

  try {
    // The identity provider: sign-up and sign-in, each in both languages.
    await page.goto('/register');
    await expect(page).toHaveURL(IDP_PATH);
    await expect(page.locator('#password2')).toBeVisible();
    await check('idp sign-up', 'de');
    await page.locator('nav.lang a[hreflang=en]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await check('idp sign-up', 'en');
    await page.locator('p.switch a').click();
    await expect(page.locator('#password2')).toHaveCount(0);
    await check('idp sign-in', 'en');
    await page.locator('nav.lang a[hreflang=de]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await check('idp sign-in', 'de');
    await page.locator('p.switch a').click();
    await page.locator('nav.lang a[hreflang=en]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Signed up in English in a German browser: the wizard speaks English (the language holds).
    const email = uniqueEmail('a11y');
    await fillSignUp(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('register-personal')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();

    // The wizard: personal data, website, training, get started; each in both languages, switched in the wizard.
    for (const locale of ['en', 'de'] as const) {
      await switchLocale(page, locale);
      await check('wizard personal', locale);
    }
    await page.locator('#register-firstName').fill('Alex');
    await page.locator('#register-lastName').fill('Muster');
    await page.locator('#register-company').fill('Muster GmbH');
    await page.locator('#register-phone').fill('+49 30 123456');
    await page.getByTestId('register-next').click();
    await expect(page.getByTestId('register-website')).toBeVisible();
    for (const locale of ['de', 'en'] as const) {
      await switchLocale(page, locale);
      await check('wizard website', locale);
    }
    await page.locator('#register-url').fill('www.a11y-beispiel.test');
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\/website$/);
    await expect(page.getByTestId('register-training')).toBeVisible();
    // The address does not resolve: the first training ends (failed) at once; checked once it has.
    await expect(page.getByTestId('register-setup-status')).toHaveAttribute('data-status', /^(failed|completed)$/, { timeout: 30_000 });
    for (const locale of ['en', 'de'] as const) {
      await switchLocale(page, locale);
      await check('wizard training', locale);
    }
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\/start$/);
    for (const locale of ['de', 'en'] as const) {
      await switchLocale(page, locale);
      await check('wizard start', locale);
    }
    await page.getByTestId('register-finish').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await settled(page);
    chatbotId = await page.evaluate(async () => {
      const stored = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(stored)!) as { access_token: string }).access_token;
      const res = await fetch('/api/v1/users/lookup', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { chatbot: { id: string } }).chatbot.id;
    });

    // Every dashboard screen, in both languages at both widths.
    for (const locale of ['en', 'de'] as const) {
      await switchLocale(page, locale);
      for (const s of SCREENS) {
        await go(page, s.path());
        await expect(page).toHaveURL(new RegExp(`${s.path()}$`));
        await check(s.name, locale, () => ready(page, s.testId, s.tab));
      }
      // The demo has no app bar: back to a screen with the language switch.
      await go(page, '/dashboard');
      await ready(page, 'dashboard-page');
    }

    // Navigation: collapsed, the wide window's sidebar shows icons named by tooltips, no slivers of sub-entries;
    // the phone's drawer has a state of its own.
    await page.setViewportSize(WIDTHS[0]);
    const toggle = page.locator('header').getByRole('button', { name: /Menü/ });
    await expect(page.getByTestId('menu-training-website')).toBeVisible();
    await toggle.click();
    await expect(page.getByTestId('menu-training-website')).toHaveCount(0);
    // The pointer still rests on the toggle, whose own tooltip opens after its delay (on a slow machine before the
    // pointer moves on) and can cover the strip; and the strip narrows in a transition. So: pointer onto the app
    // bar's title, no tooltip left, the transition ended; only then point at the entry.
    await page.locator('header #react-admin-title').hover();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await still(page, () => pending.size);
    await page.getByTestId('menu-training').hover();
    await expect(page.getByRole('tooltip', { name: 'Training' })).toBeVisible();
    await page.setViewportSize(WIDTHS[1]);
    await expect(page.getByTestId('menu-dashboard')).toBeHidden();
    await toggle.click();
    await expect(page.getByTestId('menu-training-website')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('menu-dashboard')).toBeHidden();
    await page.setViewportSize(WIDTHS[0]);
    await expect(page.getByTestId('menu-training')).toBeVisible();
    await expect(page.getByTestId('menu-training-website')).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(page.getByTestId('menu-training')).toBeVisible();
    await expect(page.getByTestId('menu-training-website')).toHaveCount(0);
    await toggle.click();
    await expect(page.getByTestId('menu-training-website')).toBeVisible();

    // The language holds across sign-ins: the last switch (German, above) is the profile's preferred language,
    // applied at the next sign-in even where this browser had English stored.
    await go(page, '/profile');
    await ready(page, 'profile-page');
    await page.evaluate(() => localStorage.setItem('chatbot.locale', 'en'));
    await page.getByTestId('profile-logout').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/profile'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(IDP_PATH);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await fillSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('locale-switcher')).toHaveText('DE');
  } finally {
    await context.close();
  }
  console.log(`axe itself took ${axeMs} ms of this test`);

  const owned = (f: Finding) => OWNED_ELSEWHERE.has(f.screen.split(' ')[0]);
  const report = (list: Finding[]) => list.map((f) => `${f.screen}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(', ')}`);
  const elsewhere = findings.filter(owned);
  if (elsewhere.length) {
    test.info().annotations.push({ type: 'axe findings on screens fixed elsewhere', description: report(elsewhere).join('\n') });
    console.log(`axe findings on screens fixed elsewhere (not enforced yet):\n${report(elsewhere).join('\n')}`);
  }
  expect(report(ENFORCE_OWNED_ELSEWHERE ? findings : findings.filter((f) => !owned(f)))).toEqual([]);
});
