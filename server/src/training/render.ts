import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../config.ts';
import { requireOnFirstUse } from '../requireOnFirstUse.ts';
import { extractPage, type ExtractedPage } from './extract.ts';
import { safeFetch, type FetchOptions } from './fetch.ts';
import { escapeRegExp } from '../escapeRegExp.ts';

const linkedom = requireOnFirstUse<typeof import('linkedom')>('linkedom');

/*
 * Pages whose content is written by scripts at runtime (an event list built from a JS array or a
 * fetched JSON file, a single-page app's empty root): decided from the static HTML (decideRender),
 * then rendered in headless Chromium (RenderSession) and the rendered DOM goes through the normal
 * extractPage. The browser never reaches the network itself: every request is either answered by
 * the crawler's own safeFetch (same origin only, same private-address policy, robots.txt) or refused.
 */

// ---------------------------------------------------------------------------------------------
// Hidden text in static HTML

const INLINE_HIDDEN = /style\s*=\s*["'][^"']*(display\s*:\s*none|visibility\s*:\s*hidden)/i;
const HIDDEN_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*(hidden|collapse))\s*(!\s*important\s*)?(;|$)/i;

type DomEl = {
  tagName: string;
  id: string;
  textContent: string | null;
  parentElement: DomEl | null;
  previousElementSibling: DomEl | null;
  getAttribute(n: string): string | null;
  hasAttribute(n: string): boolean;
  querySelector(s: string): DomEl | null;
  querySelectorAll(s: string): ArrayLike<DomEl>;
  replaceWith(n: unknown): void;
  remove(): void;
};

/**
 * Removes elements hidden by an inline style (display:none, visibility:hidden) or the hidden
 * attribute, so their text is never indexed. Their links stay (as empty anchors in a hidden nav)
 * for link discovery. Pages without such markup are returned unchanged without being parsed.
 */
export function dropHidden(html: string): string {
  if (!INLINE_HIDDEN.test(html)) return html;
  const { document } = linkedom().parseHTML(html);
  const hidden = (Array.from(document.querySelectorAll('[style],[hidden]')) as unknown as DomEl[]).filter((el) =>
    el.hasAttribute('hidden') ? el.getAttribute('hidden') !== 'until-found' : HIDDEN_STYLE.test(el.getAttribute('style') ?? ''),
  );
  if (!hidden.length) return html;
  for (const el of hidden) {
    if (!el.parentElement) continue; // inside one removed before
    const links = [el, ...Array.from(el.querySelectorAll('a[href]'))].filter((a) => a.tagName === 'A' && a.hasAttribute('href'));
    if (!links.length) {
      el.remove();
      continue;
    }
    const keep = document.createElement('nav');
    keep.setAttribute('hidden', '');
    for (const a of links) {
      const k = document.createElement('a');
      k.setAttribute('href', a.getAttribute('href')!);
      const rel = a.getAttribute('rel');
      if (rel) k.setAttribute('rel', rel);
      keep.appendChild(k);
    }
    el.replaceWith(keep);
  }
  return document.toString();
}

// ---------------------------------------------------------------------------------------------
// When to render

/** Main text below this many words counts as thin when the page has scripts that could fill it. */
export const THIN_WORDS = 25;

export type RenderReason = 'frameworkRoot' | 'noscript' | 'loading' | 'thin' | 'scriptTarget';

export interface RenderAnalysis {
  /** Scripts the renderer would run and that could write content: inline code and same-origin files. */
  inlineScripts: string[];
  sameSiteScripts: string[];
  frameworkRoot: boolean;
  noscriptNeedsJs: boolean;
  loadingPlaceholder: boolean;
  /** Empty (or "loading…"-only) content containers: ids and classes a script may fill. */
  targets: { id: string | null; classes: string[] }[];
}

