/**
 * A compact in-memory index of a large chatbot's units (pure: no database here): for each lexeme the
 * units holding it, packed in one integer per posting. It only chooses candidates: the best few dozen
 * units by BM25, whose text and vectors are then read by id and ranked like a small chatbot's
 * (retrieval.ts). A question then costs in proportion to the postings of its own words, not to the
 * size of the chatbot, and PostgreSQL only reads the rows it returns.
 *
 * Why not the full SearchIndex: it keeps every unit's text and a posting object per lexeme, about
 * 24 KB per unit; this keeps 4 bytes per posting (about 300 bytes per unit of 70 distinct lexemes).
 */

import { scanTsvector } from './tsvector.ts';

const K1 = 1.2;
const B = 0.5;
/** A title word counts like three text words, a heading word like two (the tsvector's weights A, B, D). */
const WEIGHT = { A: 3, B: 2, C: 1, D: 1 } as const;
/** Postings pack the unit number and the weighted frequency (capped) into one 32-bit integer. */
const FREQ_BITS = 8;
const MAX_FREQ = (1 << FREQ_BITS) - 1;
/** A word's postings beyond this many bring only their best this many units as candidates (champion lists). */
const CHAMPIONS = 400;
export const MAX_UNITS = 1 << (31 - FREQ_BITS);

export class PostingsIndexBuilder {
  private readonly ids: string[] = [];
  private readonly langOf: number[] = [];
  private readonly lengths: number[] = [];
  private readonly langs: string[] = [];
  /** Per language (index into `langs`): lexeme → packed postings. */
  private readonly postings: Map<string, number[]>[] = [];

  get size() {
    return this.ids.length;
  }

  /** Adds a unit from the text form of its tsvector (`'lexeme':1A,4 'other':2B`). */
  add(id: string, lang: string, tsv: string) {
    if (this.ids.length >= MAX_UNITS) throw new Error(`A postings index holds at most ${MAX_UNITS} units`);
    const unit = this.ids.length;
    let l = this.langs.indexOf(lang);
    if (l < 0) {
      l = this.langs.push(lang) - 1;
      this.postings.push(new Map());
    }
    const postings = this.postings[l];
    let length = 0;
    forEachLexeme(tsv, (lexeme, freq, bodyFreq) => {
      length += bodyFreq;
      let list = postings.get(lexeme);
      if (!list) postings.set(lexeme, (list = []));
      list.push((unit << FREQ_BITS) | Math.min(freq, MAX_FREQ));
    });
    this.ids.push(id);
    this.langOf.push(l);
    this.lengths.push(length);
  }

  build(): PostingsIndex {
    const postings = this.postings.map((byLexeme) => {
      const packed = new Map<string, Int32Array>();
      for (const [lexeme, list] of byLexeme) packed.set(lexeme, Int32Array.from(list));
      byLexeme.clear();
      return packed;
    });
    return new PostingsIndex(this.ids, Uint8Array.from(this.langOf), Uint32Array.from(this.lengths), this.langs, postings);
  }
}

export class PostingsIndex {
  private readonly avgLength: number;
  private readonly langSizes: number[];
  /** Scores and candidate marks of the current question, reused: a search is synchronous, so no two share them. */
  private readonly scratch: Float64Array;
  private readonly marks: Uint8Array;
  private readonly champions = new WeakMap<Int32Array, Int32Array>();

  constructor(
    private readonly ids: string[],
    private readonly langOf: Uint8Array,
    private readonly lengths: Uint32Array,
    private readonly langs: string[],
    /** Per language (index into `langs`): lexeme → packed postings, in unit order. */
    private readonly postings: Map<string, Int32Array>[],
  ) {
    let total = 0;
    for (const n of lengths) total += n;
    this.avgLength = total / Math.max(1, lengths.length) || 1;
    this.langSizes = langs.map((_, l) => langOf.reduce((n, x) => n + (x === l ? 1 : 0), 0));
    this.scratch = new Float64Array(ids.length);
    this.marks = new Uint8Array(ids.length);
    // Champions are chosen while the index is built (in the background), not by the first question that needs them.
    for (const byLexeme of postings) for (const list of byLexeme.values()) if (list.length > CHAMPIONS) this.championsOf(list);
  }

  get size() {
    return this.ids.length;
  }

  languages(): string[] {
    return [...this.langs];
  }

  /** Postings held: what the index costs in memory (4 bytes each). */
  get postingCount() {
    let n = 0;
    for (const byLexeme of this.postings) for (const p of byLexeme.values()) n += p.length;
    return n;
  }

