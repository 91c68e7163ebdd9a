/**
 * The online-shop converter: turns the shop's admin store URL into the link that opens the theme's code
 * editor on layout/theme.liquid, where the widget's <script> goes into the <head>.
 * Accepted: https://admin.shopify.com/store/<store>[/…] and https://<store>.myshopify.com/admin[/…].
 */
export type ShopUrlResult = { ok: true; store: string; editorUrl: string } | { ok: false; reason: 'empty' | 'invalid' };

const STORE_RE = /^[a-z0-9][a-z0-9-]{0,62}$/i;

export function shopThemeEditorUrl(input: string): ShopUrlResult {
  const raw = (input ?? '').trim();
  if (!raw) return { ok: false, reason: 'empty' };
  let u: URL;
  try {
    u = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, reason: 'invalid' };
  const host = u.hostname.toLowerCase();
  let store: string | undefined;
  if (host === 'admin.shopify.com') {
    const m = /^\/store\/([^/]+)/.exec(u.pathname);
    store = m?.[1];
  } else if (host.endsWith('.myshopify.com') && /^\/admin(\/|$)/.test(u.pathname)) {
    store = host.slice(0, -'.myshopify.com'.length);
  }
  if (!store || !STORE_RE.test(store)) return { ok: false, reason: 'invalid' };
  store = store.toLowerCase();
  return { ok: true, store, editorUrl: `https://${store}.myshopify.com/admin/themes/current?key=layout/theme.liquid` };
}