export interface RenderDecision {
  render: boolean;
  reason: RenderReason | null;
  /** Same-site script files whose text could still decide (a target may be filled by one of them). */
  needScripts: string[];
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|application\/x-javascript|text\/ecmascript|application\/ecmascript|module)$/i;
/** Code that writes into the page (DOM APIs, jQuery, frameworks' mount calls, data loading). */
const WRITES_DOM =
  /innerHTML|outerHTML|insertAdjacent(HTML|Element|Text)|appendChild|\.append\(|\.prepend\(|replaceChildren|replaceWith|createElement|document\.write|textContent\s*=|innerText\s*=|\.render\(|createRoot|hydrate|createApp|\.mount\(|\$\(|jQuery|fetch\(|XMLHttpRequest|\.html\(|\.load\(/;
/** Tracking, consent and chat snippets: they add no page content (and their servers are never contacted). */
const NON_CONTENT_SNIPPET =
  /googletagmanager|google-analytics|gtag\(|dataLayer|_paq\.push|fbq\(|matomo|piwik|hotjar|clarity\.ms|plausible|_etracker|cookiebot|usercentrics|onetrust|consentmanager|borlabs|recaptcha|hs-scripts|intercom|zendesk|tawk\.to|crisp\.chat/i;
const NON_CONTENT_FILE = /(gtag|gtm|analytics|tracking|tracker|matomo|piwik|pixel|cookie|consent|borlabs|cmp|recaptcha|captcha)[^/]*$/i;
const FRAMEWORK_ROOT =
  '#root, #app, #__next, #__nuxt, #___gatsby, #svelte, #q-app, #react-root, #vue-app, #main-app, app-root, [data-reactroot], [data-v-app], [ng-version]';
const CONTAINERS = 'div, section, article, main, ul, ol, dl, table, tbody';
const FURNITURE_ANCESTOR = new Set(['HEADER', 'NAV', 'FOOTER', 'FORM', 'BUTTON', 'DIALOG', 'ASIDE', 'NOSCRIPT', 'TEMPLATE']);
const MEDIA = 'img, picture, video, audio, iframe, svg, canvas, input, select, textarea, button, object, embed, a[href]';
/** Ids and classes of empty boxes that scripts fill with things that are not text content. */
const NOT_CONTENT_TARGET = /map|captcha|fb-root|cookie|consent|gdpr|banner|advert|\bads?\b|modal|overlay|popup|lightbox|toast|tooltip|chat|widget|player|video|slider|carousel|social|share|search|cart|basket|recaptcha|analytics|tracking|notification|alert/i;
const LOADING_WORD =
  /\b(loading|wird geladen|werden geladen|wordt geladen|worden geladen|lädt|laden|chargement|cargando|caricamento|carregando|please wait|bitte warten)\b/i;

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** "Termine werden geladen …", "Loading...": a short text that only announces content to come. */
function isLoadingText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || t.length > 60 || !LOADING_WORD.test(t)) return false;
  return /(…|\.{2,})$/.test(t) || words(t) <= 2;
}

function inFurniture(el: DomEl): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (FURNITURE_ANCESTOR.has(p.tagName)) return true;
    const role = p.getAttribute('role');
    if (role === 'navigation' || role === 'banner' || role === 'contentinfo' || role === 'dialog') return true;
  }
  return false;
}

/** No text (or only a loading notice) and nothing else in it: a box waiting for a script. */
function isEmptyBox(el: DomEl): boolean {
  const text = (el.textContent ?? '').trim();
  if (text && !isLoadingText(text)) return false;
  return !el.querySelector(MEDIA);
}

function referencesTarget(code: string, t: { id: string | null; classes: string[] }): boolean {
  if (t.id && t.id.length >= 3 && code.includes(t.id)) {
    const id = escapeRegExp(t.id);
    if (new RegExp(`(['"\`])#?${id}\\1|#${id}(?![\\w-])|getElementById\\(\\s*['"\`]${id}['"\`]`).test(code)) return true;
  }
  for (const c of t.classes) {
    if (c.length < 3 || !code.includes(c)) continue;
    const cls = escapeRegExp(c);
    if (new RegExp(`['"\`][^'"\`\\n]*\\.${cls}(?![\\w-])[^'"\`\\n]*['"\`]|getElementsByClassName\\(\\s*['"\`]${cls}['"\`]`).test(code)) return true;
  }
  return false;
}

/**
 * What the static HTML says about scripts filling it. Null when the page has no script the
 * renderer would run that could write content (only tracking snippets, only third-party files,
 * or no scripts at all): rendering cannot add anything then. Cheap for pages without scripts.
 */
export function analyzeForRender(html: string, url: string): RenderAnalysis | null {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return null;
  }
  const inlineScripts: string[] = [];
  const sameSite = new Set<string>();
  for (const m of html.matchAll(SCRIPT_TAG)) {
    const attrs = m[1];
    const type = /\btype\s*=\s*(["']?)([^"'\s>]*)\1/i.exec(attrs)?.[2] ?? '';
    if (!EXECUTABLE_TYPE.test(type.trim())) continue;
    const src = /\bsrc\s*=\s*(["']?)([^"'\s>]+)\1/i.exec(attrs)?.[2];
    if (src) {
      let u: URL;
      try {
        u = new URL(src.replace(/&amp;/g, '&'), url);
      } catch {
        continue;
      }
      if (u.origin !== origin || NON_CONTENT_FILE.test(u.pathname)) continue;
      u.hash = '';
      sameSite.add(u.toString());
      continue;
    }
    const code = m[2];
    if (!WRITES_DOM.test(code)) continue;
    if (NON_CONTENT_SNIPPET.test(code) && code.length < 3000) continue;
    inlineScripts.push(code);
  }
  if (!inlineScripts.length && !sameSite.size) return null;

  const { document } = linkedom().parseHTML(html);
  const body = document.body as unknown as DomEl | null;
  const analysis: RenderAnalysis = {
    inlineScripts,
    sameSiteScripts: [...sameSite],
    frameworkRoot: false,
    noscriptNeedsJs: false,
    loadingPlaceholder: false,
    targets: [],
  };
  if (!body) return analysis;

  analysis.frameworkRoot = (Array.from(body.querySelectorAll(FRAMEWORK_ROOT)) as DomEl[]).some((el) => isEmptyBox(el));

  for (const ns of Array.from(body.querySelectorAll('noscript')) as DomEl[]) {
    if (!/java\s*script|\bJS\b/i.test(ns.textContent ?? '') || inFurniture(ns)) continue;
    // A notice inside the content, or right after an empty box, says this content needs scripts
    // (a site-wide "works best with JavaScript" banner at the top of the body does not).
    let inContent = false;
    for (let p = ns.parentElement; p && !inContent; p = p.parentElement)
      inContent = ['MAIN', 'ARTICLE', 'SECTION'].includes(p.tagName) || p.getAttribute('role') === 'main';
    const prev = ns.previousElementSibling;
    if (inContent || (prev && prev.tagName !== 'SCRIPT' && isEmptyBox(prev))) analysis.noscriptNeedsJs = true;
  }

  if (LOADING_WORD.test(html)) {
    for (const el of Array.from(body.querySelectorAll('p, div, span, li, td, section, article, main, ul, ol, em, strong, i, small')) as DomEl[]) {
      if (isLoadingText(el.textContent ?? '') && !inFurniture(el)) {
        analysis.loadingPlaceholder = true;
        break;
      }
    }
  }

  for (const el of Array.from(body.querySelectorAll(CONTAINERS)) as DomEl[]) {
    const id = el.getAttribute('id')?.trim() || null;
    const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    if (!id && !classes.length) continue;
    if (NOT_CONTENT_TARGET.test(`${id ?? ''} ${classes.join(' ')}`)) continue;
    if (!isEmptyBox(el) || inFurniture(el)) continue;
    analysis.targets.push({ id, classes });
    if (analysis.targets.length >= 50) break;
  }
  return analysis;
}

/**
 * The rule: never without a script that could write content; otherwise render when the page
 * says its content comes from scripts (a framework's empty root, a "needs JavaScript" notice in
 * the content, a "loading…" placeholder), when its main text is thin (< THIN_WORDS words) and a
 * script writes into the page (inline code, or a same-site file whose text does), or when an empty
 * content box is referenced by one of its scripts. Same-site files count once the caller has
 * fetched those listed in needScripts and passed their text in `scripts`.
 */
export function decideRender(a: RenderAnalysis | null, staticText: string, scripts?: ReadonlyMap<string, string>): RenderDecision {
  const yes = (reason: RenderReason): RenderDecision => ({ render: true, reason, needScripts: [] });
  const no: RenderDecision = { render: false, reason: null, needScripts: [] };
  if (!a) return no;
  if (a.frameworkRoot) return yes('frameworkRoot');
  if (a.noscriptNeedsJs) return yes('noscript');
  if (a.loadingPlaceholder) return yes('loading');
  const thin = words(staticText) < THIN_WORDS;
  if (!thin && !a.targets.length) return no;
  const files = a.sameSiteScripts.filter((u) => scripts?.get(u)).map((u) => scripts!.get(u)!);
  if (thin && (a.inlineScripts.length || files.some((c) => WRITES_DOM.test(c)))) return yes('thin');
  const code = [...a.inlineScripts, ...files];
  if (a.targets.some((t) => code.some((c) => referencesTarget(c, t)))) return yes('scriptTarget');
  return { ...no, needScripts: a.sameSiteScripts.filter((u) => !scripts?.has(u)).slice(0, 8) };
}

/** decideRender over a page's static HTML and its extracted text (for tests and tools). */
export function shouldRender(html: string, staticText: string, url: string, scripts?: ReadonlyMap<string, string>): RenderDecision {
  return decideRender(analyzeForRender(html, url), staticText, scripts);
}

/** Rendered text replaces the static one only when it clearly says more. */
export function renderedIsBetter(staticText: string, renderedText: string): boolean {
  const s = words(staticText);
  return words(renderedText) > s + Math.max(5, s * 0.1);
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** Chromium flags of the crawl's renderer and the screenshots (services/screenshot.ts). A dead proxy: nothing
 *  the request interception does not see (WebSockets, prefetches) can reach any host, loopback included;
 *  WebRTC may only use that proxy, so it sends no UDP anywhere either. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>', '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];
const LAUNCH_TIMEOUT_MS = 15_000;
/** What a rendered page may load: code, styles (for what is hidden) and data. No images, fonts or media. */
const LOADABLE = new Set(['script', 'stylesheet', 'xhr', 'fetch']);
const MAX_SCRIPT_FETCHES = 100;
const MAX_SCRIPT_BYTES = 2 * 1024 * 1024;
const MAX_REPORTED_URLS = 500;

export type RenderSkip = 'off' | 'noChromium' | 'launchFailed' | 'maxPages';

export interface RenderOptions {
  mode: 'auto' | 'off';
  executablePath: string | null;
  concurrency: number;
  timeoutMs: number;
  maxPages: number;
  fetch: FetchOptions;
  /** robots.txt: subresources it disallows are not loaded either. */
  isAllowed?: (url: string) => boolean;
}

export function chromiumExecutable(config: Pick<Config, 'CHROMIUM_PATH'>): string | null {
  const p = config.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return fs.existsSync(p) ? p : null;
}

export function renderOptions(config: Config, fetchOpts: FetchOptions, isAllowed?: (url: string) => boolean): RenderOptions {
  return {
    mode: config.CRAWL_RENDER,
    executablePath: config.CRAWL_RENDER === 'off' ? null : chromiumExecutable(config),
    concurrency: config.CRAWL_RENDER_CONCURRENCY,
    timeoutMs: config.CRAWL_RENDER_TIMEOUT_MS,
    maxPages: config.CRAWL_RENDER_MAX_PAGES,
    fetch: fetchOpts,
    isAllowed,
  };
}

/**
 * Runs in the page: removes what is not displayed (computed display:none or visibility:hidden),
 * keeping its links for discovery, and returns the document's HTML. A string, not a function:
 * TypeScript transforms (tsx, vitest) may add helpers to a function's source that the page lacks.
 */
const SERIALIZE_VISIBLE = `(() => {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK', 'META', 'NOSCRIPT']);
  const hidden = [];
  const walk = (el) => {
    for (const c of Array.from(el.children)) {
      if (SKIP.has(c.tagName)) continue;
      const cs = getComputedStyle(c);
      if (cs.display === 'none' || cs.visibility === 'hidden' || cs.visibility === 'collapse') hidden.push(c);
      else walk(c);
    }
  };
  if (document.body) walk(document.body);
  for (const el of hidden) {
    const links = [el, ...el.querySelectorAll('a[href]')].filter((a) => a instanceof HTMLAnchorElement && a.href);
    if (!links.length) {
      el.remove();
      continue;
    }
    const keep = document.createElement('nav');
    keep.hidden = true;
    for (const a of links) {
      const k = document.createElement('a');
      k.setAttribute('href', a.href);
      if (a.rel) k.setAttribute('rel', a.rel);
      keep.appendChild(k);
    }
    el.replaceWith(keep);
  }
  for (const n of Array.from(document.querySelectorAll('noscript'))) n.remove();
  return '<!doctype html>' + document.documentElement.outerHTML;
})()`;

/** Per page of the pool: what the current render may load. */
interface Visit {
  origin: string;
  body: Buffer;
  contentType: string;
  deadline: number;
  documentServed: boolean;
}

/**
 * Rendering for one crawl job: the browser is launched on the first page that needs it and closed
 * by close() at the end of the job. At most `concurrency` tabs, reused from page to page (a new tab
 * costs Chromium a renderer process); bounded time per page and pages per crawl. Pages that
 * needed rendering but did not get it are reported as maybe incomplete.
 */
export class RenderSession {
  pagesRendered = 0;
  pagesMaybeIncomplete: string[] = [];
  maybeIncompleteCount = 0;
  skipped: RenderSkip | null = null;
  renderMs = 0;
  /** Requests of rendered pages: answered (same origin, via safeFetch) and refused (all else). */
  readonly requests = { served: 0, refused: 0 };
  private attempts = 0;
  private browser: Promise<{ browser: Browser; context: BrowserContext } | null> | null = null;
  private closed = false;
  private running = 0;
  private waiting: (() => void)[] = [];
  private idlePages: Page[] = [];
  private visits = new WeakMap<Page, Visit>();
  private scripts = new Map<string, Promise<string>>();

  constructor(private readonly opts: RenderOptions) {
    if (opts.mode === 'off') this.skipped = 'off';
  }

  /**
   * The page with its rendered text when the static one looks incomplete and rendering clearly
   * adds content; links found in the rendered DOM are added either way.
   */
  async improve(page: ExtractedPage, src: { url: string; pageUrl: string; html: string; body: Buffer; contentType: string }): Promise<ExtractedPage> {
    if (page.noindex) return page;
    const analysis = analyzeForRender(src.html, src.url);
    let d = decideRender(analysis, page.text);
    if (!d.render && d.needScripts.length) d = decideRender(analysis, page.text, await this.loadScripts(d.needScripts));
    if (!d.render) return page;
    const html = await this.render(src.url, src.body, src.contentType, page.lang);
    if (html === null) {
      this.maybeIncomplete(src.pageUrl);
      return page;
    }
    const rendered = extractPage(html, src.pageUrl);
    const links = [...new Set([...page.links, ...rendered.links])];
    if (!renderedIsBetter(page.text, rendered.text)) return { ...page, links };
    return { ...page, title: page.title || rendered.title, text: rendered.text, links };
  }

  /** For the scrape job's report (error_details). */
  report(): Record<string, unknown> {
    return {
      pagesRendered: this.pagesRendered,
      pagesMaybeIncomplete: this.pagesMaybeIncomplete,
      ...(this.maybeIncompleteCount > this.pagesMaybeIncomplete.length ? { pagesMaybeIncompleteCount: this.maybeIncompleteCount } : {}),
      ...(this.skipped ? { renderSkipped: this.skipped } : {}),
      ...(this.pagesRendered ? { renderMsPerPage: Math.round(this.renderMs / this.pagesRendered) } : {}),
    };
  }

  /** Ends the browser (idempotent); renders still running fail and count as not rendered. */
  async close() {
    this.closed = true;
    const b = await this.browser?.catch(() => null);
    await b?.browser.close().catch(() => {});
  }

  private maybeIncomplete(url: string) {
    this.maybeIncompleteCount++;
    if (this.pagesMaybeIncomplete.length < MAX_REPORTED_URLS && !this.pagesMaybeIncomplete.includes(url)) this.pagesMaybeIncomplete.push(url);
  }

  /** Same-site script files for the decision, fetched once per crawl. */
  private async loadScripts(urls: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const u of urls) {
      if (!this.scripts.has(u)) {
        if (this.scripts.size >= MAX_SCRIPT_FETCHES || (this.opts.isAllowed && !this.opts.isAllowed(u))) continue;
        const maxBytes = Math.min(this.opts.fetch.maxBytes ?? MAX_SCRIPT_BYTES, MAX_SCRIPT_BYTES);
        this.scripts.set(
          u,
          safeFetch(u, { ...this.opts.fetch, maxRedirects: 2, accept: '*/*', maxBytes })
            .then((r) => (r.status === 200 ? r.body.toString('utf8') : ''))
            .catch(() => ''),
        );
      }
      out.set(u, await this.scripts.get(u)!);
    }
    return out;
  }

  private launch(lang: string | null) {
    this.browser ??= (async () => {
      if (this.opts.mode === 'off') return null;
      if (!this.opts.executablePath) {
        this.skipped = 'noChromium';
        return null;
      }
      let browser: Browser | null = null;
      try {
        const { chromium } = await import('playwright-core');
        browser = await chromium.launch({ executablePath: this.opts.executablePath, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT_MS });
        let locale: string | undefined;
        try {
          locale = lang ? Intl.getCanonicalLocales(lang)[0] : undefined;
        } catch {
          locale = undefined;
        }
        const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, locale, viewport: { width: 1280, height: 900 } });
        // Default deny: only the tabs' own routes (newTab) answer anything, popups get nothing.
        await context.route('**/*', (route) => {
          this.requests.refused++;
          return route.abort('blockedbyclient').catch(() => {});
        });
        if (this.closed) await browser.close();
        return { browser, context };
      } catch {
        this.skipped = 'launchFailed';
        await browser?.close().catch(() => {});
        return null;
      }
    })();
    return this.browser;
  }

  private async slot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.opts.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** A tab whose requests go through route(): the page's own HTML once, same-origin code and data via safeFetch, nothing else. */
  private async newTab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('popup', (p) => void p.close().catch(() => {}));
    this.visits.set(page, { origin: '', body: Buffer.alloc(0), contentType: '', deadline: 0, documentServed: true });
    await page.route('**/*', async (route) => {
      const v = this.visits.get(page)!;
      const req = route.request();
      const target = req.url();
      // The page itself: the HTML the crawler already fetched. No other document (no navigation away, no frames).
      if (req.resourceType() === 'document') {
        if (!v.documentServed && req.frame() === page.mainFrame()) {
          v.documentServed = true;
          return route.fulfill({ status: 200, contentType: v.contentType || 'text/html', body: v.body }).catch(() => {});
        }
        this.requests.refused++;
        // "No content" keeps the current document; an aborted navigation would replace it with an error page.
        return route.fulfill({ status: 204, body: '' }).catch(() => {});
      }
      let u: URL | null = null;
      try {
        u = new URL(target);
      } catch {
        /* refused below */
      }
      const method = req.method();
      if (!u || u.origin !== v.origin || !LOADABLE.has(req.resourceType()) || (method !== 'GET' && method !== 'HEAD') || (this.opts.isAllowed && !this.opts.isAllowed(target))) {
        this.requests.refused++;
        return route.abort('blockedbyclient').catch(() => {});
      }
      try {
        // No redirects for subresources: their target would be contacted before it could be checked.
        const timeoutMs = Math.max(500, Math.min(this.opts.fetch.timeoutMs ?? 15_000, v.deadline - Date.now()));
        // No retries: the render's deadline is the budget, and waiting to ask again would spend it.
        const r = await safeFetch(target, { ...this.opts.fetch, maxRedirects: 0, accept: req.headers().accept ?? '*/*', timeoutMs, retries: 0 });
        this.requests.served++;
        await route.fulfill({ status: r.status, contentType: r.contentType, body: r.body });
      } catch {
        await route.abort('failed').catch(() => {});
      }
    });
    return page;
  }

  /** The rendered document's HTML (hidden elements removed), or null when it could not be rendered. */
  private async render(url: string, body: Buffer, contentType: string, lang: string | null): Promise<string | null> {
    if (this.opts.mode === 'off' || this.closed) return null;
    if (this.attempts >= this.opts.maxPages) {
      this.skipped ??= 'maxPages';
      return null;
    }
    this.attempts++;
    const b = await this.launch(lang);
    if (!b || this.closed) return null;
    return this.slot(async () => {
      const started = performance.now();
      const deadline = Date.now() + this.opts.timeoutMs;
      let page: Page | null = null;
      // A hard stop: whatever hangs (a script in an endless loop) ends with its tab.
      const timer = setTimeout(() => void page?.close().catch(() => {}), this.opts.timeoutMs + 2000);
      let reusable = false;
      try {
        page = this.idlePages.pop() ?? (await this.newTab(b.context));
        this.visits.set(page, { origin: new URL(url).origin, body, contentType, deadline, documentServed: false });
        try {
          await page.goto(url, { waitUntil: 'load', timeout: Math.max(500, deadline - Date.now()) });
        } catch (e) {
          // Taken as it is when the time is up (a slow resource); any other failure is a failed render.
          if (!/Timeout/i.test((e as Error).message) || page.url() === 'about:blank') throw e;
        }
        const idle = deadline - Date.now();
        if (idle > 0) await page.waitForLoadState('networkidle', { timeout: idle }).catch(() => {});
        if (new URL(page.url()).origin !== new URL(url).origin) throw new Error(`left the page for ${page.url()}`);
        const html = await page.evaluate<string>(SERIALIZE_VISIBLE);
        this.pagesRendered++;
        this.renderMs += performance.now() - started;
        // Back to an empty tab: the page's timers and polling stop before the tab is used again.
        reusable = await page.goto('about:blank', { timeout: 2000 }).then(() => true, () => false);
        return html;
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
        if (page && reusable && !this.closed) this.idlePages.push(page);
        else await page?.close().catch(() => {});
      }
    });
  }
}
