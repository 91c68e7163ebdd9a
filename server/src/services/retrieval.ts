import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/index.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { qnaRepo } from '../repositories/qna.ts';
import type { UnitKind } from '../training/chunk.ts';
import { baseLang, tsConfigFor } from '../training/lang.ts';
import { normalizeForIndex, stripQuestionFillers } from '../training/normalize.ts';
import { questionFocus } from './questionFocus.ts';
import { generalWordsOf } from './generalWords.ts';
import { embeddingsFor, VectorIndex, type EmbeddingsUse } from './embeddings.ts';
import { GLOSSARY, splitGlossaryCompounds } from './glossary.ts';
import { SearchIndex, parseTsvector, type Hit } from './searchIndex.ts';
import { MAX_IN_MEMORY_UNITS, UNITS, anyOf, candidateUnits, loadPostings, unitsByIds, type CandidateRow, type UnitRow } from './candidates.ts';
import type { PostingsIndex } from './postingsIndex.ts';
import { PostingsCorpus } from './postingsCorpus.ts';
import { QnaTrigramIndex } from './qnaTrigrams.ts';
import { escapeRegExp } from '../escapeRegExp.ts';

export interface Passage {
  id: string;
  text: string;
  score: number;
  source: { type: 'webpage' | 'document' | 'qna'; id: string; url?: string; title?: string; name?: string };
}

/**
 * How the answer processes of one database search large chatbots (SEARCH_MAX_IN_MEMORY_UNITS, SEARCH_POSTINGS):
 * retrieve() knows only the database, so buildApp registers the settings for it, as it does the embeddings client.
 * Options passed to retrieve() (tests) come first.
 */
export interface SearchSettings {
  maxInMemoryUnits?: number;
  postings?: PostingsUse;
}
const searchSettings = new WeakMap<object, SearchSettings>();

export function useSearchSettings(db: object, config: { SEARCH_MAX_IN_MEMORY_UNITS?: number; SEARCH_POSTINGS?: PostingsUse }) {
  searchSettings.set(db, { maxInMemoryUnits: config.SEARCH_MAX_IN_MEMORY_UNITS, postings: config.SEARCH_POSTINGS });
}

/** Matches in the same base language: a chatbot trained in de answers de-AT visitors. */
const LANG_MATCH = (col: string, p: string) =>
  `(lower(${col}) = ${p} or lower(${col}) like ${p} || '-%' or (${p} = 'it' and ${col} = 'italian') or (${p} = 'zh' and ${col} = 'cn'))`;

export interface RetrievedPassage extends Passage {
  lang: string;
  heading: string;
  kind: UnitKind;
  /** Share of the question's specific content (terms weighted by rarity) the unit contains, 0..1. */
  coverage: number;
  bodyMatches: number;
  terms: Hit['terms'];
  /** Cosine similarity of the unit to the question: only when semantic retrieval is on and the unit has a vector. */
  similarity?: number;
}

interface Loaded {
  version: string;
  /** Units of the chatbot (all languages). */
  unitCount: number;
  /** Too many units for a full in-memory index: each question ranks candidates from PostgreSQL (candidates.ts). */
  large: boolean;
  index: SearchIndex;
  units: Omit<RetrievedPassage, 'score' | 'coverage' | 'bodyMatches' | 'terms' | 'similarity'>[];
  configs: Map<string, string>; // base language → text-search configuration
  /** The units' vectors of the embeddings model (semantic retrieval on and the chatbot's passages embedded), else null. */
  vectors: VectorIndex | null;
}

/** Indexes of the chatbots asked recently, newest last; each is rebuilt when its chatbot's index_version moves. */
const cache = new Map<string, Promise<Loaded>>();
const CACHE_CHATBOTS = 50;

async function load(db: Queryable, chatbotId: string, version: string, model: string | null, maxInMemory: number): Promise<Loaded> {
  const size = await db.query<{ n: number; langs: string[] }>(
    'select count(*)::int as n, coalesce(array_agg(distinct lang), \'{}\') as langs from passages where chatbot_id = $1',
    [chatbotId],
  );
  if (size.rows[0].n > maxInMemory) {
    const configs = new Map<string, string>();
    for (const lang of size.rows[0].langs) configs.set(lang, await tsConfigFor(db, lang));
    return { version, unitCount: size.rows[0].n, large: true, index: new SearchIndex([]), units: [], configs, vectors: null };
  }
  const r = await db.query<CandidateRow>(
    `${UNITS} where p.chatbot_id = $1 order by p.source_type, p.source_id, p.ord`,
    [chatbotId],
  );
  const units = r.rows.map(toUnit);
  const index = new SearchIndex(r.rows.map((x) => ({ id: x.id, lang: x.lang, terms: parseTsvector(x.tsv) })));
  const configs = new Map<string, string>();
  for (const lang of index.languages()) configs.set(lang, await tsConfigFor(db, lang));
  return { version, unitCount: units.length, large: false, index, units, configs, vectors: model ? await loadVectors(db, chatbotId, model, units) : null };
}

