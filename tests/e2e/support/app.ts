import { expect, type Page } from '@playwright/test';

/**
 * Waits until the dashboard has settled: React has rendered and the route guard's loading overlay
 * (shown while it checks the session and loads the user) is gone. Navigating away earlier would
 * abort the guard's user lookup mid-flight.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('load');
  const ready = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !!root && root.childElementCount > 0 && !document.querySelector('[data-testid="loading-overlay"]');
    });
  await ready();
  // A lazy page may show the overlay again while its code loads: check once more after the network calms.
  // A page with a live preview may never be idle (the widget frame keeps loading): then the check runs when
  // the wait gives up; the callers go on to wait for their own screen's content either way.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await ready();
}

/** Opens PATH and waits until the guard has settled on an address matching EXPECTED. */
export async function openAndSettle(page: Page, path: string, expected: RegExp) {
  await page.goto(path);
  await expect(page).toHaveURL(expected);
  await settled(page);
  await expect(page).toHaveURL(expected);
}

/**
 * Switches the interface language with the app bar's switcher, as a person would. react-admin's app bar slides
 * away while the page is scrolled down (a screenshot at phone width leaves the page scrolled) and comes back when
 * it scrolls up: the page goes to its top and the switcher into view before it is clicked.
 */
export async function switchLocale(page: Page, locale: 'de' | 'en') {
  if ((await page.locator('html').getAttribute('lang')) === locale) return;
  const switcher = page.getByTestId('locale-switcher');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(switcher).toBeInViewport();
  await switcher.click();
  await page.getByTestId(`locale-${locale}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}
