import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { settled } from './app.ts';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** react-admin keeps the sidebar's state here; phone width closes it, which would leak into later steps. */
const SIDEBAR_KEY = 'RaStore.sidebar.open';

/**
 * Waits until the page has the new width, React has rendered for it (the sidebar turns into a drawer
 * below 600px) and every transition that started has ended. Endless animations (progress bars,
 * skeletons) never end, paused ones never go on: neither is waited for.
 */
async function layoutSettled(page: Page, width: number) {
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  });
}

/**
 * Screenshots the current screen at desktop (1280×800) and phone (390×844) width into
 * tests/e2e/screenshots/<name>-desktop.png and -phone.png, then restores the viewport and the sidebar.
 */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  const sidebar = () => page.evaluate((k) => localStorage.getItem(k), SIDEBAR_KEY).catch(() => null);
  const sidebarBefore = await sidebar();
  for (const [suffix, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await layoutSettled(page, size.width);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${suffix}.png`), fullPage: false });
  }
  await page.setViewportSize(before);
  if ((await sidebar()) !== sidebarBefore) {
    await page.evaluate(
      ([k, v]) => (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)),
      [SIDEBAR_KEY, sidebarBefore] as const,
    );
    await page.reload();
    await settled(page);
  }
}
