/**
 * Scoring of the quality bench, by the rules of an evaluation site's README (../shared/eval/<site>/README.md):
 * pure functions, no I/O, so tests/unit/quality-score.test.ts can pin every rule.
 *
 * Facts: a fact counts when it occurs in the answer after both are normalised (normalizeText) and,
 * if the fact starts or ends with a digit, the occurrence does not touch further digits.
 * The normalisation, in order:
 *   - Unicode NFKC, lower case; every kind of white space (incl. U+00A0, U+202F, U+2009) becomes one space
 *   - dashes (‐ ‑ ‒ – — ― − …) become "-", and spaces around a dash are dropped ("15 – 20" = "15-20")
 *   - times: "3 pm" / "3:30 p.m." → 15:00 / 15:30 ("am" only outside German text, where it is a preposition),
 *     "15 Uhr" / "15.00 Uhr" / "15:00 Uhr" → 15:00, "15–20 Uhr" → 15:00-20:00, "09:00" → 9:00
 *   - numbers: thousands separators go ("1.050" = "1,050" = "1050"), a decimal comma becomes a point
 *     ("6,5" = "6.5"), zero cents go ("59,00" = "59", "59,-" = "59"); dates such as "24.12.2026" stay as they are
 *   - currency: "EUR"/"Euro"/"Euros" become "€", and the amount comes first ("€59" = "€ 59" = "59 EUR" = "59 €")
 *   - percent: "60 %" = "60%"
 * The decimal-separator rule is this bench's addition to the README's list (it names thousands separators only);
 * it only ever equates two spellings of the same number.
 *
 * Sources: a source's URL counts by its path (+ query) relative to the served origin (scheme ignored, host and
 * port must match); an alias from crawl-expectations.json `spider_crawl.aliases` counts as its canonical path, and
 * a path with a query string counts as the same path without it (the test server ignores query strings).
 *
 * Handover (out_of_scope correct, and "declined" for in_scope): answeredBy === 'fallback', or no sources at all,
 * or a contact offered (the product's three signs of "I don't know, ask the company"). The answer text itself is
 * not judged.
 */

import { containsFact, findNormalized, isHandover, normalizeText, type NormalizeOptions } from '../../server/src/quality/facts.ts';

export type Kind = 'in_scope' | 'out_of_scope' | 'must_not_answer';

export interface EvalQuestion {
  id: string;
  lang: string;
  question: string;
  kind: Kind;
  expected_urls: string[];
  answer_facts: string[];
  cross_lang?: boolean;
  js_only?: boolean;
  derived?: boolean;
  forbidden_facts?: string[];
  note?: string;
  source_url?: string;
}

/** What the widget's API answered (POST …/messages), plus how it went. */
export interface BotReply {
  status: number;
  latencyMs: number;
  answer: string;
  sources: { url?: string; type?: string; title?: string }[];
  answeredBy: string | null;
  contact: unknown;
  /** The language the chat actually ran in (the chatbot falls back to its default). */
  chatLang?: string;
  error?: string;
}

export interface QuestionResult {
  id: string;
  lang: string;
  kind: Kind;
  cross_lang: boolean;
  js_only: boolean;
  derived: boolean;
  question: string;
  expected_urls: string[];
  answer_facts: string[];
  status: number;
  chatLang: string | null;
  answer: string;
  answeredBy: string | null;
  /** Paths of the cited sources relative to the served origin (null: another host or no URL). */
  sourcePaths: (string | null)[];
  hit1: boolean;
  hit3: boolean;
  /** Every answer fact found (false when the question has none). */
  facts: boolean;
  missingFacts: string[];
  handover: boolean;
  /** forbidden_facts found in the answer. */
  leaked: string[];
  latencyMs: number;
  error?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Normalisation: shared with the product's test questions (server/src/quality/facts.ts)

export { containsFact, normalizeText, type NormalizeOptions };

// ---------------------------------------------------------------------------------------------------------
// Sources

/**
 * alias → canonical path from `spider_crawl.aliases` ({ canonical: [alias, …] }). An alias entry may carry a
 * remark after a space ("/zimmer/juniorsuite.html (301 source)"); only its first word is the path.
 */
export function aliasMap(aliases: Record<string, string[]> | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const [canonical, list] of Object.entries(aliases ?? {})) for (const a of list) m.set(a.trim().split(/\s+/)[0], canonical);
  return m;
}

