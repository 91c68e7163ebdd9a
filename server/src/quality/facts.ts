/**
 * The fact rules of the quality bench (bench/quality/score.ts describes them), shared by the bench and the
 * product's test questions (services/testQuestions.ts): an expected fact counts when it occurs in the answer
 * after both are normalised, and a fact that starts or ends with a digit does not touch further digits.
 * Pure functions, pinned by tests/unit/quality-score.test.ts.
 */

const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/g;
const SPACES = /[\s\u200B\u2060\uFEFF]+/g;

const hour24 = (h: number, ampm: string) => {
  const pm = ampm.startsWith('p');
  if (h === 12) return pm ? 12 : 0;
  return pm ? h + 12 : h;
};

/** One number token ("1.050,00", "6,5", "24.12.2026") in canonical form. */
function normalizeNumber(tok: string): string {
  const seps = tok.match(/[.,]/g) ?? [];
  if (!seps.length) return tok;
  const groups = tok.split(/[.,]/);
  let intPart: string;
  let frac: string | null = null;
  const kinds = new Set(seps);
  if (kinds.size === 2) {
    // Both kinds: the last separator is the decimal one, the others must be thousands separators.
    const last = Math.max(tok.lastIndexOf('.'), tok.lastIndexOf(','));
    const head = tok.slice(0, last);
    const headGroups = head.split(/[.,]/);
    const headSeps = head.match(/[.,]/g) ?? [];
    if (new Set(headSeps).size !== 1 || headSeps[0] === tok[last] || !isThousands(headGroups)) return tok;
    intPart = headGroups.join('');
    frac = tok.slice(last + 1);
  } else if (isThousands(groups)) {
    intPart = groups.join('');
  } else if (groups.length === 2) {
    intPart = groups[0];
    frac = groups[1];
  } else {
    return tok; // a date, a version, a phone number: left alone
  }
  if (frac !== null && /^0+$/.test(frac)) frac = null;
  return frac === null ? intPart : `${intPart}.${frac}`;
}

/** "1.050", "12,345,678": a first group of 1–3 digits (not a lone 0) followed by groups of exactly three. */
function isThousands(groups: string[]) {
  return groups.length >= 2 && /^\d{1,3}$/.test(groups[0]) && groups[0] !== '0' && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

export interface NormalizeOptions {
  /** Language of the text; in German "am" is a preposition ("9 am Parkplatz"), never a time. */
  lang?: string;
}

/** The canonical form answers and facts are compared in (see the header for the rules). */
export function normalizeText(input: string, opts: NormalizeOptions = {}): string {
  const german = (opts.lang ?? '').toLowerCase().startsWith('de');
  let s = input.normalize('NFKC').toLowerCase();
  s = s.replace(SPACES, ' ');
  s = s.replace(DASHES, '-').replace(/ ?- ?/g, '-');

  // Times. 12-hour clock first ("3:30 p.m.", "3pm"), then German "Uhr", then leading zeros.
  const ampm = german ? '(p\\.? ?m\\.?)' : '([ap]\\.? ?m\\.?)';
  s = s.replace(new RegExp(`(?<![\\d.,:])(\\d{1,2})[:.](\\d{2}) ?${ampm}(?![a-z])`, 'g'), (m, h, mm, ap) =>
    Number(h) <= 12 ? `${hour24(Number(h), ap)}:${mm}` : m);
  s = s.replace(new RegExp(`(?<![\\d.,:])(\\d{1,2}) ?${ampm}(?![a-z])`, 'g'), (m, h, ap) =>
    Number(h) >= 1 && Number(h) <= 12 ? `${hour24(Number(h), ap)}:00` : m);
  s = s.replace(/(?<![\d.,:])(\d{1,2})(?:[:.](\d{2}))?-(\d{1,2})(?:[:.](\d{2}))? ?uhr(?![a-zäöü])/g, (_m, h1, m1, h2, m2) =>
    `${Number(h1)}:${m1 ?? '00'}-${Number(h2)}:${m2 ?? '00'}`);
  s = s.replace(/(?<![\d.,:])(\d{1,2})(?:[:.](\d{2}))? ?uhr(?![a-zäöü])/g, (_m, h, mm) => `${Number(h)}:${mm ?? '00'}`);
  s = s.replace(/(?<![\d.,:])0(\d):(\d{2})(?!\d)/g, '$1:$2');

  // Numbers: "59,-" → "59", then every number token on its own.
  s = s.replace(/(\d)[.,]-(?![\d])/g, '$1');
  s = s.replace(/(?<![\d.,])\d+(?:[.,]\d+)*/g, (tok) => normalizeNumber(tok));

  // Currency: words to €, the amount before the sign.
  s = s.replace(/(?<![a-zäöüß])(?:euros?|eur)(?![a-zäöüß])/g, '€');
  s = s.replace(/(\d+(?:\.\d+)?) ?€|€ ?(\d+(?:\.\d+)?)/g, (_m, a, b) => `${a ?? b} €`);

  s = s.replace(/(\d) ?%/g, '$1%');
  return s.replace(/ +/g, ' ').trim();
}

/** Does `fact` occur in `text` (both normalised), without a digit at its start or end touching further digits? */
export function containsFact(text: string, fact: string, opts: NormalizeOptions = {}): boolean {
  const f = normalizeText(fact, opts);
  if (!f) return false;
  return findNormalized(normalizeText(text, opts), f);
}

export function findNormalized(t: string, f: string): boolean {
  const digitStart = /^\d/.test(f);
  const digitEnd = /\d$/.test(f);
  for (let i = t.indexOf(f); i >= 0; i = t.indexOf(f, i + 1)) {
    if (digitStart && i > 0 && /\d/.test(t[i - 1])) continue;
    const after = t[i + f.length];
    if (digitEnd && after !== undefined && /\d/.test(after)) continue;
    return true;
  }
  return false;
}


/**
 * "I don't know, ask the company": the answer engine's fallback, an answer without sources, or a contact
 * offered with it. The quality bench counts these as hand-overs, test questions as declined.
 */
export const isHandover = (r: { answeredBy: string | null; sources: readonly unknown[]; contact: unknown }) =>
  r.answeredBy === 'fallback' || r.sources.length === 0 || (r.contact !== null && r.contact !== undefined);
