/**
 * The chatbot website URL rule (spec section 5), shared by the dashboard's forms and the server:
 * http:// becomes https://, a bare host gets https://, a URL with '#' is refused. The rest of the URL is kept
 * exactly as typed (with or without www), because the crawler must find the same address the user sees.
 */
export type ChatbotUrlResult =
  | { ok: true; url: string }
  | { ok: false; reason: 'empty' | 'hash' | 'invalid' };

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):\/\//i;
// A public website needs a dotted host name (example.com); localhost is allowed for local testing.
const HOST_RE = /^(localhost|([a-z0-9\u00a1-\uffff]([a-z0-9\u00a1-\uffff-]*[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,}|\d{1,3}(\.\d{1,3}){3})$/i;

export function normalizeChatbotUrl(input: string): ChatbotUrlResult {
  const raw = (input ?? '').trim();
  if (!raw) return { ok: false, reason: 'empty' };
  if (raw.includes('#')) return { ok: false, reason: 'hash' };
  if (/\s/.test(raw)) return { ok: false, reason: 'invalid' };
  const scheme = SCHEME_RE.exec(raw)?.[1]?.toLowerCase();
  let url: string;
  if (scheme === undefined) {
    if (raw.startsWith('//') || raw.includes('://') || raw.startsWith('/')) return { ok: false, reason: 'invalid' };
    url = `https://${raw}`;
  } else if (scheme === 'http' || scheme === 'https') {
    url = `https://${raw.slice(scheme.length + 3)}`;
  } else {
    return { ok: false, reason: 'invalid' };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.username || parsed.password || !HOST_RE.test(decodeURIComponent(parsed.hostname))) {
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, url };
}