  /**
   * The ids of the best units for the lexemes of each language, by BM25 (each lexeme once per unit; a
   * lexeme's weight is its rarity within its language). Units of `preferLang` take `keep` places; every
   * other language keeps its best `keepOther`, so a question in one language can still reach the page
   * in another.
   */
  top(byLang: Map<string, string[]>, opts: { preferLang: string; keep: number; keepOther: number }): string[] {
    const out: string[] = [];
    const scores = this.scratch;
    const marks = this.marks;
    for (const [lang, lexemes] of byLang) {
      const l = this.langs.indexOf(lang);
      if (l < 0) continue;
      const n = this.langSizes[l];
      const k = lang === opts.preferLang ? opts.keep : opts.keepOther;
      const lists = [...new Set(lexemes)].flatMap((x) => this.postings[l].get(x) ?? []);
      // Candidates: every unit of a short list, the champions of a long one (a word in most units
      // would otherwise make every question cost as much as the whole index).
      const touched: number[] = [];
      for (const list of lists) {
        const from = list.length > CHAMPIONS ? this.championsOf(list) : list;
        for (let i = 0; i < from.length; i++) {
          const unit = from[i] >>> FREQ_BITS;
          if (marks[unit]) continue;
          marks[unit] = 1;
          touched.push(unit);
        }
      }
      // Scores: each list adds to the candidates it holds, by a scan or by lookups, whichever is less work.
      for (const list of lists) {
        const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        if (touched.length * Math.log2(list.length) < list.length) {
          for (const unit of touched) {
            const at = findUnit(list, unit);
            if (at >= 0) scores[unit] += this.weight(unit, list[at] & MAX_FREQ, idf);
          }
        } else {
          for (let i = 0; i < list.length; i++) {
            const unit = list[i] >>> FREQ_BITS;
            if (marks[unit]) scores[unit] += this.weight(unit, list[i] & MAX_FREQ, idf);
          }
        }
      }
      const best = touched.length > k ? topK(touched, scores, k) : [...touched].sort((a, b) => scores[b] - scores[a]);
      for (const unit of best) out.push(this.ids[unit]);
      for (const unit of touched) {
        scores[unit] = 0;
        marks[unit] = 0;
      }
    }
    return out;
  }

  /** BM25 of one posting (frequency f in the unit) for a word of rarity idf. */
  private weight(unit: number, f: number, idf: number) {
    return (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * this.lengths[unit]) / this.avgLength));
  }

  /** The CHAMPIONS postings of a long list with the highest BM25 weight for their unit. */
  private championsOf(list: Int32Array): Int32Array {
    let c = this.champions.get(list);
    if (!c) {
      const weightOf = (p: number) => this.weight(p >>> FREQ_BITS, p & MAX_FREQ, 1);
      c = Int32Array.from(topK(Array.from(list), Float64Array.from(list, weightOf), CHAMPIONS, true));
      this.champions.set(list, c);
    }
    return c;
  }
}

/** The position of the unit's posting in a list, or -1 (binary search: postings are in unit order). */
function findUnit(list: Int32Array, unit: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const u = list[mid] >>> FREQ_BITS;
    if (u === unit) return mid;
    if (u < unit) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The k entries of highest score, best first: a bounded min-heap. `byPosition`: entry i's score is
 * scores[i] (champions of a list), else scores[entry] (candidate units).
 */
function topK(entries: number[], scores: Float64Array, k: number, byPosition = false): number[] {
  const heap: number[] = []; // positions into entries
  const score = (h: number) => scores[byPosition ? h : entries[h]];
  const less = (a: number, b: number) => score(a) < score(b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l], heap[m])) m = l;
      if (r < heap.length && less(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let e = 0; e < entries.length; e++) {
    if (heap.length < k) {
      heap.push(e);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!less(heap[i], heap[p])) break;
        [heap[i], heap[p]] = [heap[p], heap[i]];
        i = p;
      }
    } else if (less(heap[0], e)) {
      heap[0] = e;
      down(0);
    }
  }
  return heap.sort((a, b) => score(b) - score(a)).map((h) => entries[h]);
}

/**
 * Calls `fn` for each lexeme of a tsvector's text form with its weighted frequency (a title word counts
 * three times, a heading word twice) and its frequency outside the title.
 */
export function forEachLexeme(tsv: string, fn: (lexeme: string, weighted: number, body: number) => void) {
  scanTsvector(tsv, (lexeme, a, b, d) => fn(lexeme, WEIGHT.A * a + WEIGHT.B * b + WEIGHT.D * d, b + d));
}
