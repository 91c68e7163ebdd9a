/**
 * The website URL rule of registration (spec section 5): required, no '#', a real http(s)
 * address with a dotted host, entered as in the browser; always stored as https.
 * Pure, so the dashboard can use the same rule.
 */
export type UrlProblem = 'required' | 'hash' | 'invalid';

export function normalizeChatbotUrl(input: string): { ok: true; url: string } | { ok: false; problem: UrlProblem } {
  const raw = input.trim();
  if (!raw) return { ok: false, problem: 'required' };
  if (raw.includes('#')) return { ok: false, problem: 'hash' };
  if (/\s/.test(raw)) return { ok: false, problem: 'invalid' };
  let withScheme: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') withScheme = 'https://' + raw.slice(scheme.length + 3);
  else if (scheme) return { ok: false, problem: 'invalid' };
  else withScheme = 'https://' + raw; // a bare host ("example.com/shop") gets https
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  const host = u.hostname;
  const labels = host.split('.');
  if (u.username || u.password || labels.length < 2 || labels.some((l) => !l) || !/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i.test(host))
    return { ok: false, problem: 'invalid' };
  // Keep the address as typed: no trailing slash is added to a bare host.
  const path = u.pathname === '/' && !raw.endsWith('/') && !u.search ? '' : u.pathname;
  return { ok: true, url: `https://${u.host}${path}${u.search}` };
}