function toUnit(x: UnitRow) {
  return {
    id: x.id,
    text: x.text,
    lang: x.lang,
    heading: x.heading,
    kind: x.kind,
    source: {
      type: x.source_type,
      id: x.source_id,
      ...(x.url ? { url: x.url } : {}),
      ...(x.title ? { title: x.title } : {}),
      ...(x.name ? { name: x.name } : {}),
    },
  };
}

/** The chatbot's vectors of `model`, each at its unit's position (a vector whose passage is not among the units is ignored). */
async function loadVectors(db: Queryable, chatbotId: string, model: string, units: { id: string }[]): Promise<VectorIndex | null> {
  const r = await db.query<{ id: string; embedding: number[] }>(
    'select passage_id::text as id, embedding from passage_embeddings where chatbot_id = $1 and model = $2',
    [chatbotId, model],
  );
  if (!r.rows.length) return null;
  const position = new Map(units.map((u, i) => [u.id, i]));
  const rows = r.rows.flatMap((x) => (position.has(x.id) ? [{ unit: position.get(x.id)!, vector: x.embedding.map(Number) }] : []));
  const vectors = new VectorIndex(rows);
  return vectors.size ? vectors : null;
}

/** The cache's loaded indexes, for a synchronous look (retrievalSettled). */
const resolved = new WeakMap<Promise<Loaded>, Loaded>();

/**
 * Whether retrieve() now answers the chatbot's questions at `indexVersion` from its final structures, so that
 * the same question ranks the same until the version moves: the index of that version is loaded, a large
 * chatbot's postings index is built (or never will be), and no embeddings endpoint takes part (a pause after
 * its failure ranks lexically). runtime/answerCache.ts keeps answers only then.
 */
export function retrievalSettled(db: Queryable, chatbotId: string, indexVersion: string): boolean {
  if (embeddingsFor(db)) return false;
  const settings = searchSettings.get(db);
  const entry = cache.get(chatbotId);
  const loaded = entry && resolved.get(entry);
  if (!loaded || loaded.version !== `${indexVersion}||${settings?.maxInMemoryUnits ?? MAX_IN_MEMORY_UNITS}`) return false;
  if (!loaded.large || (settings?.postings ?? 'background') === 'off' || loaded.unitCount > MAX_POSTINGS_UNITS) return true;
  const postings = postingsCache.peek(chatbotId);
  return postings?.version === loaded.version && postings.done;
}

/** `model`: the embeddings model whose vectors load with the index (null: lexical only). */
async function indexFor(db: Queryable, chatbotId: string, model: string | null, maxInMemory: number, knownVersion?: string): Promise<Loaded | null> {
  const current = knownVersion ?? (await chatbotsRepo.indexVersion(db, chatbotId));
  if (current === null) return null;
  // The embeddings job bumps index_version when it has written vectors, so new vectors load like new passages.
  const version = `${current}|${model ?? ''}|${maxInMemory}`;
  let entry = cache.get(chatbotId);
  if (entry) {
    const loaded = await entry.catch(() => null);
    if (loaded && loaded.version === version) {
      cache.delete(chatbotId);
      cache.set(chatbotId, entry);
      return loaded;
    }
  }
  entry = load(db, chatbotId, version, model, maxInMemory);
  cache.delete(chatbotId);
  cache.set(chatbotId, entry);
  const loading = entry;
  entry.then((l) => resolved.set(loading, l), () => {});
  entry.catch(() => cache.delete(chatbotId));
  while (cache.size > CACHE_CHATBOTS) cache.delete(cache.keys().next().value!);
  return entry;
}

/**
 * Postings indexes of large chatbots (postingsIndex.ts), each used only for the index version it was
 * read at. Reading one takes seconds, so it is built in the background, one at a time per chatbot;
 * until it is there (after every training change) candidates come from PostgreSQL, which always sees
 * the newest passages. Above MAX_POSTINGS_UNITS a chatbot stays with PostgreSQL. Memory: ~620–650 bytes
 * a unit (see the README), so the cache holds at most MAX_CACHED_POSTINGS_UNITS units in all, the
 * chatbots asked least recently leaving first.
 */
export const MAX_POSTINGS_UNITS = 2_000_000;
const MAX_CACHED_POSTINGS_UNITS = 2_000_000;
const postingsCache = new LRUCache<string, { version: string; units: number; index: Promise<Postings | null>; done: boolean }>({
  maxSize: MAX_CACHED_POSTINGS_UNITS,
  sizeCalculation: (e) => Math.max(1, e.units),
});
/** `background`: use the index once built; `wait`: build it now if needed (tests); `off`: PostgreSQL candidates only. */
export type PostingsUse = 'background' | 'wait' | 'off';

/** A postings index with its vocabulary sorted for lookups (built together, in the background). */
export interface Postings {
  index: PostingsIndex;
  corpus: PostingsCorpus;
}

async function postingsFor(db: Queryable, chatbotId: string, loaded: Loaded, use: PostingsUse): Promise<Postings | null> {
  if (use === 'off' || loaded.unitCount > MAX_POSTINGS_UNITS) return null;
  const entry = postingsCache.get(chatbotId);
  if (entry?.version === loaded.version && (entry.done || use === 'wait')) return entry.index;
  if (entry && !entry.done && use !== 'wait') return null; // one build at a time; the next question looks again
  const fresh = { version: loaded.version, units: loaded.unitCount, index: loadPostings(db, chatbotId).then((index) => ({ index, corpus: new PostingsCorpus(index) })).catch(() => null), done: false };
  void fresh.index.then(() => (fresh.done = true));
  postingsCache.set(chatbotId, fresh); // the chatbots asked least recently leave until the units fit
  return use === 'wait' ? fresh.index : null;
}

