/**
 * A compact in-memory index of a large chatbot's units (pure: no database here): for each lexeme the
 * units holding it, packed in one integer per posting. It chooses candidates, the best few dozen
 * units by BM25, which are then ranked like a small chatbot's (retrieval.ts) from each unit's lexemes
 * kept here too (its forward list); only the units that rank are read from PostgreSQL, for their text.
 * A question then costs in proportion to the postings of its own words, not to the size of the
 * chatbot, and PostgreSQL only reads the rows it returns.
 *
 * Why not the full SearchIndex: it keeps every unit's text and a posting object per lexeme, about
 * 24 KB per unit; this keeps typed arrays only: 4 bytes per posting in one arena, about 2 per forward
 * entry (varint bytes), ~40 per unit besides (id, length, offsets, scratch): ~620–650 bytes per unit of
 * ~80 distinct lexemes (the `bytes` getter counts it). Why the forward lists: reading the candidates'
 * tsvectors and parsing them for every question was a third of the CPU of an answer, in Node and in PostgreSQL.
 */

import type { IndexedUnit } from './searchIndex.ts';
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

/**
 * A forward entry's frequencies in 16 bits: title (4 bits), heading (4) and text (8). The rare lexeme
 * that occurs more often keeps its exact counts beside (ESCAPED), so ranking reads what the tsvector says.
 */
const ESCAPED = 0xffff;
const packFreq = (a: number, b: number, d: number) => (a < 15 && b < 15 && d < 256 ? (a << 12) | (b << 8) | d : ESCAPED);
/** Most entries: once, in the text. Their forward entry is the lexeme number alone. */
const ONCE = packFreq(0, 0, 1);
type Freq = { readonly a: number; readonly b: number; readonly d: number };
/** One frozen object per packed frequency, shared by every unit: a question's 50 candidates need no 3,000 new ones. */
const unpacked: Freq[] = [];
const unpack = (f: number): Freq => (unpacked[f] ??= Object.freeze({ a: f >>> 12, b: (f >>> 8) & 15, d: f & 255 }));

type Numbers = Int32Array | Uint32Array | Uint8Array | Float64Array;

