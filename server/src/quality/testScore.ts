/**
 * Scoring a test question's answer, pure (tests/unit/test-questions.test.ts): the quality bench's rules where
 * they fit. A test passes when the bot did not decline (bench: hand-over), the expected page or training source
 * is among the answer's first three sources (bench: hit@3; the scheme, a trailing slash and the fragment of a
 * URL do not count) and every expected fact occurs in the answer (bench: facts). A check without expectation
 * (no expected source, no facts) is not made and does not fail the test.
 */
import { findNormalized, isHandover, normalizeText } from './facts.ts';

export interface ScoredSource {
  type: string;
  id: string;
  url?: string;
}

export interface TestExpectation {
  lang: string;
  expectedUrl: string | null;
  expectedSource: { type: string; id: string } | null;
  expectedFacts: string[];
}

export interface AnswerLike {
  answer: string;
  sources: ScoredSource[];
  answeredBy: string | null;
  contact: unknown;
}

export interface TestOutcome {
  passed: boolean;
  /** null: no expected source. */
  sourceOk: boolean | null;
  /** null: no expected facts. */
  factsOk: boolean | null;
  declined: boolean;
  missingFacts: string[];
}

/** Host (with port) + path + query of a URL, the way two URLs of one page compare; null when not a URL. */
export function urlKey(url: string | undefined | null): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  let path = u.pathname;
  try {
    path = decodeURI(path);
  } catch {
    /* keep it encoded */
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return `${u.host.toLowerCase()}${path}${u.search}`;
}

export const sameUrl = (a: string | undefined | null, b: string | undefined | null) => {
  const ka = urlKey(a);
  return ka !== null && ka === urlKey(b);
};

/** Is the expected page or source among the first three sources? null when nothing is expected. */
export function sourceInTop3(t: Pick<TestExpectation, 'expectedUrl' | 'expectedSource'>, sources: ScoredSource[]): boolean | null {
  if (!t.expectedUrl && !t.expectedSource) return null;
  return sources.slice(0, 3).some((s) =>
    (t.expectedSource && s.type === t.expectedSource.type && s.id === t.expectedSource.id) || (t.expectedUrl && sameUrl(s.url, t.expectedUrl)));
}

export function missingFacts(answer: string, facts: string[], lang: string): string[] {
  const opts = { lang };
  const text = normalizeText(answer, opts);
  return facts.filter((f) => {
    const nf = normalizeText(f, opts);
    return !nf || !findNormalized(text, nf);
  });
}

export function scoreTest(t: TestExpectation, a: AnswerLike): TestOutcome {
  const declined = isHandover(a);
  const sourceOk = sourceInTop3(t, a.sources);
  const missing = t.expectedFacts.length ? missingFacts(a.answer, t.expectedFacts, t.lang) : [];
  const factsOk = t.expectedFacts.length ? missing.length === 0 : null;
  return { passed: !declined && sourceOk !== false && factsOk !== false, sourceOk, factsOk, declined, missingFacts: missing };
}

/** Share of passing tests, rounded to three places; null for a run without questions. */
export const scoreOf = (passed: number, total: number) => (total ? Math.round((passed / total) * 1000) / 1000 : null);

// ---------------------------------------------------------------------------------------------------------
// Which page change broke a test

export interface PageChange {
  url: string;
  outcome: 'added' | 'changed' | 'removed';
  scrapeJobId: string;
}

/**
 * A test that passed in the previous run and fails now: the crawl's page changes that explain it, most likely
 * first: the expected page itself, then the pages the passing answer cited (changed or removed), then pages the
 * failing answer cites now (added or changed, taking the first places). Empty when no change touches them.
 */