/** The memory of a chatbot's postings index once built (for the retrieval bench), or null. */
export async function postingsMemory(chatbotId: string): Promise<{ units: number; bytes: number } | null> {
  const entry = postingsCache.peek(chatbotId);
  const postings = entry?.done ? await entry.index : null;
  return postings ? { units: postings.index.size, bytes: postings.index.bytes } : null;
}

/**
 * The glossary's groups as lexemes of one configuration: single words, and phrases as the set of their
 * lexemes. `wordIds`: for each entry of `words`, the word's place in the glossary's flat list of words
 * (the same in every configuration), so its lexeme under another configuration can be looked up.
 */
type LexemeGroup = { words: string[]; wordIds: number[]; phrases: string[][]; spelled: SpelledPhrase[] };
/** A phrase that keeps one word after its stop words ("trade in", "sold out"): it names the concept where the question spells it whole. */
type SpelledPhrase = { lexeme: string; spelling: RegExp };
type Glossary = LexemeGroup[] & { lexemeOf?: string[] };
const glossaries = new WeakMap<object, Map<string, Promise<Glossary>>>();

/** A phrase as a question spells it: its words in order, whole, with any spaces between ("trade  in", "Sold out"). */
const spelledWhole = (phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.split(/\s+/).map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');

function glossaryFor(db: Queryable, cfg: string): Promise<Glossary> {
  let byCfg = glossaries.get(db);
  if (!byCfg) glossaries.set(db, (byCfg = new Map()));
  let groups = byCfg.get(cfg);
  if (!groups) {
    const flat = GLOSSARY.flatMap((g, i) => g.map((w) => ({ i, w, phrase: /\s/.test(w) })));
    groups = db
      .query<{ i: number; lexemes: string[] }>(
        `select x.i, array(select lexeme from unnest(to_tsvector($1::regconfig, x.w)) where length(lexeme) > 1) as lexemes
           from unnest($2::int[], $3::text[]) with ordinality as x(i, w, n) order by x.n`,
        [cfg, flat.map((f) => f.i), flat.map((f) => f.w)],
      )
      .then((r) => {
        const out: Glossary = GLOSSARY.map(() => ({ words: [], wordIds: [], phrases: [], spelled: [] }));
        out.lexemeOf = r.rows.map((row) => (row.lexemes.length === 1 ? row.lexemes[0] : ''));
        for (const [n, row] of r.rows.entries()) {
          // A phrase that keeps one word after its stop words ("per day", "we come to you") is not that word: only spelled whole.
          if (row.lexemes.length === 1 && !flat[n].phrase) {
            out[row.i].words.push(row.lexemes[0]);
            out[row.i].wordIds.push(n);
          } else if (row.lexemes.length === 1) out[row.i].spelled.push({ lexeme: row.lexemes[0], spelling: spelledWhole(flat[n].w) });
          else if (row.lexemes.length > 1) out[row.i].phrases.push(row.lexemes);
        }
        return out;
      });
    groups.catch(() => byCfg!.delete(cfg));
    byCfg.set(cfg, groups);
  }
  return groups;
}

/** Per glossary (one per text-search configuration): the concepts each lexeme is in, as a word or in a phrase. */
const conceptIndexes = new WeakMap<LexemeGroup[], Map<string, number[]>>();
/** Per glossary: the lexemes that are a concept's word of their own (not only part of a phrase). */
const conceptWords = new WeakMap<LexemeGroup[], Set<string>>();
function wordsOfConcepts(groups: LexemeGroup[]): Set<string> {
  let words = conceptWords.get(groups);
  if (!words) conceptWords.set(groups, (words = new Set(groups.flatMap((g) => g.words))));
  return words;
}
function conceptsByLexeme(groups: LexemeGroup[]): Map<string, number[]> {
  let index = conceptIndexes.get(groups);
  if (!index) {
    index = new Map();
    for (const [i, g] of groups.entries()) {
      for (const lexeme of new Set([...g.words, ...g.phrases.flat(), ...g.spelled.map((p) => p.lexeme)])) {
        const concepts = index.get(lexeme);
        if (concepts) concepts.push(i);
        else index.set(lexeme, [i]);
      }
    }
    conceptIndexes.set(groups, index);
  }
  return index;
}

/**
 * For each question lexeme that names a glossary concept, the concept's other words. A phrase
 * ("dog sitter") names it when all its words are in the question; one of its words carries it, and
 * its other words are `absorbed` into that carrier: "driving licence" is one concept
 * ("Führerschein"), so "driving" is no second word the answer must contain.
 */
function glossaryMatches(
  groups: Glossary,
  lexemes: string[],
  /** The question under the chatbot's other configurations, with their glossaries (see sameWordElsewhere). */
  others: { glossary: Glossary; lexemes: string[] }[] = [],
  /** The question as the visitor wrote it, for the phrases that only its spelling shows ("trade in"). */
  question = '',
): { synonyms: Map<string, string[]>; absorbed: Map<string, string> } {
  const index = conceptsByLexeme(groups);
  // An English plural the German stemmer keeps whole ("apprenticeships", "shops") stands for its singular's concept.
  const singular = new Map<string, string>();
  for (const l of lexemes) if (l.length >= 6 && l.endsWith('s') && !index.has(l) && index.has(l.slice(0, -1))) singular.set(l.slice(0, -1), l);
  const inQuestion = new Set([...lexemes, ...singular.keys()]);
  const synonyms = new Map<string, string[]>();
  const absorbed = new Map<string, string>();
  // Only the concepts with a word of the question can match (each question went through every concept before).
  const concepts = [...new Set([...inQuestion].flatMap((l) => index.get(l) ?? []))].sort((a, b) => a - b);
  for (const g of concepts.map((i) => groups[i])) {
    const carriers = g.words.filter((w, k) => inQuestion.has(w) && sameWordElsewhere(g.wordIds[k], others));
    for (const p of g.spelled) if (inQuestion.has(p.lexeme) && p.spelling.test(question)) carriers.push(p.lexeme);
    const found = g.phrases.filter((p) => p.every((w) => inQuestion.has(w)));
    // The longest phrase names the concept: "new year" inside "new year's eve" is no second one.
    for (const p of found.filter((p) => !found.some((o) => o.length > p.length && p.every((w) => o.includes(w))))) {
      // The word that is no concept of its own carries the phrase ("sitter" in "dog sitter": "dog" is also Hund).
      const carrier = p.find((w) => !wordsOfConcepts(groups).has(w)) ?? p[0];
      carriers.push(carrier);
      for (const w of p) if (w !== carrier) absorbed.set(w, carrier);
    }
    // The concept's phrases too, as their lexemes joined by a space: "Stadtführung" finds the English "guided city walk".
    // (Not a hyphenated word, which PostgreSQL parses into itself and its parts: "e-bike" is no phrase "e bike".)
    const words = [...g.words, ...g.phrases.filter((p) => !p.some((w) => w.includes('-'))).map((p) => p.join(' '))];
    for (const c of carriers) {
      const term = singular.get(c) ?? c;
      synonyms.set(term, [...new Set([...(synonyms.get(term) ?? []), ...words])]);
    }
  }
  return { synonyms, absorbed };
}

/**
 * A stemmer can make one lexeme of two different words: German stems the English "offer" to "off", as
 * it does "offen", and "Küche" and "Kuchen" both to "kuch". A glossary word stands for the question's
 * word only where the chatbot's other configurations agree: its lexeme there begins the question's, or
 * the other way round ("prei" of "preis" and "preis" of "Preise"). "offer" is "offer" in English, "offen" is "offen".
 */
function sameWordElsewhere(wordId: number, others: { glossary: Glossary; lexemes: string[] }[]): boolean {
  return others.every(({ glossary, lexemes }) => {
    const own = glossary.lexemeOf?.[wordId];
    return !own || lexemes.some((l) => l.startsWith(own) || own.startsWith(l));
  });
}

/**
 * The question's lexemes in one language without the absorbed words that language's content does
 * not have: there they exist only inside the concept ("driving" on a German page that says
 * "Führerschein"), and left in they would count as a part of the question nothing answers.
 */
function withoutAbsorbed(lexemes: string[], m: ReturnType<typeof glossaryMatches>, has: (l: string) => boolean) {
  return lexemes.filter((l) => !m.absorbed.has(l) || has(l));
}

/**
 * Ranked units of the chatbot's index for a question, in every language the chatbot has content
 * in: the question is parsed with each language's configuration, and units in the visitor's
 * language rank first among equals.
 *
 * With semantic retrieval on (an embeddings client registered for `db`, see services/embeddings.ts)
 * and the chatbot's passages embedded, the question is embedded too and the lexical ranking is fused
 * with the cosine ranking (fuse()). Otherwise, or when the endpoint fails, the ranking is the
 * lexical one, exactly as without the feature.
 */
type RetrieveQuery = { chatbotId: string; lang: string; question: string; limit?: number; indexVersion?: string };
type RetrieveOptions = {
  embeddings?: EmbeddingsUse | null;
  /** Units above which a chatbot is searched through candidates (tests lower it). */
  maxInMemoryUnits?: number;
  /** How a large chatbot's candidates are chosen (see postingsFor). */
  postings?: PostingsUse;
};
/**
 * `focus`: the lexemes of the question's asking sentences, when it has others too (see questionFocus.ts);
 * `general`: the lexemes of its everyday words (generalWords.ts).
 */
type LexemeRow = { lang: string; lexemes: string[]; focus: string[] | null; general: string[] };

export async function retrieve(
  db: Queryable,
  /** `indexVersion`: the chatbot's index_version when the caller has just read it (saves reading it again). */
  q: RetrieveQuery,
  opts: RetrieveOptions = {},
): Promise<RetrievedPassage[]> {
  const plan = await planRetrieval(db, q, opts);
  if (!plan) return [];
  return plan.rank((await db.query<LexemeRow>(plan.lexemes.text, plan.lexemes.params)).rows);
}

/**
 * The visitor's question matched against the question-answer pairs (matchQna) and, in the same statement,
 * parsed for retrieval: one round trip fewer for every answer that is not a pair's. `hits` ranks the passages
 * (as retrieve() with the same arguments) only when called.
 */
export async function matchQnaAndRetrieve(
  db: Queryable,
  q: RetrieveQuery,
  opts: RetrieveOptions = {},
): Promise<{ pair: QnaMatch | null; hits: () => Promise<RetrievedPassage[]> }> {
  // With semantic retrieval planning asks for the question's vector: not for an answer that a pair gives.
  if (opts.embeddings !== null && (opts.embeddings || embeddingsFor(db))) {
    const pair = await matchQna(db, q);
    return { pair, hits: () => retrieve(db, q, opts) };
  }
  const plan = await planRetrieval(db, q, opts);
  const qna = await qnaQuery(db, q, plan ? plan.lexemes.params.length : 0);
  if (!plan) return { pair: qna ? await runQna(db, qna) : null, hits: async () => [] };
  if (!qna) return { pair: null, hits: async () => plan.rank((await db.query<LexemeRow>(plan.lexemes.text, plan.lexemes.params)).rows) };
  const r = await db.query<{ pair: QnaMatch | null; lexemes: LexemeRow[] | null }>(
    `select (select row_to_json(q) from (${qna.text}) q) as pair,
            (select json_agg(l) from (${plan.lexemes.text}) l) as lexemes`,
    [...plan.lexemes.params, ...qna.params],
  );
  const { pair, lexemes } = r.rows[0];
  return { pair: qnaResult(pair), hits: async () => plan.rank(lexemes ?? []) };
}

/**
 * What retrieve() needs before its one statement: the chatbot's index and the statement that parses the
 * question in each of its languages; `rank` does the rest with that statement's rows. Null: nothing to find.
 */
async function planRetrieval(db: Queryable, q: RetrieveQuery, opts: RetrieveOptions) {
  const settings = searchSettings.get(db);
  const maxInMemory = opts.maxInMemoryUnits ?? settings?.maxInMemoryUnits ?? MAX_IN_MEMORY_UNITS;
  const postingsUse = opts.postings ?? settings?.postings ?? 'background';
  const asked = q.question.slice(0, 1000);
  const question = normalizeForIndex(stripQuestionFillers(asked));
  const focus = questionFocus(asked);
  if (!question.trim()) return null;
  const semantic = opts.embeddings === undefined ? embeddingsFor(db) : opts.embeddings;
  const loaded = await indexFor(db, q.chatbotId, semantic?.client.model ?? null, maxInMemory, q.indexVersion);
  if (!loaded || (!loaded.large && !loaded.index.size)) return null;
  const limit = Math.min(Math.max(q.limit ?? 5, 1), 50);
  // The question's vector is asked for now: the call runs while PostgreSQL parses the question.
  const questionVector = semantic && loaded.vectors ? embedQuestion(semantic, asked) : null;
  const langs = [...loaded.configs.keys()];
  // The question in each language's configuration; for the other languages, without the words that
  // are stop words in the visitor's own language ("the", "if", "at" mean nothing on a German page).
  const visitorCfg = await tsConfigFor(db, q.lang);
  // Other languages' content has the parts of a compound, not the compound: "Flughafentransfer" is "airport transfer".
  const lexemes = {
    text: `with content as (
       select coalesce(string_agg(token, ' '), '') as words from ts_debug($4::regconfig, $5) where lexemes is not null and lexemes <> '{}')
     select x.lang, array(select lexeme from unnest(to_tsvector(x.cfg::regconfig,
              case when x.cfg = $4::text then $1 else (select words from content) end)) order by lexeme) as lexemes,
            case when $6::text is not null then array(select lexeme from unnest(to_tsvector(x.cfg::regconfig, $6))) end as focus,
            array(select lexeme from unnest(to_tsvector(x.cfg::regconfig, $7))) as general
       from unnest($2::text[], $3::text[]) as x(lang, cfg)`,
    params: [
      question, langs, langs.map((l) => loaded.configs.get(l)!), visitorCfg, splitGlossaryCompounds(question),
      focus && normalizeForIndex(stripQuestionFillers(focus)), generalWordsOf(question, [...new Set([...langs, baseLang(q.lang)])]),
    ] as unknown[],
  };
  const rank = async (rows: LexemeRow[]): Promise<RetrievedPassage[]> => {
    // A large chatbot's words are those of its postings index; until that is built, PostgreSQL's candidates'.
    const postings = loaded.large ? await postingsFor(db, q.chatbotId, loaded, postingsUse) : null;
    const hasTerm = (lang: string, l: string) => (postings ? postings.corpus.df(l, lang) > 0 : !loaded.large && loaded.index.hasTerm(lang, l));
    const byLang = new Map<string, string[]>();
    const synonyms = new Map<string, Map<string, string[]>>();
    const context = new Map<string, Set<string>>();
    const general = new Map<string, Set<string>>();
    const glossaries = new Map(await Promise.all(rows.map(async (r) => [r.lang, await glossaryFor(db, loaded.configs.get(r.lang)!)] as const)));
    for (const { lang, lexemes, focus: asking, general: everyday } of rows) {
      if (everyday?.length) general.set(lang, new Set(everyday));
      const others = rows.filter((r) => r.lang !== lang && loaded.configs.get(r.lang) !== loaded.configs.get(lang));
      const m = glossaryMatches(glossaries.get(lang)!, lexemes, others.map((r) => ({ glossary: glossaries.get(r.lang)!, lexemes: r.lexemes })), asked);
      byLang.set(lang, withoutAbsorbed(lexemes, m, (l) => hasTerm(lang, l)));
      synonyms.set(lang, m.synonyms);
      if (asking?.length) context.set(lang, new Set(lexemes.filter((l) => !asking.includes(l))));
    }
    const vector = questionVector && (await questionVector);
    const searchOpts = { preferLang: baseLang(q.lang), otherLangFactor: 0.4, synonyms, context, general };
    if (postings) return rankFromPostings(db, postings, byLang, { limit, ...searchOpts });
    if (loaded.large) {
      // A large chatbot: the question's words and their glossary synonyms fetch candidates, ranked as a small index.
      const queries = new Map<string, string>();
      for (const [lang, lexemes] of byLang) {
        const query = anyOf([...lexemes, ...[...(synonyms.get(lang)?.values() ?? [])].flat().flatMap((w) => w.split(' '))]);
        if (query) queries.set(lang, query);
      }
      const rows = await candidateUnits(db, q.chatbotId, queries);
      const units = rows.map(toUnit);
      const index = new SearchIndex(rows.map((x) => ({ id: x.id, lang: x.lang, terms: parseTsvector(x.tsv) })), { fuzzy: false });
      return index
        .search(byLang, { limit, ...searchOpts })
        .map((h) => ({ ...units[h.index], score: h.score, coverage: h.coverage, bodyMatches: h.bodyMatches, terms: h.terms }));
    }
    if (!vector || !loaded.vectors) {
      const hits = loaded.index.search(byLang, { limit, ...searchOpts });
      return hits.map((h) => ({ ...loaded.units[h.index], score: h.score, coverage: h.coverage, bodyMatches: h.bodyMatches, terms: h.terms }));
    }
    const lexical = loaded.index.search(byLang, { limit: Math.max(limit, FUSION_DEPTH), ...searchOpts });
    return fuse(loaded, lexical, loaded.vectors.similarities(vector), { limit, preferLang: searchOpts.preferLang });
  };
  return { lexemes, rank };
}

/**
 * Candidates of a large chatbot ranked like a small one's: in the visitor's language, and in each other one. A
 * language's factor scales all its units alike, so a small chatbot's `limit` best hits hold at most `limit` units of
 * any one language, its best: fewer candidates of another language than `limit` could leave out one it ranks.
 */
const CANDIDATES = 50;
const candidatesOfOtherLanguage = (limit: number) => Math.max(limit, 15);

type RankOptions = {
  limit: number; preferLang: string; otherLangFactor: number; synonyms: Map<string, Map<string, string[]>>;
  context?: Map<string, Set<string>>; general?: Map<string, Set<string>>;
};

/**
 * The in-memory part of rankFromPostings (pure; also what bench/postings.ts measures): the question expanded
 * against the chatbot's vocabulary, its candidates chosen (`units`), and those ranked from the lexemes they hold.
 */
export function rankCandidates(postings: Postings, byLang: Map<string, string[]>, opts: RankOptions) {
  const expanded = new SearchIndex([], { corpus: postings.corpus }).expandQuery(byLang, opts);
  const candidates = postings.index.topUnitsFor(expanded, { preferLang: opts.preferLang, keep: CANDIDATES, keepOther: candidatesOfOtherLanguage(opts.limit) });
  // The candidates' lexemes that the ranking looks up: the question's terms and what they were expanded to.
  const lexemes = new Set<string>();
  for (const terms of expanded.values()) for (const t of terms) for (const alt of t.alternatives) for (const w of alt.lexeme.split(' ')) lexemes.add(w);
  const units = postings.index.unitsWith(candidates, lexemes);
  return { expanded, units, hits: new SearchIndex(units, { corpus: postings.corpus }).search(byLang, { ...opts, expanded }) };
}

/**
 * A large chatbot's question answered from its postings index. The question's words are expanded
 * against the whole chatbot's vocabulary (longer forms, compounds, typos, glossary synonyms) as a
 * small chatbot's are; the best candidates for those expansions are ranked from the lexemes the index
 * keeps for each unit, with the chatbot's word rarities and average length, so each scores exactly as
 * in a full index; only the units that rank are read from PostgreSQL (for their text and source; one
 * deleted meanwhile is left out).
 */
async function rankFromPostings(
  db: Queryable,
  postings: Postings,
  byLang: Map<string, string[]>,
  opts: RankOptions,
): Promise<RetrievedPassage[]> {
  const { units, hits } = rankCandidates(postings, byLang, opts);
  const rows = await unitsByIds(db, hits.map((h) => units[h.index].id));
  return hits.flatMap((h) => {
    const row = rows.get(units[h.index].id);
    return row ? [{ ...toUnit(row), score: h.score, coverage: h.coverage, bodyMatches: h.bodyMatches, terms: h.terms }] : [];
  });
}

/** Reciprocal rank fusion: a unit scores 1 / (RRF_K + rank) in each ranking it is in (rank 1 = best; k = 60 as in Cormack et al. 2009). */
export const RRF_K = 60;
/** How deep each ranking (lexical, semantic) goes into the fusion. */
export const FUSION_DEPTH = 50;
/**
 * Calibration of the cosine into the gate's coverage: semanticCoverage = clamp((cosine − FROM) / SPAN, 0, 1).
 * At or below FROM (0.5) a unit is not near enough to count (nor to enter the semantic ranking); at
 * FROM + SPAN (0.8) it counts as covering the whole question; the default gate (DEFAULT_MIN_COVERAGE
 * 0.3) is passed from a cosine of 0.59 on, with the contact person below 0.68 (CONFIDENT_COVERAGE).
 * Meant for current models, whose unrelated texts mostly score below 0.5 and close paraphrases above
 * 0.65; a model whose cosines sit higher overall (text-embedding-ada-002: 0.7 for almost anything)
 * needs a higher FROM. Not yet measured on a real model (the tests use a fake endpoint): check it with
 * the quality bench when one is at hand.
 */
export const SEMANTIC_COVERAGE_FROM = 0.5;
export const SEMANTIC_COVERAGE_SPAN = 0.3;
export const semanticCoverage = (cosine: number) => Math.min(1, Math.max(0, (cosine - SEMANTIC_COVERAGE_FROM) / SEMANTIC_COVERAGE_SPAN));
/** After a failed call for a question, visitors' questions go lexical-only this long (a dead endpoint must not add its timeout to every answer). */
const EMBEDDINGS_PAUSE_MS = 30_000;
const pausedUntil = new WeakMap<object, number>();

async function embedQuestion(use: EmbeddingsUse, question: string): Promise<number[] | null> {
  if ((pausedUntil.get(use.client) ?? 0) > Date.now()) return null;
  try {
    return await use.client.embedQuery(question);
  } catch (e) {
    pausedUntil.set(use.client, Date.now() + EMBEDDINGS_PAUSE_MS);
    use.log?.warn({ err: (e as Error).message }, 'embeddings endpoint failed: lexical retrieval only for 30 s');
    return null;
  }
}

/**
 * Fuses the lexical ranking with the semantic one (units by cosine above SEMANTIC_COVERAGE_FROM) by
 * reciprocal rank fusion over the top FUSION_DEPTH of each; `score` is the fused score. A unit's
 * coverage is the larger of its lexical coverage and its calibrated cosine; a unit the semantic
 * ranking alone found (it shares no word with the question) has that coverage, one body match and
 * no matched terms. As in the lexical search, the best few units of every other language stay in
 * reach beyond the limit.
 */
function fuse(
  loaded: Loaded,
  lexical: Hit[],
  similarities: Map<number, number>,
  opts: { limit: number; preferLang: string },
): RetrievedPassage[] {
  const semantic = [...similarities]
    .filter(([, cosine]) => cosine > SEMANTIC_COVERAGE_FROM)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, FUSION_DEPTH);
  // The lexical list is the top FUSION_DEPTH and the best few of every other language below them.
  const lexRank = new Map(lexical.map((h, r) => [h.index, r + 1]));
  const semRank = new Map(semantic.map(([unit], r) => [unit, r + 1]));
  const byUnit = new Map(lexical.map((h) => [h.index, h]));
  const rrf = (rank: number | undefined) => (rank ? 1 / (RRF_K + rank) : 0);
  const fused = [...new Set([...lexRank.keys(), ...semRank.keys()])]
    .map((unit) => ({ unit, score: rrf(lexRank.get(unit)) + rrf(semRank.get(unit)), lr: lexRank.get(unit) ?? Infinity, sr: semRank.get(unit) ?? Infinity }))
    .sort((a, b) => b.score - a.score || a.lr - b.lr || a.sr - b.sr || a.unit - b.unit);
  const top = fused.slice(0, opts.limit);
  const perLang = new Map<string, number>();
  const langOf = (unit: number) => loaded.units[unit].lang;
  for (const f of top) perLang.set(langOf(f.unit), (perLang.get(langOf(f.unit)) ?? 0) + 1);
  for (const f of fused.slice(opts.limit)) {
    const lang = langOf(f.unit);
    if (lang === opts.preferLang || (perLang.get(lang) ?? 0) >= 4) continue;
    perLang.set(lang, (perLang.get(lang) ?? 0) + 1);
    top.push(f);
  }
  return top.map((f) => {
    const h = byUnit.get(f.unit);
    const similarity = similarities.get(f.unit);
    const near = similarity === undefined ? 0 : semanticCoverage(similarity);
    return {
      ...loaded.units[f.unit],
      score: f.score,
      coverage: Math.max(h?.coverage ?? 0, near),
      bodyMatches: Math.max(h?.bodyMatches ?? 0, near > 0 ? 1 : 0),
      terms: h?.terms ?? [],
      ...(similarity === undefined ? {} : { similarity }),
    };
  });
}

