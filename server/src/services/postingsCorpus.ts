/**
 * A large chatbot's vocabulary as ranking needs it (searchIndex.ts, Corpus), read from its postings
 * index: rarity and language sizes from the postings, and words found by their start or end through
 * the vocabulary sorted once, by spelling and by reversed spelling (4 bytes a word each, the words
 * themselves are the index's). With it the candidates of a question are expanded, weighed and ranked
 * as in a small chatbot's full index: "Reifenwechsel" finds "Winterreifenwechsel" here too.
 *
 * Built with the postings index, in the background: 300,000 words take ~0.6 s of CPU and 2.4 MB.
 */
import type { PostingsIndex } from './postingsIndex.ts';
import { byJoinedSpelling, type Corpus } from './searchIndex.ts';

/** A word spelt backwards (by code point), as SearchIndex orders compound heads. */
const reversed = (w: string) => [...w].reverse().join('');

interface SortedVocabulary {
  words: readonly string[];
  /** The hyphenated words by their spelling without hyphens ("ebik" → "e-bik"). */
  hyphenated: Map<string, string[]>;
  /** Word numbers in the order of their spelling. */
  bySpelling: Int32Array;
  /** Word numbers in the order of their reversed spelling. */
  byReversed: Int32Array;
}

export class PostingsCorpus implements Corpus {
  private readonly langs = new Map<string, SortedVocabulary>();

  constructor(private readonly index: PostingsIndex) {
    for (const lang of index.languages()) {
      const words = index.vocabularyOf(lang);
      const order = (keys: readonly string[]) => Int32Array.from(keys.keys()).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
      this.langs.set(lang, { words, bySpelling: order(words), byReversed: order(words.map(reversed)), hyphenated: byJoinedSpelling(words) });
    }
  }

  get avgLength() {
    return this.index.averageLength;
  }

  units(lang: string) {
    return this.index.unitsIn(lang);
  }

  df(lexeme: string, lang: string) {
    return this.index.df(lexeme, lang);
  }

  prefixed(lang: string, prefix: string, limit: number): string[] {
    const v = this.langs.get(lang);
    if (!v) return [];
    const out: string[] = [];
    for (let i = lowerBound(v.bySpelling, (n) => v.words[n] < prefix); i < v.bySpelling.length && out.length < limit; i++) {
      const w = v.words[v.bySpelling[i]];
      if (!w.startsWith(prefix)) break;
      out.push(w);
    }
    return out;
  }

  suffixed(lang: string, suffix: string, limit: number): string[] {
    const v = this.langs.get(lang);
    if (!v) return [];
    const head = reversed(suffix);
    const out: string[] = [];
    for (let i = lowerBound(v.byReversed, (n) => reversed(v.words[n]) < head); i < v.byReversed.length && out.length < limit; i++) {
      const w = v.words[v.byReversed[i]];
      if (!w.endsWith(suffix)) break;
      out.push(w);
    }
    return out;
  }

  hyphenated(lang: string, joined: string): readonly string[] {
    return this.langs.get(lang)?.hyphenated.get(joined) ?? [];
  }

  *startingWith(lang: string, letter: string): Iterable<string> {
    const v = this.langs.get(lang);
    if (!v || !letter) return;
    for (let i = lowerBound(v.bySpelling, (n) => v.words[n] < letter); i < v.bySpelling.length; i++) {
      const w = v.words[v.bySpelling[i]];
      if (!w.startsWith(letter)) return;
      yield w;
    }
  }
}

/** The first position whose entry is not `before` (entries before it all are): a binary search. */
function lowerBound(sorted: Int32Array, before: (n: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(sorted[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
