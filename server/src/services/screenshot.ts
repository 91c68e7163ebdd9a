import type { Browser, Route } from 'playwright-core';
import type { AppContext } from '../context.ts';
import { AppError, badRequest, notConfigured } from '../errors.ts';
import type { ScreenshotResult } from '../../../contract/api/account.ts';
import { screenshotsRepo } from '../repositories/screenshots.ts';
import { createAgents, FetchError, safeFetch, type FetchOptions, type FetchResult } from '../training/fetch.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../training/render.ts';
import { requireChatbotUrl } from './chatbots.ts';
import { concurrencyLimit } from './concurrencyLimit.ts';

/** After "load": up to this long for scripts to fill the page (network idle ends it sooner). */
const SETTLE_MS = 3000;
const CACHE_SECONDS = 24 * 3600;
/** At most this many Chromiums at once: each takes a few hundred MB. */
const MAX_BROWSERS = 2;
/** Bounds on what one picture may load through the crawler's fetch. */
const MAX_REQUESTS = 150;
const MAX_TOTAL_BYTES = 30 * 1024 * 1024;

const withSlot = concurrencyLimit(MAX_BROWSERS);

/** One answer for every failure past the address check: open, closed, slow or refused internal ports look alike. */
const unreachable = (url: string) => new AppError(502, 'WebsiteNotReachable', 'The website is not reachable', { url });

const privateUrl = () =>
  badRequest('ValidationFailed', 'URL points to a private address or unknown host', [{ path: 'url', code: 'private', message: 'not a public address' }]);

/**
 * The page, fetched by the crawler's guarded fetch before Chromium starts: an entered address the crawler
 * refuses is a 400 without launching a browser; its redirects are followed by the same fetch (each hop
 * checked), and whatever goes wrong past the first hop is "not reachable". A site without https is tried
 * over http (the URL is stored as https).
 */
async function firstHop(url: string, opts: FetchOptions): Promise<FetchResult> {
  const attempt = (u: string) => safeFetch(u, { ...opts, returnRedirects: true });
  let first: FetchResult;
  try {
    first = await attempt(url).catch((e) => {
      if (e instanceof FetchError && e.code === 'Network' && url.startsWith('https://')) return attempt('http://' + url.slice('https://'.length));
      throw e;
    });
  } catch (e) {
    if (e instanceof FetchError && (e.code === 'PrivateAddress' || e.code === 'DnsFailed')) throw privateUrl();
    throw unreachable(url);
  }
  if (!first.location) return first;
  try {
    return await safeFetch(new URL(first.location, first.url).toString(), opts);
  } catch {
    throw unreachable(url);
  }
}

/** Hands Chromium a fetched answer (redirects already followed: Chromium would follow them past the route). */
function answerWith(route: Route, r: FetchResult) {
  return route.fulfill({ status: r.status, contentType: r.contentType, body: r.body }).catch(() => {});
}

/**
 * A JPEG of the first 1280×800 of the page, cached per URL for a day. Chromium connects nowhere itself:
 * every request it makes (navigations, frames, subresources, workers' fetches) is answered from the
 * crawler's fetch, redirects followed there (training/fetch.ts: resolves once, refuses private addresses
 * unless CRAWL_ALLOW_PRIVATE, connects to the checked address, every hop); WebSockets and service workers
 * are refused and anything else (WebRTC, prefetches) meets the dead proxy of CHROMIUM_ARGS.
 */
export async function takeScreenshot(ctx: AppContext, rawUrl: string): Promise<ScreenshotResult> {
  const executablePath = chromiumExecutable(ctx.config);
  if (!executablePath) throw notConfigured('screenshots (no Chromium: set CHROMIUM_PATH)');
  const url = requireChatbotUrl(rawUrl);
  const cached = await screenshotsRepo.fresh(ctx.db, url, CACHE_SECONDS);
  if (cached) return { url, image: cached };

  const agents = createAgents(6);
  const fetchOpts: FetchOptions = {
    allowPrivate: ctx.config.CRAWL_ALLOW_PRIVATE,
    maxBytes: ctx.config.CRAWL_MAX_PAGE_MB * 1024 * 1024,
    timeoutMs: ctx.config.CRAWL_PAGE_TIMEOUT_MS,
    agents,
  };
  try {
    const start = await firstHop(url, fetchOpts);
    const image = await withSlot(() => picture(executablePath, start, fetchOpts, ctx.config.SCREENSHOT_TIME_LIMIT_MS)).catch(() => {
      throw unreachable(url);
    });
    await screenshotsRepo.save(ctx.db, url, image);
    return { url, image };
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}

/** The browser part, timed from when it gets its slot (not while it waits for one). */
async function picture(executablePath: string, start: FetchResult, fetchOpts: FetchOptions, timeLimitMs: number): Promise<string> {
  const deadline = Date.now() + timeLimitMs;
  let browser: Browser | null = null;
  const timer = setTimeout(() => void browser?.close().catch(() => {}), Math.max(0, deadline - Date.now()));
  const left = () => Math.max(500, deadline - Date.now());
  try {
    // Loaded on the first screenshot, as render.ts does: playwright-core is a large part of a start's module loading.
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: left() });
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, viewport: { width: 1280, height: 800 } });
    await context.routeWebSocket(/.*/, (ws) => ws.close());
    let startServed = false;
    let requests = 0;
    let bytes = 0;
    await context.route('**/*', async (route) => {
      const req = route.request();
      if (!startServed && req.url() === start.url && req.resourceType() === 'document') {
        startServed = true;
        return answerWith(route, start);
      }
      // Reading only: no form posts or beacons, and a bounded amount of it.
      if ((req.method() !== 'GET' && req.method() !== 'HEAD') || ++requests > MAX_REQUESTS || bytes > MAX_TOTAL_BYTES)
        return route.abort('blockedbyclient').catch(() => {});
      try {
        const r = await safeFetch(req.url(), { ...fetchOpts, accept: req.headers().accept ?? '*/*', timeoutMs: Math.min(fetchOpts.timeoutMs!, left()) });
        bytes += r.body.length;
        await answerWith(route, r);
      } catch {
        await route.abort('failed').catch(() => {});
      }
    });
    const page = await context.newPage();
    await page.goto(start.url, { waitUntil: 'load', timeout: left() });
    await page.waitForLoadState('networkidle', { timeout: Math.min(SETTLE_MS, left()) }).catch(() => {});
    const jpeg = await page.screenshot({ type: 'jpeg', quality: 70, timeout: left() });
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } finally {
    clearTimeout(timer);
    await browser?.close().catch(() => {});
  }
}
