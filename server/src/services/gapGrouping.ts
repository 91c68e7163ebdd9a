/**
 * Knowledge gaps, the pure part: which answered messages are gaps (and why), and how similar questions form
 * one group. Questions are the same when their normalised terms are (the text-search configuration's stems
 * of the question without fillers and stop words, as retrieval reads it), or when those terms are very alike
 * by trigram similarity (pg_trgm, computed by the repository); groups are the connected members.
 */
import { createHash } from 'node:crypto';
import type { GapReason } from '../../../contract/api/knowledgeGaps.ts';
import type { AnswerSource } from '../../../contract/answerSource.ts';
import { asksForPerson } from '../runtime/intent.ts';

/** A pair matched below this similarity answered, but perhaps not the question that was asked. */
export const LOW_QNA_SIMILARITY = 0.6;
/** Two groups' terms at least this similar (pg_trgm similarity) are one group. */
export const SIMILAR_TERMS = 0.6;

export interface GapMessage {
  id: string;
  question: string;
  answer: string | null;
  answeredBy: 'qna' | 'retrieval' | 'llm' | 'fallback' | null;
  sources: AnswerSource[];
  score: number | null;
  feedback: 'up' | 'down' | null;
  createdAt: string;
  lang: string;
  /** The question's normalised terms, sorted and joined by blanks (see termKey). */
  key: string;
  reasons: GapReason[];
}

/**
 * Why an answer is a gap (none: it is not one). A hand-over the visitor asked for ("Can I talk to a person?")
 * is the bot doing its job; the same answer to anything else is a question it could not answer.
 */
export function gapReasons(
  m: Pick<GapMessage, 'question' | 'answer' | 'answeredBy' | 'score' | 'feedback'>,
  texts: { unsure: readonly string[] },
): GapReason[] {
  const out: GapReason[] = [];
  const requested = asksForPerson(m.question);
  if (m.answeredBy === 'fallback' && !requested) out.push('declined');
  if (m.answeredBy !== 'fallback' && !requested && m.answer && texts.unsure.some((u) => m.answer!.includes(u))) out.push('handover');
  if (m.feedback === 'down') out.push('negative');
  if (m.answeredBy === 'qna' && m.score !== null && m.score < LOW_QNA_SIMILARITY) out.push('lowScore');
  return out;
}

/** A question's group key from its lexemes: distinct, sorted; the lower-cased text when it has none (only stop words). */
export function termKey(lexemes: readonly string[], question: string): string {
  const terms = [...new Set(lexemes)].sort();
  if (terms.length) return terms.join(' ');
  return question.toLowerCase().replace(/\s+/g, ' ').replace(/[?!.\s]+$/, '').trim();
}

export interface GapGroup {
  /** The representative key: the member key with the most questions (then the oldest, then the smallest). */
  key: string;
  /**
   * The key of the group's first question (the oldest message; then the smallest key): what its id is made
   * of, so the id stays while the group grows, whichever wording becomes the most asked.
   */
  firstKey: string;
  keys: string[];
  lang: string;
  /** Newest first. */
  messages: GapMessage[];
  count: number;
  firstAt: string;
  lastAt: string;
  question: string;
  questions: string[];
  reasons: GapReason[];
}

/** Questions that differ only in case, blanks and closing punctuation are one question. */
export const sameQuestion = (q: string) => q.toLowerCase().replace(/\s+/g, ' ').replace(/[?!.\s]+$/, '').trim();

/**
 * Groups the messages of one language: same key, or keys joined by a `similar` pair (transitively).
 * Messages may come in any order; each group's messages are newest first.
 */
