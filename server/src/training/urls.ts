/** URL rules of the crawler: normalisation, "same site", and what is obviously not a web page. */

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|_ga|ref)$/i;
const NON_HTML = /\.(pdf|jpe?g|png|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|wav|ogg|webm|avi|mov|zip|gz|tgz|rar|7z|exe|dmg|msi|iso|docx?|xlsx?|pptx?|csv|json|xml|rss|atom|css|js|mjs|woff2?|ttf|eot|apk)$/i;
export const MAX_URL_LENGTH = 2048;

/** Canonical text form of a URL: no fragment, no default port, no tracking parameters, lower-case host. */
export function normalizeUrl(input: string, base?: string): string | null {
  let u: URL;
  try {
    u = base ? new URL(input, base) : new URL(input);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  u.username = '';
  u.password = '';
  for (const key of [...u.searchParams.keys()]) if (TRACKING.test(key)) u.searchParams.delete(key);
  u.searchParams.sort();
  const s = u.toString();
  return s.length > MAX_URL_LENGTH ? null : s;
}

/** A bare host or http URL as the user typed it becomes a full https URL. */
export function toSiteUrl(input: string): string | null {
  let s = input.trim();
  if (!s || s.includes('#')) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `https://${s}`;
  const n = normalizeUrl(s);
  if (!n) return null;
  const host = new URL(n).hostname;
  return host.includes('.') || host === 'localhost' ? n : null;
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** Same site: same host, with www and non-www counted as the site the user entered. */
export function isSameSite(url: string, siteUrl: string): boolean {
  const a = new URL(url);
  const b = new URL(siteUrl);
  return bareHost(a.hostname) === bareHost(b.hostname) && a.port === b.port;
}

/** Rewrites a same-site URL onto the host (www or not) and scheme the user entered. */
export function onSiteHost(url: string, siteUrl: string): string {
  const u = new URL(url);
  const s = new URL(siteUrl);
  u.hostname = s.hostname;
  u.protocol = s.protocol;
  return u.toString();
}

/** Inside the start URL's folder (a site entered as example.com/shop only collects /shop/...). */
export function isUnderPath(url: string, siteUrl: string): boolean {
  const p = new URL(siteUrl).pathname;
  const prefix = p.endsWith('/') ? p : p.replace(/[^/]*$/, '');
  return new URL(url).pathname.startsWith(prefix);
}

export function looksNonHtml(url: string): boolean {
  return NON_HTML.test(new URL(url).pathname);
}

/** The path shown in the dashboard: path + query. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}
