/**
 * Which of a chatbot's question-answer pairs can be the visitor's question by trigram similarity (pure: no
 * database here). PostgreSQL's `lower(question) % lower($q)` compared every active pair of the chatbot for
 * every visitor question (~100–130 ms of database CPU at 10,000 pairs), and a trigram index on the questions
 * cost half of an import while the planner still chose the scan. Here each pair's trigrams are kept in
 * postings, so a question costs the pairs that share its trigrams; PostgreSQL then scores only those exactly.
 *
 * The trigrams are pg_trgm's: the text lower-cased, split into words of letters and digits, each word padded
 * with two spaces before and one after. Its similarity is shared trigrams / trigrams of either. This copy
 * only chooses candidates, below the threshold of `%`, so a character PostgreSQL's locale splits otherwise
 * changes which pairs are compared, not the score a compared pair gets.
 */

/** The distinct trigrams of a text, as pg_trgm's show_trgm makes them. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...`  ${word} `];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return out;
}

/** Candidates beyond this many (best first) would not change which pair matches: only the best one does. */
export const MAX_CANDIDATES = 200;

export class QnaTrigramIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: Uint16Array;
  private readonly ids: string[];
  /** Shared trigrams of the current question per pair, reused: a lookup is synchronous. */
  private readonly shared: Uint16Array;

  constructor(pairs: { id: string; question: string }[]) {
    this.ids = pairs.map((p) => p.id);
    this.sizes = new Uint16Array(pairs.length);
    this.shared = new Uint16Array(pairs.length);
    pairs.forEach((p, n) => {
      const grams = trigrams(p.question);
      this.sizes[n] = Math.min(grams.size, 0xffff);
      for (const g of grams) {
        const list = this.postings.get(g);
        if (list) list.push(n);
        else this.postings.set(g, [n]);
      }
    });
  }

  get size() {
    return this.ids.length;
  }

  /** Ids of the pairs whose similarity to the question is at least `min`, most similar first, at most MAX_CANDIDATES. */
  similar(question: string, min: number): string[] {
    const grams = trigrams(question);
    const touched: number[] = [];
    for (const g of grams) {
      for (const n of this.postings.get(g) ?? []) {
        if (this.shared[n]++ === 0) touched.push(n);
      }
    }
    const found: { n: number; similarity: number }[] = [];
    for (const n of touched) {
      const c = this.shared[n];
      const similarity = c / (grams.size + this.sizes[n] - c);
      if (similarity >= min) found.push({ n, similarity });
      this.shared[n] = 0;
    }
    found.sort((a, b) => b.similarity - a.similarity || a.n - b.n);
    return found.slice(0, MAX_CANDIDATES).map((f) => this.ids[f.n]);
  }
}