export function groupMessages(messages: readonly GapMessage[], similar: readonly [string, string][] = []): GapGroup[] {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  for (const m of messages) if (!parent.has(m.key)) parent.set(m.key, m.key);
  for (const [a, b] of similar) {
    if (!parent.has(a) || !parent.has(b)) continue;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const byRoot = new Map<string, GapMessage[]>();
  for (const m of messages) {
    const r = find(m.key);
    const list = byRoot.get(r) ?? [];
    list.push(m);
    byRoot.set(r, list);
  }
  return [...byRoot.values()].map(toGroup);
}

function toGroup(members: GapMessage[]): GapGroup {
  const messages = [...members].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  const perKey = new Map<string, { n: number; first: string }>();
  const perQuestion = new Map<string, { n: number; text: string; last: string }>();
  for (const m of messages) {
    const k = perKey.get(m.key);
    perKey.set(m.key, { n: (k?.n ?? 0) + 1, first: k && k.first < m.createdAt ? k.first : m.createdAt });
    const qk = sameQuestion(m.question);
    const q = perQuestion.get(qk);
    // Newest first: the text kept is the spelling first asked.
    perQuestion.set(qk, { n: (q?.n ?? 0) + 1, text: m.question, last: q?.last ?? m.createdAt });
  }
  const keys = [...perKey.keys()].sort();
  const oldest = messages[messages.length - 1].createdAt;
  const firstKey = keys.find((k) => perKey.get(k)!.first === oldest)!;
  const key = [...perKey.entries()].sort(([ka, a], [kb, b]) => b.n - a.n || (a.first < b.first ? -1 : a.first > b.first ? 1 : ka < kb ? -1 : 1))[0][0];
  const questions = [...perQuestion.values()];
  const question = [...questions].sort((a, b) => b.n - a.n || (a.last < b.last ? 1 : a.last > b.last ? -1 : 0))[0].text;
  const reasons = new Set<GapReason>();
  for (const m of messages) for (const r of m.reasons) reasons.add(r);
  return {
    key,
    firstKey,
    keys,
    lang: messages[0].lang,
    messages,
    count: messages.length,
    firstAt: messages[messages.length - 1].createdAt,
    lastAt: messages[0].createdAt,
    question,
    questions: questions.map((q) => q.text).slice(0, 20),
    reasons: [...reasons].sort(),
  };
}

/**
 * Pairs of keys whose trigram similarity reaches `threshold`: pg_trgm's similarity() (shared trigrams over all
 * distinct trigrams of both), computed here on the trigrams pg_trgm extracted, so n keys cost one query
 * instead of n² similarity() calls in the database. Pairs are in the keys' order (i < j).
 *
 * Not every pair is compared (that was most of a list read at 1,000 keys): two sets this similar share at
 * least ⌈threshold·|set|⌉ trigrams of each, so with every set's trigrams in one order (rarest first) their
 * first |set| − ⌈threshold·|set|⌉ + 1 trigrams must meet (prefix filtering). Only keys that meet there are
 * counted, with the same formula as before: the result is the same.
 */
export function similarPairs(
  keys: readonly string[],
  trigrams: readonly (readonly string[])[],
  threshold: number,
  known?: KnownPairs,
): [string, string][] {
  if (known) return similarPairsAfter(keys, trigrams, threshold, known);
  const sets = trigrams.map((t) => new Set(t));
  const frequency = new Map<string, number>();
  for (const set of sets) for (const t of set) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  const rarestFirst = (a: string, b: string) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0);
  const byPrefix = new Map<string, number[]>();
  const found: [number, number][] = [];
  for (let j = 0; j < sets.length; j++) {
    const b = sets[j];
    if (!b.size) continue;
    // The epsilon keeps a product like 0.6·5 from rounding up: a longer prefix only adds candidates.
    const prefix = [...b].sort(rarestFirst).slice(0, b.size - Math.ceil(threshold * b.size - 1e-9) + 1);
    const candidates = new Set<number>();
    for (const t of prefix) for (const i of byPrefix.get(t) ?? []) candidates.add(i);
    for (const i of candidates) {
      const a = sets[i];
      // Even all of the smaller set shared cannot reach the threshold: skip counting.
      if (Math.min(a.size, b.size) / Math.max(a.size, b.size) < threshold) continue;
      let shared = 0;
      for (const t of a) if (b.has(t)) shared++;
      if (shared / (a.size + b.size - shared) >= threshold) found.push([i, j]);
    }
    for (const t of prefix) {
      const list = byPrefix.get(t);
      if (list) list.push(j);
      else byPrefix.set(t, [j]);
    }
  }
  return found.sort(([a, b], [c, d]) => a - c || b - d).map(([i, j]) => [keys[i], keys[j]]);
}