/** Below this a stored question is not "the same question" as the visitor's. */
export const QNA_THRESHOLD = 0.45;

export type QnaMatch = { id: string; question: string; answer: string; similarity: number };

/**
 * The active question-answer pair whose question is closest to the visitor's: trigram similarity,
 * raised when every term of the visitor's question occurs in the stored question.
 */
export async function matchQna(db: Queryable, q: { chatbotId: string; lang: string; question: string; indexVersion?: string }): Promise<QnaMatch | null> {
  const query = await qnaQuery(db, q, 0);
  return query ? runQna(db, query) : null;
}

async function runQna(db: Queryable, query: { text: string; params: unknown[] }) {
  return qnaResult((await db.query<QnaMatch>(query.text, query.params)).rows[0] ?? null);
}

const qnaResult = (best: QnaMatch | null) => (best && Number(best.similarity) >= QNA_THRESHOLD ? { ...best, similarity: Number(best.similarity) } : null);

/**
 * Each chatbot's active pairs' trigrams (qnaTrigrams.ts) for the index version they were read at: every change
 * of a pair changes its FAQ passage, which moves the version. At most QNA_PREFILTER_PAIRS pairs in all, the
 * chatbots asked least recently leaving first.
 */
const QNA_PREFILTER_PAIRS = 200_000;
/** A chatbot with more active pairs keeps none here: PostgreSQL compares its pairs' trigrams (`%`), as before. */
const QNA_PREFILTER_PAIRS_PER_CHATBOT = 50_000;
const qnaPrefilters = new LRUCache<string, { version: string; pairs: number; index: Promise<QnaTrigramIndex | null> }>({
  maxSize: QNA_PREFILTER_PAIRS,
  sizeCalculation: (e) => Math.max(1, e.pairs),
});
/** Candidates by trigrams are chosen below `%`'s 0.3 (see qnaTrigrams.ts); PostgreSQL scores them exactly. */
const QNA_PREFILTER_MIN = 0.25;