export function causeOfFailure(
  t: Pick<TestExpectation, 'expectedUrl'>,
  before: { sources: ScoredSource[] },
  now: { sources: ScoredSource[] },
  changes: PageChange[],
): PageChange[] {
  const out: PageChange[] = [];
  const add = (urls: (string | undefined | null)[], outcomes: PageChange['outcome'][]) => {
    for (const url of urls)
      for (const c of changes)
        if (outcomes.includes(c.outcome) && sameUrl(c.url, url) && !out.some((o) => sameUrl(o.url, c.url))) out.push(c);
  };
  add([t.expectedUrl], ['added', 'changed', 'removed']);
  add(before.sources.slice(0, 3).map((s) => s.url), ['changed', 'removed']);
  add(now.sources.slice(0, 3).map((s) => s.url), ['added', 'changed']);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Import: rows of a spreadsheet or CSV file (read like the Q&A import's, services/sheetRows)

export interface SheetRow {
  row: number;
  values: string[];
}

export interface ParsedTestRow {
  row: number;
  question: string;
  /** A URL, or the name of a training source (a document), resolved by the caller. */
  expected: string | null;
  facts: string[];
  lang: string | null;
}

const HEADER = /^(question|questions|test question|frage|fragen|testfrage|testfragen)$/i;
const FACT_SPLIT = /\s*[;\n|]\s*/;

/**
 * Columns: question, expected source (URL or document name, optional), expected facts (separated by ";",
 * optional), language (optional, else the language of the import). A first row whose first cell is a header
 * word is skipped. Rows with an empty question or more than four columns are bad; the caller refuses the file
 * naming them, as the Q&A import does.
 */
export function parseTestRows(
  rows: SheetRow[],
  limits: { question: number; fact: number; facts: number; url: number },
): { rows: ParsedTestRow[]; bad: number[] } {
  const out: ParsedTestRow[] = [];
  const bad: number[] = [];
  rows.forEach((r, i) => {
    const v = r.values.map(clean);
    while (v.length && !v[v.length - 1]) v.pop();
    if (!v.length) return;
    if (i === 0 && HEADER.test(v[0])) return;
    const [question = '', expected = '', factText = '', lang = ''] = v;
    const facts = factText ? factText.split(FACT_SPLIT).filter(Boolean) : [];
    if (
      v.length > 4 || !question || question.length > limits.question || expected.length > limits.url ||
      facts.length > limits.facts || facts.some((f: string) => f.length > limits.fact) || (lang && !/^[a-z]{2}(-[a-z0-9]{2,8})?$/i.test(lang))
    ) {
      bad.push(r.row);
      return;
    }
    out.push({ row: r.row, question, expected: expected || null, facts, lang: lang ? lang.toLowerCase() : null });
  });
  return { rows: out, bad };
}

/** PostgreSQL cannot store NUL characters or lone surrogates: a cell loses them. */
// eslint-disable-next-line no-control-regex -- removing the NUL character is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (s: string) => s.replace(UNSTORABLE, '').trim();

export const normalizeTestQuestion = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').replace(/[?!.\s]+$/, '').trim();

// ---------------------------------------------------------------------------------------------------------
// Suggestions from the chatbot's own content

export interface ContentUnit {
  kind: string;
  heading: string;
  lang: string;
  source: { type: 'webpage' | 'document' | 'qna'; id: string; url?: string | null };
}

export interface Suggestion {
  lang: string;
  question: string;
  expectedUrl: string | null;
  expectedSource: { type: 'webpage' | 'document' | 'qna'; id: string } | null;
}

const QUESTION = /\?\s*$/;

/**
 * Up to `max` test questions from the content: question-answer pairs first (the customer wrote them), then FAQ
 * questions of pages and documents, then questions made of headings ("What does the page say about X?"), at
 * most two per source so the set covers the site. Each expects the source it came from.
 */
export function suggestTestQuestions(units: ContentUnit[], max: number, existing: Set<string> = new Set()): Suggestion[] {
  const seen = new Set(existing);
  const perSource = new Map<string, number>();
  const out: Suggestion[] = [];
  const take = (u: ContentUnit, question: string) => {
    const key = normalizeTestQuestion(question);
    const src = `${u.source.type}:${u.source.id}`;
    if (out.length >= max || !key || seen.has(key) || (perSource.get(src) ?? 0) >= 2 || question.length > 300) return;
    seen.add(key);
    perSource.set(src, (perSource.get(src) ?? 0) + 1);
    out.push({
      lang: u.lang,
      question,
      expectedUrl: u.source.type === 'webpage' && u.source.url ? u.source.url : null,
      expectedSource: u.source.type === 'webpage' && u.source.url ? null : { type: u.source.type, id: u.source.id },
    });
  };
  const last = (heading: string) => heading.split(' › ').pop()?.trim() ?? '';
  for (const u of units) if (u.source.type === 'qna' && last(u.heading)) take(u, last(u.heading));
  for (const u of units) if (u.source.type !== 'qna' && u.kind === 'faq' && QUESTION.test(last(u.heading))) take(u, last(u.heading));
  for (const u of units) {
    const h = last(u.heading);
    if (u.source.type === 'qna' || u.kind === 'faq' || !h || QUESTION.test(h) || h.split(/\s+/).length > 8 || h.length < 4) continue;
    take(u, u.lang.startsWith('de') ? `Was können Sie mir zu „${h}“ sagen?` : `What can you tell me about "${h}"?`);
  }
  return out;
}
