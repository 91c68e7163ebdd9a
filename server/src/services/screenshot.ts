import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { AppContext } from '../context.ts';
import { AppError, badRequest, notConfigured } from '../errors.ts';
import type { ScreenshotResult } from '../schemas/contract.ts';
import { screenshotsRepo } from '../repositories/screenshots.ts';
import { requireChatbotUrl } from './chatbots.ts';
import { isPublicHost } from './publicHost.ts';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TIME_LIMIT_MS = 15_000;
const CACHE_SECONDS = 24 * 3600;
/** At most this many Chromiums at once: each takes a few hundred MB. */
const MAX_BROWSERS = 2;

export function chromiumPath(ctx: AppContext): string | null {
  const p = ctx.config.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return fs.existsSync(p) ? p : null;
}

let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_BROWSERS) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const unreachable = (url: string, why: string) => new AppError(502, 'WebsiteNotReachable', `Could not load ${url}: ${why}`, { url });

/** A JPEG of the first 1280×800 of the page, cached per URL for a day. */
export async function takeScreenshot(ctx: AppContext, rawUrl: string): Promise<ScreenshotResult> {
  const executablePath = chromiumPath(ctx);
  if (!executablePath) throw notConfigured('screenshots (no Chromium: set CHROMIUM_PATH)');
  const url = requireChatbotUrl(rawUrl);
  const cached = await screenshotsRepo.fresh(ctx.db, url, CACHE_SECONDS);
  if (cached) return { url, image: cached };
  const allowPrivate = ctx.config.CRAWL_ALLOW_PRIVATE;
  const hostOk = isPublicHost;
  if (!allowPrivate && !(await hostOk(new URL(url).hostname)))
    throw badRequest('ValidationFailed', 'URL points to a private address or unknown host', [{ path: 'url', code: 'private', message: 'not a public address' }]);

  const image = await withSlot(async () => {
    let browser: Browser | null = null;
    const timer = setTimeout(() => void browser?.close().catch(() => {}), TIME_LIMIT_MS);
    const deadline = Date.now() + TIME_LIMIT_MS;
    try {
      browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: TIME_LIMIT_MS });
      const openPage = async () => {
        const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
        if (!allowPrivate) {
          // Subresources and navigations to private addresses are refused too (cached per host).
          const verdicts = new Map<string, Promise<boolean>>();
          await page.route('**/*', (route) => {
            const u = new URL(route.request().url());
            if (u.protocol !== 'http:' && u.protocol !== 'https:') return route.continue();
            if (!verdicts.has(u.hostname)) verdicts.set(u.hostname, hostOk(u.hostname));
            return verdicts.get(u.hostname)!.then((ok) => (ok ? route.continue() : route.abort('blockedbyclient')));
          });
        }
        return page;
      };
      const go = async (target: string) => {
        const page = await openPage();
        await page.goto(target, { waitUntil: 'load', timeout: Math.max(1000, deadline - Date.now() - 2000) });
        return page;
      };
      let page;
      try {
        page = await go(url);
      } catch (e) {
        // A site without https: the URL is stored as https, but the picture may come over http
        // (in a fresh tab: the failed one is busy showing Chromium's error page).
        if (!/ERR_SSL|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_CERT/.test((e as Error).message)) throw e;
        page = await go('http://' + url.slice('https://'.length));
      }
      // Redirects are not routed by Playwright: check where we ended up before handing out the picture.
      if (!allowPrivate && !(await hostOk(new URL(page.url()).hostname))) throw new Error('redirected to a private address');
      const jpeg = await page.screenshot({ type: 'jpeg', quality: 70, timeout: Math.max(1000, deadline - Date.now()) });
      return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    } catch (e) {
      const msg = (e as Error).message.split('\n')[0];
      throw unreachable(url, Date.now() >= deadline - 500 ? 'timed out' : msg);
    } finally {
      clearTimeout(timer);
      await browser?.close().catch(() => {});
    }
  });
  await screenshotsRepo.save(ctx.db, url, image);
  return { url, image };
}
