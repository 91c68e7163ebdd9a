/**
 * An in-memory search index over one chatbot's units (pure: no database here).
 *
 * Why in memory: ranking needs the frequency of every word in this chatbot's content (a word that
 * occurs in every unit says nothing, a rare one says a lot), German compounds need the chatbot's
 * vocabulary ("Reifenwechsel" must find "Winterreifenwechsel"), and typos need it too. PostgreSQL
 * still stems the words (its per-language configurations build each unit's tsvector); this index
 * reads those lexemes and ranks with BM25 over title, headings and text.
 *
 * Besides the rank, every hit carries its *coverage*: the share of the question's specific content
 * (its terms weighted by rarity) the unit contains. The answer engine gates on it, so that two
 * everyday words shared with a page do not answer a question about something else.
 */
import { germanVerbForms } from '../training/germanVerbs.ts';
import { scanTsvector } from './tsvector.ts';
import { CONTEXT_WEIGHT } from './questionFocus.ts';
import { GENERAL_WEIGHT } from './generalWords.ts';

export interface IndexedUnit {
  id: string;
  lang: string;
  /** Lexemes with their weighted frequency: A = title, B = the unit's own heading, D = text and the headings it stands under (C in the tsvector). */
  terms: Map<string, { a: number; b: number; d: number }>;
  /** Its words in headings and text, when `terms` holds only some of its lexemes (a candidate's, see PostingsIndex.unitsWith). */
  length?: number;
}

export interface Hit {
  index: number;
  score: number;
  coverage: number;
  /** Query terms found in the unit's heading or text (not only the page title). */
  bodyMatches: number;
  /** The question's terms in the unit's language, and which of them the unit contains. */
  /** `minor`: an everyday word the content lacks, or a word found only around the asking sentences (QueryTerm.scale). */
  terms: { term: string; idf: number; known: boolean; matched: boolean; via?: string; weight?: number; vias?: string[]; minor?: boolean }[];
}

interface Posting {
  doc: number;
  a: number;
  b: number;
  d: number;
}

/** A word spelt backwards (by code point), for lookups of compound heads. */
const reversed = (w: string) => [...w].reverse().join('');

const K1 = 1.2;
const B = 0.5;
const MIN_PART = 3;
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];

/** Parses PostgreSQL's text form of a tsvector: `'lexeme':1A,4 'other':2B`. */
export function parseTsvector(text: string): Map<string, { a: number; b: number; d: number }> {
  const out = new Map<string, { a: number; b: number; d: number }>();
  scanTsvector(text, (lexeme, a, b, d) => out.set(lexeme, { a, b, d }));
  return out;
}

/** Edit distance up to `max` (larger distances return max + 1), for typo tolerance. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** One term of a question and the vocabulary entries that stand for it, each with how well (0..1). */
export interface QueryTerm {
  term: string;
  alternatives: { lexeme: string; weight: number }[];
  /** The term's rarity, times `scale`. */
  idf: number;
  /** Below 1 for a term found only around the question's asking sentences, or an everyday word the content lacks. */
  scale?: number;
}

/** How a unit matches a question: per question term its best alternative's score and forms, and the terms found outside its title. */
type UnitMatch = { terms: Map<string, { score: number; cover: number; via: string; vias: Set<string> }>; body: Set<string> };

/**
 * A whole chatbot's vocabulary and statistics, for an index that holds only some of its units (a large
 * chatbot's candidates, see retrieval.ts): question words are expanded against the chatbot's words
 * (longer forms, compounds, typos), weighed by their rarity in the chatbot and lengths normalized by
 * its average, so a candidate ranks and covers the question exactly as in the chatbot's full index.
 */
export interface Corpus {
  readonly avgLength: number;
  /** Units of the language. */
  units(lang: string): number;
  /** Units of the language holding the lexeme (0: not a word of the chatbot). */
  df(lexeme: string, lang: string): number;
  /** The first `limit` words starting with `prefix`, in sorted order. */
  prefixed(lang: string, prefix: string, limit: number): string[];
  /** The first `limit` words ending in `suffix`, in the order of their reversed spelling. */
  suffixed(lang: string, suffix: string, limit: number): string[];
  /** The words starting with this letter (what a typo is looked for among). */
  startingWith(lang: string, letter: string): Iterable<string>;
  /** The hyphenated words that are `joined` without their hyphens ("e-bik" for "ebik"). */
  hyphenated(lang: string, joined: string): readonly string[];
}