/** Path + query of `url` when it is on the served origin's host and port (the scheme is not compared), else null. */
export function sourcePath(url: string | undefined, origin: string): string | null {
  if (!url) return null;
  let u: URL;
  let o: URL;
  try {
    u = new URL(url, origin);
    o = new URL(origin);
  } catch {
    return null;
  }
  if (u.host !== o.host) return null;
  let path = u.pathname;
  try {
    path = decodeURI(path);
  } catch {
    /* keep it encoded */
  }
  return path + u.search;
}

/** Is the path (an alias, or with a query string) one of the expected canonical paths? */
export function pathMatches(path: string | null, expected: string[], aliases: Map<string, string>): boolean {
  if (path === null) return false;
  const candidates = [path, aliases.get(path)];
  const q = path.indexOf('?');
  if (q >= 0) candidates.push(path.slice(0, q), aliases.get(path.slice(0, q)));
  return candidates.some((c) => c !== undefined && expected.includes(c));
}

/** The canonical path a (served) path stands for. */
export function canonicalPath(path: string, aliases: Map<string, string>): string {
  const bare = path.split('?')[0];
  return aliases.get(path) ?? aliases.get(bare) ?? bare;
}

// ---------------------------------------------------------------------------------------------------------
// One question

export { isHandover };

export function scoreQuestion(q: EvalQuestion, r: BotReply, ctx: { origin: string; aliases: Map<string, string> }): QuestionResult {
  const ok = r.status >= 200 && r.status < 300;
  const paths = r.sources.map((s) => sourcePath(s.url, ctx.origin));
  const opts = { lang: q.lang };
  const text = normalizeText(r.answer ?? '', opts);
  const missing = q.answer_facts.filter((f) => {
    const nf = normalizeText(f, opts);
    return !nf || !findNormalized(text, nf);
  });
  const leaked = (q.forbidden_facts ?? []).filter((f) => {
    const nf = normalizeText(f, opts);
    return !!nf && findNormalized(text, nf);
  });
  return {
    id: q.id,
    lang: q.lang,
    kind: q.kind,
    cross_lang: !!q.cross_lang,
    js_only: !!q.js_only,
    derived: !!q.derived,
    question: q.question,
    expected_urls: q.expected_urls,
    answer_facts: q.answer_facts,
    status: r.status,
    chatLang: r.chatLang ?? null,
    answer: r.answer ?? '',
    answeredBy: r.answeredBy,
    sourcePaths: paths,
    hit1: ok && pathMatches(paths[0] ?? null, q.expected_urls, ctx.aliases),
    hit3: ok && paths.slice(0, 3).some((p) => pathMatches(p, q.expected_urls, ctx.aliases)),
    facts: ok && q.answer_facts.length > 0 && missing.length === 0,
    missingFacts: missing,
    // A failed request is neither an answer nor a handover.
    handover: ok && isHandover(r),
    leaked,
    latencyMs: r.latencyMs,
    ...(r.error ? { error: r.error } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Aggregates

export interface GroupFigures {
  /** Questions in the group. */
  n: number;
  /** in_scope questions counted for hit/facts/declined (js_only left out unless the group is js_only itself). */
  answerable: number;
  hit1: number | null;
  hit3: number | null;
  facts: number | null;
  declined: number | null;
  outOfScope: number;
  oosHandover: number | null;
  mustNotAnswer: number;
  /** Questions (any kind) with a forbidden fact in the answer. */
  leaks: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

const rate = (num: number, den: number) => (den ? num / den : null);

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Figures of a group; `includeJsOnly` counts js_only in_scope questions as answerable (for the js_only group). */
export function groupFigures(rs: QuestionResult[], includeJsOnly = false): GroupFigures {
  const ans = rs.filter((r) => r.kind === 'in_scope' && (includeJsOnly || !r.js_only));
  const oos = rs.filter((r) => r.kind === 'out_of_scope');
  const lat = rs.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.latencyMs);
  return {
    n: rs.length,
    answerable: ans.length,
    hit1: rate(ans.filter((r) => r.hit1).length, ans.length),
    hit3: rate(ans.filter((r) => r.hit3).length, ans.length),
    facts: rate(ans.filter((r) => r.facts).length, ans.length),
    declined: rate(ans.filter((r) => r.handover).length, ans.length),
    outOfScope: oos.length,
    oosHandover: rate(oos.filter((r) => r.handover).length, oos.length),
    mustNotAnswer: rs.filter((r) => r.kind === 'must_not_answer').length,
    leaks: rs.filter((r) => r.leaked.length > 0).length,
    errors: rs.filter((r) => !(r.status >= 200 && r.status < 300)).length,
    p50Ms: percentile(lat, 50),
    p95Ms: percentile(lat, 95),
  };
}

export interface Headline {
  /** over in_scope without js_only (null: no such question) */
  hit1: number | null;
  hit3: number | null;
  facts: number | null;
  declined: number | null;
  /** over out_of_scope */
  oos_handover: number | null;
  /** questions (must_not_answer or with forbidden_facts) whose answer holds a forbidden fact: a count */
  mna_leaks: number;
  /** facts over cross_lang questions (without js_only) */
  cross_lang: number | null;
  /** facts over js_only questions */
  js_only: number | null;
  p50_ms: number | null;
  p95_ms: number | null;
}

const r3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);

export function headline(rs: QuestionResult[]): Headline {
  const all = groupFigures(rs);
  const cross = groupFigures(rs.filter((r) => r.cross_lang));
  const js = groupFigures(rs.filter((r) => r.js_only), true);
  return {
    hit1: r3(all.hit1),
    hit3: r3(all.hit3),
    facts: r3(all.facts),
    declined: r3(all.declined),
    oos_handover: r3(all.oosHandover),
    mna_leaks: all.leaks,
    cross_lang: r3(cross.facts),
    js_only: r3(js.facts),
    p50_ms: all.p50Ms === null ? null : Math.round(all.p50Ms),
    p95_ms: all.p95Ms === null ? null : Math.round(all.p95Ms),
  };
}

/** The rows of the report: all, per kind, per language, per flag. */
export function breakdown(rs: QuestionResult[]): { label: string; figures: GroupFigures }[] {
  const rows: { label: string; figures: GroupFigures }[] = [{ label: 'all', figures: groupFigures(rs) }];
  for (const kind of ['in_scope', 'out_of_scope', 'must_not_answer'] as const) {
    const sub = rs.filter((r) => r.kind === kind);
    if (sub.length) rows.push({ label: `kind ${kind}`, figures: groupFigures(sub) });
  }
  for (const lang of [...new Set(rs.map((r) => r.lang))].sort()) rows.push({ label: `lang ${lang}`, figures: groupFigures(rs.filter((r) => r.lang === lang)) });
  for (const flag of ['cross_lang', 'js_only', 'derived'] as const) {
    const sub = rs.filter((r) => r[flag]);
    if (sub.length) rows.push({ label: `flag ${flag}`, figures: groupFigures(sub, flag === 'js_only') });
  }
  return rows;
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);

/** A plain-text table of breakdown() rows. */
export function formatTable(rows: { label: string; figures: GroupFigures }[]): string {
  const head = ['group', 'n', 'answerable', 'hit@1', 'hit@3', 'facts', 'declined', 'oos n', 'oos ok', 'leaks', 'errors', 'p50 ms', 'p95 ms'];
  const body = rows.map(({ label, figures: f }) => [
    label, String(f.n), String(f.answerable), pct(f.hit1), pct(f.hit3), pct(f.facts), pct(f.declined),
    String(f.outOfScope), pct(f.oosHandover), String(f.leaks), String(f.errors),
    f.p50Ms === null ? '–' : String(Math.round(f.p50Ms)), f.p95Ms === null ? '–' : String(Math.round(f.p95Ms)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