/** The pairs similarPairs found among `keys` at a threshold: a later call over mostly the same keys starts from them. */
export interface KnownPairs {
  keys: ReadonlySet<string>;
  threshold: number;
  pairs: readonly (readonly [string, string])[];
}

/**
 * similarPairs when the pairs among most of the keys are known (the list before one more question): the
 * similarity of two keys depends on their trigrams only, so known pairs of keys still present stay, and only the
 * keys not compared before are compared, with every key. Same pairs, in the same order.
 */
function similarPairsAfter(keys: readonly string[], trigrams: readonly (readonly string[])[], threshold: number, known: KnownPairs): [string, string][] {
  const index = new Map(keys.map((k, i) => [k, i]));
  if (known.threshold !== threshold) return similarPairs(keys, trigrams, threshold);
  const found: [number, number][] = [];
  for (const [a, b] of known.pairs) {
    const i = index.get(a);
    const j = index.get(b);
    if (i !== undefined && j !== undefined) found.push(i < j ? [i, j] : [j, i]);
  }
  const sets = trigrams.map((t) => new Set(t));
  const fresh = keys.flatMap((k, i) => (known.keys.has(k) ? [] : [i]));
  const isFresh = new Set(fresh);
  for (const j of fresh) {
    const b = sets[j];
    if (!b.size) continue;
    for (let i = 0; i < keys.length; i++) {
      // A pair of two fresh keys is compared once, from its later key.
      if (i === j || (isFresh.has(i) && i > j)) continue;
      const a = sets[i];
      if (!a.size || Math.min(a.size, b.size) / Math.max(a.size, b.size) < threshold) continue;
      let shared = 0;
      for (const t of a) if (b.has(t)) shared++;
      if (shared / (a.size + b.size - shared) >= threshold) found.push(i < j ? [i, j] : [j, i]);
    }
  }
  return found.sort(([a, b], [c, d]) => a - c || b - d).map(([i, j]) => [keys[i], keys[j]]);
}

/**
 * A gap id: `<chatbotId>.<lang>.<hash of a member key>`. The list names a group by its first key (GapGroup
 * firstKey); any member key's id finds the group (groupOfId), so an id still resolves after the group grew or
 * merged with another, and ids made before from the most-asked key do too.
 */
export function gapId(chatbotId: string, lang: string, key: string) {
  return `${chatbotId}.${lang}.${keyHash(lang, key)}`;
}

const keyHash = (lang: string, key: string) => createHash('sha256').update(`${lang}\n${key}`).digest('hex').slice(0, 24);

/** The group one of whose member keys the id names, if any. */
export function groupOfId<G extends Pick<GapGroup, 'lang' | 'keys'>>(groups: readonly G[], id: string): G | undefined {
  const hash = id.slice(id.lastIndexOf('.') + 1);
  return groups.find((g) => g.keys.some((k) => keyHash(g.lang, k) === hash));
}

const GAP_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z]{2,7}(?:-[A-Za-z0-9]{2,8})?)\.([0-9a-f]{24})$/;

/** The chatbot and language a gap id names; null when it is no gap id (the route answers 404). */
export function parseGapId(id: string): { chatbotId: string; lang: string } | null {
  const m = GAP_ID.exec(id);
  return m ? { chatbotId: m[1], lang: m[2] } : null;
}

/**
 * Whether a decision (dismissed or closed at `decidedAt`) still hides a group: only until a question of the
 * group arrives after it.
 */
export const hiddenBy = (group: Pick<GapGroup, 'lastAt'>, decidedAt: string) => group.lastAt <= decidedAt;