/** Numbers appended to a typed array that doubles when full (a plain array of millions costs twice the memory). */
export class Growing<A extends Numbers> {
  length = 0;
  constructor(private data: A) {}
  push(x: number) {
    if (this.length === this.data.length) {
      const bigger = new (this.data.constructor as new (n: number) => A)(Math.max(16, this.data.length * 2));
      bigger.set(this.data as never);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
  done(): A {
    return this.data.slice(0, this.length) as A;
  }
}

/**
 * Forward lists as bytes: per entry, a varint of the lexeme number times two, plus one when a varint of
 * its packed frequency follows (an entry that occurs once in the text has none), and for an ESCAPED
 * frequency then its title, heading and text counts. About 2 bytes an entry instead of 6.
 */
export function writeEntry(out: Growing<Uint8Array>, lexeme: number, a: number, b: number, d: number) {
  const f = packFreq(a, b, d);
  writeVarint(out, lexeme * 2 + (f === ONCE ? 0 : 1));
  if (f === ONCE) return;
  writeVarint(out, f);
  if (f === ESCAPED) for (const n of [a, b, d]) writeVarint(out, n);
}

function writeVarint(out: Growing<Uint8Array>, n: number) {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

/** Calls `fn` for each entry of the bytes from..to (see writeEntry) with its lexeme number and frequencies. */
export function readEntries(bytes: Uint8Array, from: number, to: number, fn: (lexeme: number, freq: Freq) => void) {
  const once = unpack(ONCE);
  const at = { i: from };
  while (at.i < to) {
    // Most lexeme numbers take one or two bytes: read those inline, longer ones by readVarint.
    let head = bytes[at.i++];
    if (head >= 0x80) {
      const second = bytes[at.i++];
      head = second < 0x80 ? (head & 0x7f) + second * 0x80 : readVarint(bytes, at, (head & 0x7f) + (second & 0x7f) * 0x80, 0x4000);
    }
    if (head % 2 === 0) {
      fn(head / 2, once);
      continue;
    }
    const f = readVarint(bytes, at, 0, 1);
    fn((head - 1) / 2, f === ESCAPED ? { a: readVarint(bytes, at, 0, 1), b: readVarint(bytes, at, 0, 1), d: readVarint(bytes, at, 0, 1) } : unpack(f));
  }
}

/** The rest of a varint from at.i, added to what its earlier bytes made (n) at their scale. */
function readVarint(bytes: Uint8Array, at: { i: number }, n: number, scale: number): number {
  for (;;) {
    const byte = bytes[at.i++];
    n += (byte & 0x7f) * scale;
    if (byte < 0x80) return n;
    scale *= 0x80;
  }
}

/**
 * Unit ids: bigserial ids (canonical decimal, below 2^53) as numbers in one typed array, 8 bytes each
 * instead of a string object each; any other id turns the list into strings.
 */
class Ids {
  private numbers: Growing<Float64Array> | null = new Growing(new Float64Array(1 << 10));
  private strings: string[] | null = null;
  private frozen: Float64Array | string[] | null = null;
  length = 0;

  push(id: string) {
    this.length++;
    if (this.numbers) {
      const n = Number(id);
      if (/^(0|[1-9][0-9]{0,15})$/.test(id) && Number.isSafeInteger(n)) return this.numbers.push(n);
      this.strings = Array.from(this.numbers.done(), String);
      this.numbers = null;
    }
    this.strings!.push(id);
  }

  done(): Float64Array | string[] {
    return (this.frozen ??= this.numbers ? this.numbers.done() : this.strings!);
  }
}

export class PostingsIndexBuilder {
  private readonly ids = new Ids();
  private readonly langOf = new Growing(new Uint8Array(1 << 10));
  private readonly lengths = new Growing(new Uint32Array(1 << 10));
  private readonly langs: string[] = [];
  /** Per language (index into `langs`): lexeme → its number, the lexemes by number, and each one's units. */
  private readonly numbers: Map<string, number>[] = [];
  private readonly vocabulary: string[][] = [];
  private readonly counts: number[][] = [];
  /** The forward lists, unit after unit (see writeEntry), and where each unit's starts. */
  private readonly forward = new Growing(new Uint8Array(1 << 16));
  private readonly starts = new Growing(new Float64Array(1 << 10));

  constructor() {
    this.starts.push(0);
  }

  get size() {
    return this.ids.length;
  }

  /** Adds a unit from the text form of its tsvector (`'lexeme':1A,4 'other':2B`). */
  add(id: string, lang: string, tsv: string) {
    if (this.ids.length >= MAX_UNITS) throw new Error(`A postings index holds at most ${MAX_UNITS} units`);
    let l = this.langs.indexOf(lang);
    if (l < 0) {
      if (this.langs.length > 255) throw new Error('A postings index holds at most 256 languages');
      l = this.langs.push(lang) - 1;
      this.numbers.push(new Map());
      this.vocabulary.push([]);
      this.counts.push([]);
    }
    const numbers = this.numbers[l];
    const vocabulary = this.vocabulary[l];
    const counts = this.counts[l];
    let length = 0;
    scanTsvector(tsv, (lexeme, a, b, d) => {
      length += b + d;
      let n = numbers.get(lexeme);
      if (n === undefined) {
        numbers.set(lexeme, (n = vocabulary.push(lexeme) - 1));
        counts.push(0);
      }
      counts[n]++;
      writeEntry(this.forward, n, a, b, d);
    });
    this.starts.push(this.forward.length);
    this.ids.push(id);
    this.langOf.push(l);
    this.lengths.push(length);
  }

  /** The postings, lexeme after lexeme of each language, each lexeme's in unit order: one pass over the forward lists. */
  build(): PostingsIndex {
    const bytes = this.forward.done();
    const starts = this.starts.done();
    const langOf = this.langOf.done();
    let total = 0;
    const offsets = this.counts.map((counts) => {
      const o = new Float64Array(counts.length + 1);
      o[0] = total;
      for (let n = 0; n < counts.length; n++) o[n + 1] = total += counts[n];
      return o;
    });
    const arena = new Int32Array(total);
    const next = offsets.map((o) => o.slice(0, -1));
    for (let unit = 0; unit < langOf.length; unit++) {
      const at = next[langOf[unit]];
      readEntries(bytes, starts[unit], starts[unit + 1], (n, f) => {
        arena[at[n]++] = (unit << FREQ_BITS) | Math.min(weighted(f.a, f.b, f.d), MAX_FREQ);
      });
    }
    const postings = { numbers: this.numbers, offsets, arena };
    const forward = { vocabulary: this.vocabulary, bytes, starts };
    return new PostingsIndex(this.ids.done(), langOf, this.lengths.done(), this.langs, postings, forward);
  }
}

/** A question term as candidates are chosen for it: the lexemes it stands for, each with how well (0..1). */
export interface CandidateTerm {
  alternatives: { lexeme: string; weight: number }[];
  /** A weight below 1 for a word found only around the question's asking sentences (searchIndex.ts, QueryTerm). */
  scale?: number;
}

/** Each language's postings: lexeme → number, and that lexeme's postings at arena[offsets[n]] to arena[offsets[n + 1]]. */
interface Postings {
  numbers: Map<string, number>[];
  offsets: Float64Array[];
  arena: Int32Array;
}

/** Each unit's lexemes: numbers into its language's vocabulary with their frequencies, bytes[starts[unit]] to bytes[starts[unit + 1]]. */
interface ForwardLists {
  vocabulary: string[][];
  bytes: Uint8Array;
  starts: Float64Array;
}

export class PostingsIndex {
  private readonly avgLength: number;
  private readonly langSizes: number[];
  /** Scores and candidate slots of the current question, reused: a search is synchronous, so no two share them. */
  private readonly scratch: Float64Array;
  private readonly termScratch: Float64Array;
  private readonly slotOf: Int32Array;
  /** A question's candidates by slot (typed and kept: a growing array of thousands was a fifth of an answer's garbage). */
  private readonly touched: Int32Array;
  /** Per language: lexeme number → the champions of its long list. */
  private readonly champions: Map<number, Int32Array>[];

  constructor(
    private readonly ids: Float64Array | string[],
    private readonly langOf: Uint8Array,
    private readonly lengths: Uint32Array,
    private readonly langs: string[],
    private readonly postings: Postings,
    private readonly forward: ForwardLists,
  ) {
    let total = 0;
    for (const n of lengths) total += n;
    this.avgLength = total / Math.max(1, lengths.length) || 1;
    this.langSizes = langs.map(() => 0);
    for (const l of langOf) this.langSizes[l]++;
    this.scratch = new Float64Array(ids.length);
    this.termScratch = new Float64Array(ids.length);
    this.slotOf = new Int32Array(ids.length);
    this.touched = new Int32Array(ids.length);
    // Champions are chosen while the index is built (in the background), not by the first question that needs them.
    this.champions = postings.offsets.map((offsets) => {
      const byLexeme = new Map<number, Int32Array>();
      for (let n = 0; n + 1 < offsets.length; n++) {
        if (offsets[n + 1] - offsets[n] > CHAMPIONS) byLexeme.set(n, this.championsOf(postings.arena.subarray(offsets[n], offsets[n + 1])));
      }
      return byLexeme;
    });
  }

  get size() {
    return this.ids.length;
  }

  languages(): string[] {
    return [...this.langs];
  }

  private id(unit: number): string {
    const id = this.ids[unit];
    return typeof id === 'number' ? String(id) : id;
  }

  /** The unit's id, language and lexemes with their frequencies, as parseTsvector reads them from its tsvector. */
  unit(unit: number): IndexedUnit {
    const { vocabulary, bytes, starts } = this.forward;
    const words = vocabulary[this.langOf[unit]];
    const terms: IndexedUnit['terms'] = new Map();
    readEntries(bytes, starts[unit], starts[unit + 1], (n, f) => terms.set(words[n], f));
    return { id: this.id(unit), lang: this.langs[this.langOf[unit]], terms };
  }

  /**
   * As unit() for several units, each with only the lexemes of `lexemes` it holds, and its length: what a
   * question's ranking of its candidates reads (building every lexeme of 65 candidates into maps, and an
   * index over them, was a sixth of the CPU of an answer).
   */
  unitsWith(units: number[], lexemes: ReadonlySet<string>): IndexedUnit[] {
    const { vocabulary, bytes, starts } = this.forward;
    const wanted = this.postings.numbers.map((numbers) => {
      const out = new Set<number>();
      for (const lexeme of lexemes) {
        const n = numbers.get(lexeme);
        if (n !== undefined) out.add(n);
      }
      return out;
    });
    return units.map((unit) => {
      const l = this.langOf[unit];
      const words = vocabulary[l];
      const only = wanted[l];
      const terms: IndexedUnit['terms'] = new Map();
      if (only.size) readEntries(bytes, starts[unit], starts[unit + 1], (n, f) => only.has(n) && terms.set(words[n], f));
      return { id: this.id(unit), lang: this.langs[l], terms, length: this.lengths[unit] };
    });
  }

  /** Postings held (4 bytes each). */
  get postingCount() {
    return this.postings.arena.length;
  }

  /**
   * What the index holds in memory, in bytes: its typed arrays exactly, the vocabulary and string ids
   * estimated (a string's characters and header, a map entry); the per-question scratch space included.
   */
  get bytes() {
    let n = this.postings.arena.byteLength + this.forward.bytes.byteLength + this.forward.starts.byteLength;
    n += this.langOf.byteLength + this.lengths.byteLength + this.scratch.byteLength + this.termScratch.byteLength + this.slotOf.byteLength + this.touched.byteLength;
    for (const o of this.postings.offsets) n += o.byteLength;
    for (const c of this.champions) for (const list of c.values()) n += list.byteLength + 48;
    const str = (s: string) => 24 + 2 * s.length;
    for (const words of this.forward.vocabulary) for (const w of words) n += str(w) + 8 + 48; // string, its array slot, its map entry
    n += this.ids instanceof Float64Array ? this.ids.byteLength : this.ids.reduce((sum, id) => sum + str(id) + 8, 0);
    return n;
  }

  /**
   * The ids of the best units for the lexemes of each language, by BM25 (each lexeme once per unit; a
   * lexeme's weight is its rarity within its language). Units of `preferLang` take `keep` places; every
   * other language keeps its best `keepOther`, so a question in one language can still reach the page
   * in another.
   */
  top(byLang: Map<string, string[]>, opts: { preferLang: string; keep: number; keepOther: number }): string[] {
    return this.topUnits(byLang, opts).map((unit) => this.id(unit));
  }

  /** As top(), the units' numbers (for unit()). */
  topUnits(byLang: Map<string, string[]>, opts: { preferLang: string; keep: number; keepOther: number }): number[] {
    const terms = new Map([...byLang].map(([lang, lexemes]) => [lang, [...new Set(lexemes)].map((lexeme) => ({ alternatives: [{ lexeme, weight: 1 }] }))]));
    return this.topUnitsFor(terms, opts);
  }

  /** A lexeme's postings in a language (by the language's index), with its champions when the list is long. */
  private listOf(l: number, lexeme: string): { list: Int32Array; champions: Int32Array | undefined } | null {
    const n = this.postings.numbers[l].get(lexeme);
    if (n === undefined) return null;
    const o = this.postings.offsets[l];
    return { list: this.postings.arena.subarray(o[n], o[n + 1]), champions: this.champions[l].get(n) };
  }

  /** The shortest of the words' postings lists (null when a word has none: no unit holds the phrase). */
  private rarestListOf(l: number, words: string[]) {
    const lists = words.map((w) => this.listOf(l, w));
    if (lists.some((x) => !x)) return null;
    return lists.reduce((a, b) => (b!.list.length < a!.list.length ? b : a));
  }

  /**
   * As topUnits(), for question terms that each stand for several lexemes (a word, its longer forms,
   * compounds, synonyms; see SearchIndex.expand), each with a weight: a unit scores, per term, its best
   * alternative's weighted BM25, as the ranking of the candidates will.
   */
  topUnitsFor(byLang: Map<string, CandidateTerm[]>, opts: { preferLang: string; keep: number; keepOther: number }): number[] {
    const out: number[] = [];
    // Per candidate, by its slot (its place in `touched`): scores and a term's best offer sit side by side in
    // the first few thousand entries, not scattered over arrays as long as the index (cache misses were most of
    // the cost of a question). slotOf[unit] is the unit's slot + 1, 0 for a unit that is not a candidate.
    const scores = this.scratch;
    const best = this.termScratch;
    const slotOf = this.slotOf;
    const touched = this.touched;
    for (const [lang, terms] of byLang) {
      const l = this.langs.indexOf(lang);
      if (l < 0) continue;
      const n = this.langSizes[l];
      const k = lang === opts.preferLang ? opts.keep : opts.keepOther;
      const byTerm = terms.map((t) => t.alternatives.flatMap((alt) => {
        // A phrase ("citi walk") offers through its rarest word: a bound on what the phrase scores in the ranking.
        const found = alt.lexeme.includes(' ') ? this.rarestListOf(l, alt.lexeme.split(' ')) : this.listOf(l, alt.lexeme);
        return found ? [{ ...found, weight: alt.weight * (t.scale ?? 1) }] : [];
      }));
      // Candidates: every unit of a short list, the champions of a long one (a word in most units
      // would otherwise make every question cost as much as the whole index).
      let count = 0;
      for (const lists of byTerm) {
        for (const { list, champions } of lists) {
          const from = champions ?? list;
          for (let i = 0; i < from.length; i++) {
            const unit = from[i] >>> FREQ_BITS;
            if (slotOf[unit]) continue;
            touched[count++] = unit;
            slotOf[unit] = count;
          }
        }
      }
      // Scores: each list offers its weight to the candidates it holds, by a scan or by lookups,
      // whichever is less work; a term adds its best offer per unit.
      for (const lists of byTerm) {
        for (const { list, weight } of lists) {
          const idf = weight * Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
          if (count * Math.log2(list.length) < list.length) {
            for (let s = 0; s < count; s++) {
              const at = findUnit(list, touched[s]);
              if (at >= 0) best[s] = Math.max(best[s], this.weight(touched[s], list[at] & MAX_FREQ, idf));
            }
          } else {
            for (let i = 0; i < list.length; i++) {
              const unit = list[i] >>> FREQ_BITS;
              const slot = slotOf[unit];
              if (slot) best[slot - 1] = Math.max(best[slot - 1], this.weight(unit, list[i] & MAX_FREQ, idf));
            }
          }
        }
        for (let s = 0; s < count; s++) {
          scores[s] += best[s];
          best[s] = 0;
        }
      }
      for (const s of topK(count, scores, k)) out.push(touched[s]);
      for (let s = 0; s < count; s++) {
        slotOf[touched[s]] = 0;
        scores[s] = 0;
      }
    }
    return out;
  }

  /** The vocabulary of a language, by lexeme number (empty for a language the index has no unit of). */
  vocabularyOf(lang: string): readonly string[] {
    const l = this.langs.indexOf(lang);
    return l < 0 ? [] : this.forward.vocabulary[l];
  }

  /** Units of the language holding the lexeme. */
  df(lexeme: string, lang: string): number {
    const l = this.langs.indexOf(lang);
    return l < 0 ? 0 : (this.listOf(l, lexeme)?.list.length ?? 0);
  }

  /** Units of the language. */
  unitsIn(lang: string): number {
    const l = this.langs.indexOf(lang);
    return l < 0 ? 0 : this.langSizes[l];
  }

  /** Average length of a unit (heading and text words), over all units. */
  get averageLength() {
    return this.avgLength;
  }

  /** BM25 of one posting (frequency f in the unit) for a word of rarity idf. */
  private weight(unit: number, f: number, idf: number) {
    return (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * this.lengths[unit]) / this.avgLength));
  }

  /** The CHAMPIONS postings of a long list with the highest BM25 weight for their unit. */
  private championsOf(list: Int32Array): Int32Array {
    const weightOf = (p: number) => this.weight(p >>> FREQ_BITS, p & MAX_FREQ, 1);
    return Int32Array.from(topK(list.length, Float64Array.from(list, weightOf), CHAMPIONS), (i) => list[i]);
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

/** The positions of the k highest of scores[0..count), best first: a bounded min-heap. */
function topK(count: number, scores: Float64Array, k: number): number[] {
  if (count <= k) return Array.from({ length: count }, (_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const heap: number[] = []; // positions
  const less = (a: number, b: number) => scores[a] < scores[b];
  // Swapped through a local: a destructuring swap may build an array each time.
  const swap = (i: number, j: number) => {
    const t = heap[i];
    heap[i] = heap[j];
    heap[j] = t;
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l], heap[m])) m = l;
      if (r < heap.length && less(heap[r], heap[m])) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (let e = 0; e < count; e++) {
    if (heap.length < k) {
      heap.push(e);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!less(heap[i], heap[p])) break;
        swap(i, p);
        i = p;
      }
    } else if (less(heap[0], e)) {
      heap[0] = e;
      down(0);
    }
  }
  return heap.sort((a, b) => scores[b] - scores[a]);
}

/**
 * Calls `fn` for each lexeme of a tsvector's text form with its weighted frequency (a title word counts
 * three times, a heading word twice) and its frequency outside the title.
 */
export function forEachLexeme(tsv: string, fn: (lexeme: string, weighted: number, body: number) => void) {
  scanTsvector(tsv, (lexeme, a, b, d) => fn(lexeme, weighted(a, b, d), b + d));
}

const weighted = (a: number, b: number, d: number) => WEIGHT.A * a + WEIGHT.B * b + WEIGHT.D * d;