async function qnaPrefilter(db: Queryable, chatbotId: string, knownVersion?: string): Promise<QnaTrigramIndex | null> {
  const version = knownVersion ?? (await chatbotsRepo.indexVersion(db, chatbotId)) ?? '';
  const entry = qnaPrefilters.get(chatbotId);
  if (entry?.version === version) return entry.index;
  const fresh = {
    version,
    pairs: 1,
    index: qnaRepo.activeQuestions(db, chatbotId, QNA_PREFILTER_PAIRS_PER_CHATBOT + 1).then((pairs) => {
      if (pairs.length > QNA_PREFILTER_PAIRS_PER_CHATBOT) return null;
      fresh.pairs = pairs.length;
      return new QnaTrigramIndex(pairs);
    }),
  };
  qnaPrefilters.set(chatbotId, fresh);
  // Set again once read, so the cache counts its pairs; a failed read is not kept.
  fresh.index.then(
    () => {
      if (qnaPrefilters.peek(chatbotId) === fresh) qnaPrefilters.set(chatbotId, fresh);
    },
    () => {
      if (qnaPrefilters.peek(chatbotId) === fresh) qnaPrefilters.delete(chatbotId);
    },
  );
  return fresh.index;
}

/** matchQna's statement, its parameters numbered from `offset` + 1 (so that it can run inside another). Null: an empty question. */
async function qnaQuery(db: Queryable, q: { chatbotId: string; lang: string; question: string; indexVersion?: string }, offset: number) {
  const question = q.question.trim().slice(0, 1000);
  if (!question) return null;
  const [cfg, prefilter] = await Promise.all([tsConfigFor(db, q.lang), qnaPrefilter(db, q.chatbotId, q.indexVersion)]);
  const [p1, p2, p3, p4, p5] = [1, 2, 3, 4, 5].map((n) => `$${n + offset}`);
  // Only pairs that can reach the threshold are stemmed and scored: a question sharing enough trigrams (chosen
  // in this process, see qnaPrefilter), or one holding every term of the visitor's question, found through its
  // FAQ passage, whose question part has weight A. Stemming every pair's question for every visitor question
  // cost ~340 ms of database CPU with 10,000 pairs, comparing every pair's trigrams ~100 ms.
  const text = `with terms as (
       select nullif(array_to_string(array(select quote_literal(lexeme) || ':A' from unnest(to_tsvector(${p3}::regconfig, ${p4}))), ' & '), '')::tsquery as query),
     candidates as (
       select unnest(${p5}::uuid[]) as id
       union
       select id from qna where ${p5}::uuid[] is null and chatbot_id = ${p1} and active and lower(question) % lower(${p4})
       union
       select p.source_id from passages p, terms
        where p.chatbot_id = ${p1} and p.source_type = 'qna' and p.tsv @@ terms.query),
     c as (
       select id, question, answer, similarity(lower(question), lower(${p4})) as trgm,
              to_tsvector(${p3}::regconfig, question) @@ plainto_tsquery(${p3}::regconfig, ${p4}) as all_terms
         from qna
        where id in (select id from candidates) and chatbot_id = ${p1} and active and ${LANG_MATCH('lang', p2)})
     select id::text as id, question, answer,
            greatest(trgm, case when all_terms then 0.5 + 0.5 * trgm else 0 end)::float8 as similarity
       from c order by similarity desc, id limit 1`;
  return { text, params: [q.chatbotId, baseLang(q.lang), cfg, question, prefilter?.similar(question, QNA_PREFILTER_MIN) ?? null] as unknown[] };
}