/** Hyphenated words by their spelling without hyphens: "E-Bike" is also written "Ebike", "Check-in" "Checkin". */
export function byJoinedSpelling(words: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    if (!w.includes('-')) continue;
    const joined = w.replace(/-/g, '');
    const list = out.get(joined);
    if (list) list.push(w);
    else out.set(joined, [w]);
  }
  return out;
}

/**
 * A German verb as visitors write it and the stems it may have in the content: "holt" (ihr holt) → "hol"
 * (holen), "bietet" → "biet", "kannst" → "kann". The stemmer keeps these endings; pages use other persons.
 */
const verbStems = (term: string) =>
  term.length < 4 ? [] : [/(?<=\p{L}{2})et$/u, /(?<=\p{L}{2})st$/u, /(?<=\p{L}{2})t$/u].flatMap((re) => (re.test(term) ? [term.replace(re, '')] : []));

export class SearchIndex {
  readonly size: number;
  private readonly postings = new Map<string, Posting[]>();
  private readonly lengths: number[];
  private readonly avgLength: number;
  private readonly langs: string[];
  /** Vocabulary per language, sorted, and sorted by reversed spelling (for compound heads). */
  private readonly sorted = new Map<string, string[]>();
  private readonly reversed = new Map<string, string[]>();
  /** Per edge and language, the vocabulary by its words' first or last letter (see byEdge). */
  private readonly edges = new Map<string, Map<number, string[]>>();
  private readonly langSizes = new Map<string, number>();
  /** Per language, its hyphenated words by their spelling without hyphens (built on first use). */
  private readonly joined = new Map<string, Map<string, string[]>>();
  /** Per language, its vocabulary: each lexeme with the number of units that contain it. */
  private readonly dfs = new Map<string, Map<string, number>>();
  /** Whether every lexeme's postings are built up front (a chatbot's index) or on first use (one question's). */
  private readonly eager: boolean;

