import { requireOnFirstUse } from '../requireOnFirstUse.ts';
import { structuredText } from './structure.ts';

const linkedom = requireOnFirstUse<typeof import('linkedom')>('linkedom');
const readability = requireOnFirstUse<typeof import('@mozilla/readability')>('@mozilla/readability');

export interface ExtractedPage {
  title: string;
  /** The page's declared language (html lang / content-language), if any. */
  lang: string | null;
  canonical: string | null;
  /** Absolute link targets found anywhere on the page (navigation included: it leads to subpages). */
  links: string[];
  /** Main content as structured lines (headings, list items, table rows, paragraphs: see structure.ts). */
  text: string;
  noindex: boolean;
  nofollow: boolean;
}

// Page furniture that is never content.
const FURNITURE = [
  'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'nav', 'header', 'footer',
  'aside', 'form', 'dialog', 'button', 'select', '[role="navigation"]', '[role="banner"]', '[role="contentinfo"]',
  '[role="dialog"]', '[role="alertdialog"]', '[aria-hidden="true"]', '[hidden]',
].join(',');
// Consent and cookie layers are usually plain divs: recognised by their id or class.
const CONSENT = /(^|[\s_-])(cookie|cookies|consent|gdpr|cmp|onetrust|usercentrics|cookiebot|borlabs)([\s_-]|$)/i;

type El = { tagName?: string; nodeType: number; textContent: string | null; childNodes: ArrayLike<El>; getAttribute?(n: string): string | null };

export function extractPage(html: string, url: string): ExtractedPage {
  const { document } = linkedom().parseHTML(html);
  const base = document.querySelector('base[href]')?.getAttribute('href');
  const baseUrl = (() => {
    try {
      return base ? new URL(base, url).toString() : url;
    } catch {
      return url;
    }
  })();
  const abs = (h: string | null | undefined) => {
    if (!h) return null;
    try {
      return new URL(h.trim(), baseUrl).toString();
    } catch {
      return null;
    }
  };
  const meta = (sel: string) => document.querySelector(sel)?.getAttribute('content')?.trim() || '';
  const robots = meta('meta[name="robots" i]').toLowerCase();
  const title =
    (document.querySelector('title')?.textContent ?? '').trim() ||
    meta('meta[property="og:title"]') ||
    (document.querySelector('h1')?.textContent ?? '').trim();
  const lang = document.documentElement?.getAttribute('lang')?.trim() || meta('meta[http-equiv="content-language" i]') || null;
  const canonical = abs(document.querySelector('link[rel="canonical" i]')?.getAttribute('href'));
  const links: string[] = [];
  for (const a of Array.from(document.querySelectorAll('a[href]')) as Array<{ getAttribute(n: string): string | null }>) {
    if ((a.getAttribute('rel') ?? '').toLowerCase().includes('nofollow')) continue;
    const h = abs(a.getAttribute('href'));
    if (h) links.push(h);
  }

  for (const el of Array.from(document.querySelectorAll(FURNITURE)) as Array<{ remove(): void }>) el.remove();
  for (const el of Array.from(document.querySelectorAll('[id],[class]')) as Array<{ id: string; className: string; remove(): void }>) {
    if (CONSENT.test(el.id ?? '') || CONSENT.test(String(el.className ?? ''))) el.remove();
  }

  const body = document.body as unknown as El | null;
  const bodyText = body ? structuredText(body) : '';
  // An explicit main element is the author's own statement of what the content is.
  const main = document.querySelector('main, [role="main"], article') as unknown as El | null;
  let text = main ? structuredText(main) : '';
  if (!text) {
    try {
      const article = new (readability().Readability)(document as unknown as Document, { charThreshold: 200, keepClasses: false }).parse();
      if (article?.content) {
        const { document: frag } = linkedom().parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
        text = structuredText(frag.body as unknown as El);
      }
    } catch {
      /* Readability gives up on odd markup: the cleaned body is used */
    }
    // Readability can settle on a fragment of a short page; then the cleaned body is the better text.
    if (text.length < bodyText.length * 0.3) text = bodyText;
  }
  return {
    title: title.replace(/\s+/g, ' ').slice(0, 500),
    lang,
    canonical,
    links,
    text,
    noindex: robots.includes('noindex'),
    nofollow: robots.includes('nofollow'),
  };
}
