/**
 * Admin mode's parameters (adminToken, userId, chatbotId) kept in session storage: they survive navigation
 * and reloads in this tab, and vanish when the tab closes (spec section 6).
 */
import { ADMIN_PARAM_KEYS, readAdminParams, type AdminParamKey, type AdminParams } from './guard.ts';

const PREFIX = 'chatbot.admin.';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredAdminParams(): Partial<Record<AdminParamKey, string | null>> {
  const s = storage();
  return Object.fromEntries(ADMIN_PARAM_KEYS.map((k) => [k, s?.getItem(PREFIX + k) ?? null]));
}

/** Step 1 of the guard: reads the query (which wins) and session storage, saves what the query brought. */
export function captureAdminParams(search: string): AdminParams {
  const { params, toStore } = readAdminParams(search, readStoredAdminParams());
  const s = storage();
  for (const [k, v] of Object.entries(toStore)) s?.setItem(PREFIX + k, v);
  return params;
}

export function currentAdminParams(): AdminParams {
  return readAdminParams('', readStoredAdminParams()).params;
}

export function clearAdminParams() {
  const s = storage();
  for (const k of ADMIN_PARAM_KEYS) s?.removeItem(PREFIX + k);
}

/** The admin token should not stay in the address bar (history, screenshots, Referer): drop it once saved. */
export function removeAdminTokenFromAddressBar() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('adminToken')) return;
  url.searchParams.delete('adminToken');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** Admin mode for a customer chosen in the operator console: the same three values a support link brings. */
export function storeAdminParams(params: { adminToken: string; userId: string; chatbotId: string | null }) {
  const s = storage();
  clearAdminParams();
  for (const k of ADMIN_PARAM_KEYS) {
    const v = params[k];
    if (v) s?.setItem(PREFIX + k, v);
  }
}