  /**
   * `fuzzy: false` for an index over one question's candidates: a word missing from a few hundred
   * units is no typo, and matching it against their vocabulary would cost more than the rest. Such
   * an index also answers prefix and suffix lookups by scanning its small vocabulary: sorting it
   * (and every word reversed) for the few lookups of one question cost more than the ranking.
   */
  constructor(
    private readonly units: IndexedUnit[],
    /** `corpus`: the chatbot these units are candidates of (then words are looked up there, typos included). */
    private readonly opts: { fuzzy?: boolean; corpus?: Corpus } = {},
  ) {
    this.size = units.length;
    this.langs = units.map((u) => u.lang);
    this.lengths = units.map((u) => {
      if (u.length !== undefined) return u.length;
      let n = 0;
      for (const f of u.terms.values()) n += f.b + f.d;
      return n;
    });
    this.avgLength = opts.corpus?.avgLength ?? (this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, units.length) || 1);
    // An index for one question reads the postings of the few words it looks up (postingsOf); a
    // chatbot's index, kept for many questions, has them all from the start.
    this.eager = opts.fuzzy !== false && !opts.corpus;
    const eager = this.eager;
    units.forEach((u, doc) => {
      this.langSizes.set(u.lang, (this.langSizes.get(u.lang) ?? 0) + 1);
      let dfs = this.dfs.get(u.lang);
      if (!dfs) this.dfs.set(u.lang, (dfs = new Map()));
      for (const [lexeme, f] of u.terms) {
        dfs.set(lexeme, (dfs.get(lexeme) ?? 0) + 1);
        if (!eager) continue;
        let list = this.postings.get(lexeme);
        if (!list) this.postings.set(lexeme, (list = []));
        list.push({ doc, a: f.a, b: f.b, d: f.d });
      }
    });
  }

  /** The units holding a lexeme, with its frequencies (built on first use in an index for one question). */
  private postingsOf(lexeme: string): Posting[] {
    let list = this.postings.get(lexeme);
    if (!list) {
      list = [];
      if (!this.eager)
        this.units.forEach((u, doc) => {
          const f = u.terms.get(lexeme);
          if (f) list!.push({ doc, a: f.a, b: f.b, d: f.d });
        });
      this.postings.set(lexeme, list);
    }
    return list;
  }

  /**
   * The units holding every word of a phrase, each counted as often as its rarest-held word (no positions are
   * kept: in a unit of a few sentences the words of "guided city walk" stand together). Title-only when one is.
   */
  private phrasePostings(words: string[]): Posting[] {
    const lists = words.map((w) => this.postingsOf(w)).sort((a, b) => a.length - b.length);
    const others = lists.slice(1).map((list) => new Map(list.map((p) => [p.doc, p])));
    const out: Posting[] = [];
    for (const p of lists[0]) {
      const all = [p, ...others.map((m) => m.get(p.doc))];
      if (all.some((x) => !x)) continue;
      const held = all as Posting[];
      const f = Math.min(...held.map((x) => x.d + 2 * x.b + Math.min(x.a, 1)));
      out.push(held.every((x) => x.b + x.d > 0) ? { doc: p.doc, a: 0, b: 0, d: f } : { doc: p.doc, a: 1, b: 0, d: 0 });
    }
    return out;
  }

  private sortedOf(lang: string): string[] {
    let list = this.sorted.get(lang);
    if (!list) this.sorted.set(lang, (list = [...(this.dfs.get(lang)?.keys() ?? [])].sort()));
    return list;
  }

  private reversedOf(lang: string): string[] {
    let list = this.reversed.get(lang);
    if (!list) this.reversed.set(lang, (list = [...(this.dfs.get(lang)?.keys() ?? [])].map(reversed).sort()));
    return list;
  }

  languages(): string[] {
    return [...this.dfs.keys()];
  }

  private df(lexeme: string, lang: string): number {
    return this.opts.corpus ? this.opts.corpus.df(lexeme, lang) : (this.dfs.get(lang)?.get(lexeme) ?? 0);
  }

  /** Rarity within the unit's own language: a language with few pages must not make its words look rare. */
  private idf(df: number, lang: string): number {
    const n = this.opts.corpus ? this.opts.corpus.units(lang) : (this.langSizes.get(lang) ?? this.size);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private has(lang: string, w: string) {
    return this.opts.corpus ? this.opts.corpus.df(w, lang) > 0 : (this.dfs.get(lang)?.has(w) ?? false);
  }

  private hyphenated(lang: string, joined: string): readonly string[] {
    if (this.opts.corpus) return this.opts.corpus.hyphenated(lang, joined);
    let map = this.joined.get(lang);
    if (!map) this.joined.set(lang, (map = byJoinedSpelling(this.dfs.get(lang)?.keys() ?? [])));
    return map.get(joined) ?? [];
  }

  /** Whether a unit of the language holds the lexeme. */
  hasTerm(lang: string, lexeme: string): boolean {
    return this.has(lang, lexeme);
  }

  /** Vocabulary words starting with `prefix` (binary search over the sorted vocabulary). */
  private withPrefix(list: string[] | undefined, prefix: string, limit = 40): string[] {
    if (!list) return [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < list.length && list[i].startsWith(prefix) && out.length < limit; i++) out.push(list[i]);
    return out;
  }

  /**
   * Splits an unknown compound into vocabulary words, allowing German linking letters
   * ("hundemitnahmegebuhr" → hund + mitnahm… + gebuhr). Returns null when it does not split.
   */
  decompound(word: string, lang: string, depth = 0): string[] | null {
    if (depth > 3 || word.length < MIN_PART * 2) return null;
    for (let i = word.length - MIN_PART; i >= MIN_PART; i--) {
      const head = word.slice(0, i);
      const tail = word.slice(i);
      for (const link of LINKS) {
        if (link && !head.endsWith(link)) continue;
        const stem = link ? head.slice(0, -link.length) : head;
        if (stem.length < MIN_PART || !this.known(stem, lang)) continue;
        if (this.known(tail, lang)) return [stem, tail];
        const rest = this.decompound(tail, lang, depth + 1);
        if (rest) return [stem, ...rest];
      }
    }
    return null;
  }

  /** The first `limit` vocabulary words starting with `prefix`, in sorted order. */
  private prefixed(lang: string, prefix: string, limit = 40): string[] {
    if (this.opts.corpus) return this.opts.corpus.prefixed(lang, prefix, limit);
    if (this.opts.fuzzy !== false) return this.withPrefix(this.sortedOf(lang), prefix, limit);
    const out: string[] = [];
    for (const w of this.byEdge(lang, 'first', prefix)) if (w.startsWith(prefix)) out.push(w);
    return out.sort().slice(0, limit);
  }

  /** The first `limit` vocabulary words ending in `suffix`, in the order of their reversed spelling. */
  private suffixed(lang: string, suffix: string, limit = 40): string[] {
    if (this.opts.corpus) return this.opts.corpus.suffixed(lang, suffix, limit);
    if (this.opts.fuzzy !== false) return this.withPrefix(this.reversedOf(lang), reversed(suffix), limit).map(reversed);
    const out: string[] = [];
    for (const w of this.byEdge(lang, 'last', suffix)) if (w.endsWith(suffix)) out.push(reversed(w));
    return out.sort().slice(0, limit).map(reversed);
  }

  /**
   * The vocabulary words that share the first (or last) letter with `part`: what a prefix (or suffix)
   * lookup in an index for one question scans, a twentieth of its vocabulary.
   */
  private byEdge(lang: string, edge: 'first' | 'last', part: string): Iterable<string> {
    const vocabulary = this.dfs.get(lang);
    if (!vocabulary || !part) return vocabulary?.keys() ?? [];
    const key = `${edge}:${lang}`;
    let buckets = this.edges.get(key);
    if (!buckets) {
      this.edges.set(key, (buckets = new Map()));
      for (const w of vocabulary.keys()) {
        const c = w.charCodeAt(edge === 'first' ? 0 : w.length - 1);
        const bucket = buckets.get(c);
        if (bucket) bucket.push(w);
        else buckets.set(c, [w]);
      }
    }
    return buckets.get(part.charCodeAt(edge === 'first' ? 0 : part.length - 1)) ?? [];
  }

  /** A word the vocabulary has, or the stem of one (the stemmer cuts "mitnahme" to "mitnahm"). */
  private known(w: string, lang: string): boolean {
    if (this.has(lang, w)) return true;
    return w.length >= 4 && this.prefixed(lang, w, 1).some((x) => x.length - w.length <= 2);
  }

  /** The vocabulary entries a question term stands for in one language (`synonyms`: words of the same concept). */
  expand(term: string, lang: string, synonyms: string[] = [], foreign = false): QueryTerm {
    const alts = new Map<string, number>();
    const add = (lexeme: string, weight: number) => alts.set(lexeme, Math.max(alts.get(lexeme) ?? 0, weight));
    for (const w of synonyms) {
      if (w === term) continue;
      // A phrase of the concept ("citi walk" for "Stadtführung"): the units holding all its words (phrasePostings).
      if (w.includes(' ')) {
        // Words of three letters or more: "e bike" is "e-bike", a word of its own.
        if (w.split(' ').every((p) => p.length >= 3 && this.has(lang, p))) add(w, 0.8);
        continue;
      }
      if (this.has(lang, w)) add(w, 0.8);
      // A synonym the content has only with an ending its stemmer keeps ("Gesellschafterin" stays whole in the
      // German stemmer of PostgreSQL 15, newer ones cut it to "gesellschaft"): its near longer forms.
      else if (w.length >= 5) for (const x of this.prefixed(lang, w)) if (x.length - w.length <= 4) add(x, 0.7);
    }
    const known = this.has(lang, term);
    if (known) add(term, 1);
    // The same word with or without its hyphen: "ebike" and "E-Bike".
    if (term.includes('-') && this.has(lang, term.replace(/-/g, ''))) add(term.replace(/-/g, ''), 0.9);
    for (const w of this.hyphenated(lang, term)) add(w, 0.9);
    if (!known && lang === 'de') {
      for (const w of verbStems(term)) if (this.has(lang, w)) add(w, 0.8);
      const forms = germanVerbForms(term);
      for (const w of forms.participles) if (this.has(lang, w)) add(w, 0.8);
      if (forms.verb) for (const w of [forms.verb, ...verbStems(forms.verb)]) if (this.has(lang, w)) add(w, 0.8);
      if (forms.noun) for (const w of [forms.noun, ...this.prefixed(lang, forms.noun)]) if (this.has(lang, w)) add(w, 0.7);
    }
    // A question word read in another language's content finds longer words only when it is long enough to
    // be that language's word too: English "uber" is not the start of German "überall".
    if (term.length >= (foreign ? 5 : 4) && !/^\d+$/.test(term)) {
      // Longer words built on the term: "kost" → "kostet", "hund" → "hundesitt" (short terms only in near forms).
      for (const w of this.prefixed(lang, term)) {
        if (w === term) continue;
        if (w.length - term.length <= 3) add(w, 0.85);
        else if (term.length >= 5 || known) add(w, 0.6);
      }
      // Compounds ending in the term: "reifenwechsel" → "winterreifenwechsel".
      for (const w of this.suffixed(lang, term)) if (w !== term) add(w, 0.7);
    }
    if (!known && this.opts.fuzzy !== false && term.length >= 5 && !/\d/.test(term)) {
      // A shortened or misspelt word: "telefonnr" → "telefon", "reservirung" → "reservierung".
      for (let n = term.length - 1; n >= Math.max(4, Math.ceil(term.length * 0.6)); n--) {
        if (this.has(lang, term.slice(0, n))) {
          add(term.slice(0, n), 0.7);
          break;
        }
      }
      const max = term.length >= 9 ? 2 : 1;
      const words = this.opts.corpus ? this.opts.corpus.startingWith(lang, term[0]) : (this.dfs.get(lang)?.keys() ?? []);
      for (const w of words) {
        if (Math.abs(w.length - term.length) > max || w[0] !== term[0]) continue;
        const d = boundedEditDistance(term, w, max);
        if (d <= max) add(w, d === 1 ? 0.75 : 0.6);
      }
      const parts = this.decompound(term, lang);
      if (parts) for (const p of parts) for (const w of [p, ...this.prefixed(lang, p, 3)]) if (this.has(lang, w)) add(w, 0.6 / Math.sqrt(parts.length));
    }
    const alternatives = [...alts].map(([lexeme, weight]) => ({ lexeme, weight })).sort((a, b) => b.weight - a.weight).slice(0, 40);
    // A term's weight is its own rarity; an unknown word weighs like the rarest one (it is specific).
    const df = known ? this.df(term, lang) : Math.max(0, ...alternatives.filter((a) => a.weight >= 0.7).map((a) => this.df(a.lexeme, lang)));
    return { term, alternatives, idf: this.idf(df, lang) };
  }

  /**
   * Ranks the units for a question given as lexemes per language (the question parsed with each
   * language's configuration). Units in `preferLang` rank first among equals.
   */
  /** The question's terms in each language the index (or its corpus) has, with the words each stands for. */
  expandQuery(
    queryByLang: Map<string, string[]>,
    /**
     * `context`: per language, the terms found only around the question's asking sentences (questionFocus.ts);
     * `general`: the question's everyday words (generalWords.ts).
     */
    opts: { preferLang?: string; synonyms?: Map<string, Map<string, string[]>>; context?: Map<string, Set<string>>; general?: Map<string, Set<string>> } = {},
  ): Map<string, QueryTerm[]> {
    const termsByLang = new Map<string, QueryTerm[]>();
    for (const [lang, lexemes] of queryByLang) {
      if (this.opts.corpus ? !this.opts.corpus.units(lang) : !this.dfs.has(lang)) continue;
      const syn = opts.synonyms?.get(lang);
      const context = opts.context?.get(lang);
      // A long message keeps its asking sentences' words first.
      const terms = [...new Set(lexemes)].sort((a, b) => Number(context?.has(a) ?? false) - Number(context?.has(b) ?? false)).slice(0, 24);
      const general = opts.general?.get(lang);
      termsByLang.set(lang, terms.map((t) => {
        const term = this.expand(t, lang, syn?.get(t), !!opts.preferLang && lang !== opts.preferLang);
        // An everyday word weighs less only where nothing in the content stands for it (it then only lowers the coverage).
        const scale = (context?.has(t) ? CONTEXT_WEIGHT : 1) * (general?.has(t) && !term.alternatives.length ? GENERAL_WEIGHT : 1);
        return scale < 1 ? { ...term, idf: term.idf * scale, scale } : term;
      }));
      if (lang === 'de') this.joinCompounds(termsByLang.get(lang)!);
    }
    return termsByLang;
  }

  /**
   * A German compound the visitor wrote apart ("wenn ich früh buche" for "Frühbucher", "Kinder Sitz"): two words
   * of the question whose stems, joined, begin a word of the content both find that word. (Without the words'
   * order: a joining the other way round, "buchfruh", is no word of any content.)
   */
  private joinCompounds(terms: QueryTerm[]) {
    const parts = terms.filter((t) => t.term.length >= 3 && !/\d/.test(t.term));
    for (const a of parts) {
      for (const b of parts) {
        if (a === b) continue;
        const joined = this.prefixed('de', a.term + b.term, 5);
        for (const t of [a, b]) {
          const have = new Set(t.alternatives.map((x) => x.lexeme));
          t.alternatives.push(...joined.filter((w) => !have.has(w)).map((lexeme) => ({ lexeme, weight: 0.7 })));
        }
      }
    }
  }

  /** `expanded`: the question's terms from expandQuery() of the same corpus (saves expanding them again). */
  search(
    queryByLang: Map<string, string[]>,
    opts: {
      limit?: number; preferLang?: string; otherLangFactor?: number; synonyms?: Map<string, Map<string, string[]>>;
      context?: Map<string, Set<string>>; general?: Map<string, Set<string>>;
      expanded?: Map<string, QueryTerm[]>;
    } = {},
  ): Hit[] {
    // Per unit and question term, the best contribution of any of the term's alternatives: each term counts once.
    const scores = new Map<number, UnitMatch>();
    const totals = new Map<string, number>();
    const termsByLang = opts.expanded ?? this.expandQuery(queryByLang, opts);
    for (const [lang, terms] of termsByLang) {
      if (!this.dfs.has(lang)) continue;
      totals.set(lang, terms.reduce((s, t) => s + t.idf, 0));
      for (const t of terms) {
        for (const alt of t.alternatives) {
          // An alternative ranks by its own rarity: a rare question word must not lend its weight to a common synonym.
          const idf = alt.lexeme === t.term ? t.idf : Math.min(t.idf, this.idf(this.df(alt.lexeme, lang), lang) * (t.scale ?? 1));
          const forms = alt.lexeme.includes(' ') ? alt.lexeme.split(' ') : null;
          for (const p of forms ? this.phrasePostings(forms) : this.postingsOf(alt.lexeme)) {
            if (this.langs[p.doc] !== lang) continue;
            const f = p.d + 2 * p.b + Math.min(p.a, 1);
            const norm = K1 * (1 - B + (B * this.lengths[p.doc]) / this.avgLength);
            const score = idf * alt.weight * ((f * (K1 + 1)) / (f + norm));
            let e = scores.get(p.doc);
            if (!e) scores.set(p.doc, (e = { terms: new Map(), body: new Set() }));
            const prev = e.terms.get(t.term);
            // A phrase is held by its words: an answer's sentence holds "city" or "walk", never "citi walk".
            const vias = forms ?? [alt.lexeme];
            if (!prev) e.terms.set(t.term, { score, cover: alt.weight * t.idf, via: vias[0], vias: new Set(vias) });
            else {
              if (score > prev.score) {
                prev.score = score;
                prev.cover = Math.max(prev.cover, alt.weight * t.idf);
                prev.via = vias[0];
              }
              for (const v of vias) prev.vias.add(v);
            }
            if (p.b + p.d > 0) e.body.add(t.term);
          }
        }
      }
    }
    // Scored first; the terms' details (what the answer's composition reads) only for the hits returned.
    const hits: { index: number; score: number; coverage: number; e: UnitMatch }[] = [];
    for (const [doc, e] of scores) {
      const lang = this.langs[doc];
      const total = totals.get(lang) || 1;
      let score = 0;
      let covered = 0;
      for (const v of e.terms.values()) {
        score += v.score;
        covered += v.cover;
      }
      const factor = opts.preferLang && lang !== opts.preferLang ? (opts.otherLangFactor ?? 0.85) : 1;
      hits.push({ index: doc, score: score * factor, coverage: covered / total, e });
    }
    hits.sort((a, b) => b.score - a.score || a.index - b.index);
    const limit = opts.limit ?? 20;
    const top = hits.slice(0, limit);
    // The best few of every other language stay in reach, however far the visitor's language ranks
    // them down: they are the answer when the visitor's language has none.
    const perLang = new Map<string, number>();
    for (const h of top) perLang.set(this.langs[h.index], (perLang.get(this.langs[h.index]) ?? 0) + 1);
    for (const h of hits.slice(limit)) {
      const lang = this.langs[h.index];
      if (lang === opts.preferLang || (perLang.get(lang) ?? 0) >= 4) continue;
      perLang.set(lang, (perLang.get(lang) ?? 0) + 1);
      top.push(h);
    }
    return top.map(({ index, score, coverage, e }) => {
      const terms = (termsByLang.get(this.langs[index]) ?? []).map((t) => ({
        term: t.term, idf: t.idf, known: t.alternatives.length > 0, matched: e.terms.has(t.term), via: e.terms.get(t.term)?.via, vias: [...(e.terms.get(t.term)?.vias ?? [])],
        weight: e.terms.has(t.term) ? e.terms.get(t.term)!.cover / (t.idf || 1) : 0,
        ...((t.scale ?? 1) < 1 ? { minor: true } : {}),
      }));
      return { index, score, coverage, bodyMatches: e.body.size, terms };
    });
  }
}
