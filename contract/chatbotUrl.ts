/**
 * The chatbot website URL rule (spec section 5), the one copy the dashboard, the server and the mock server use.
 * Plain functions, no zod: the dashboard's wizard bundles it.
 *
 * - required; a '#' is refused (the crawler would treat the fragment as part of the address)
 * - http:// and https:// in any case, or no scheme at all; the result is always https://
 * - the host is lower-cased, everything after it is kept exactly as typed (trailing slash, path, query),
 *   because the crawler must start from the address the customer sees in the browser
 * - a public host: two or more labels and a top-level domain of two or more letters (müller-shop.de, not
 *   localhost or a.b), or an IP address. Whether a private address may be fetched is not this rule's
 *   business: the crawler and the screenshot refuse them unless CRAWL_ALLOW_PRIVATE is set.
 */
export type UrlProblem = 'required' | 'hash' | 'invalid';
export type ChatbotUrlResult = { ok: true; url: string } | { ok: false; problem: UrlProblem };

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
// A label of a host name: letters of any script, digits and inner hyphens (IDN hosts are typed in Unicode).
const LABEL = /^[\p{L}\p{N}]([\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
// A top-level domain: letters only (a.b's "b" is too short), or its punycode form.
const TLD = /^(\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

const invalid: ChatbotUrlResult = { ok: false, problem: 'invalid' };

function isPublicHostName(host: string): boolean {
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1]);
}

export function normalizeChatbotUrl(input: string): ChatbotUrlResult {
  const raw = (input ?? '').trim();
  if (!raw) return { ok: false, problem: 'required' };
  if (raw.includes('#')) return { ok: false, problem: 'hash' };
  if (/[\s\\]/.test(raw)) return invalid;
  const scheme = SCHEME.exec(raw)?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return invalid;
  const rest = scheme ? raw.slice(scheme.length + 3) : raw;
  // The authority ends at the path or the query; a user name or password ('@') is never part of a website.
  const end = rest.search(/[/?]/);
  const authority = (end < 0 ? rest : rest.slice(0, end)).toLowerCase();
  const afterAuthority = end < 0 ? '' : rest.slice(end);
  if (!authority || authority.includes('@')) return invalid;
  let parsed: URL;
  try {
    parsed = new URL(`https://${authority}${afterAuthority}`);
  } catch {
    return invalid;
  }
  const host = authority.replace(/:\d*$/, '');
  if (!(IPV4.test(host) || IPV6.test(host) || isPublicHostName(host))) return invalid;
  const port = parsed.port ? `:${parsed.port}` : '';
  return { ok: true, url: `https://${host}${port}${afterAuthority}` };
}
