import type { Queryable } from '../db/index.ts';
import type { UnitKind } from '../training/chunk.ts';
import { baseLang, tsConfigFor } from '../training/lang.ts';
import { normalizeForIndex, stripQuestionFillers } from '../training/normalize.ts';
import { GLOSSARY } from './glossary.ts';
import { SearchIndex, parseTsvector, type Hit } from './searchIndex.ts';

export interface Passage {
  id: string;
  text: string;
  score: number;
  source: { type: 'webpage' | 'document' | 'qna'; id: string; url?: string; title?: string; name?: string };
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
}

interface Loaded {
  version: string;
  index: SearchIndex;
  units: Omit<RetrievedPassage, 'score' | 'coverage' | 'bodyMatches' | 'terms'>[];
  configs: Map<string, string>; // base language → text-search configuration
}

/** Indexes of the chatbots asked recently, newest last; each is rebuilt when its chatbot's index_version moves. */
const cache = new Map<string, Promise<Loaded>>();
const CACHE_CHATBOTS = 50;

async function load(db: Queryable, chatbotId: string, version: string): Promise<Loaded> {
  const r = await db.query<{
    id: string; lang: string; heading: string; kind: UnitKind; text: string; tsv: string;
    source_type: Passage['source']['type']; source_id: string; url: string | null; title: string | null; name: string | null;
  }>(
    `select p.id::text as id, p.lang, p.heading, p.kind, p.text, p.tsv::text as tsv, p.source_type, p.source_id::text as source_id,
            w.url, coalesce(w.title, qa.question) as title, d.name
       from passages p
       left join webpages w on p.source_type = 'webpage' and w.id = p.source_id
       left join documents d on p.source_type = 'document' and d.id = p.source_id
       left join qna qa on p.source_type = 'qna' and qa.id = p.source_id
      where p.chatbot_id = $1
      order by p.source_type, p.source_id, p.ord`,
    [chatbotId],
  );
  const units = r.rows.map((x) => ({
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
  }));
  const index = new SearchIndex(r.rows.map((x) => ({ id: x.id, lang: x.lang, terms: parseTsvector(x.tsv) })));
  const configs = new Map<string, string>();
  for (const lang of index.languages()) configs.set(lang, await tsConfigFor(db, lang));
  return { version, index, units, configs };
}

async function indexFor(db: Queryable, chatbotId: string): Promise<Loaded | null> {
  const v = await db.query<{ v: string }>('select index_version::text as v from chatbots where id = $1', [chatbotId]);
  if (!v.rows[0]) return null;
  const version = v.rows[0].v;
  let entry = cache.get(chatbotId);
  if (entry) {
    const loaded = await entry.catch(() => null);
    if (loaded && loaded.version === version) {
      cache.delete(chatbotId);
      cache.set(chatbotId, entry);
      return loaded;
    }
  }
  entry = load(db, chatbotId, version);
  cache.delete(chatbotId);
  cache.set(chatbotId, entry);
  entry.catch(() => cache.delete(chatbotId));
  while (cache.size > CACHE_CHATBOTS) cache.delete(cache.keys().next().value!);
  return entry;
}

/** The glossary's groups as lexemes of one configuration: single words, and phrases as the set of their lexemes. */
type LexemeGroup = { words: string[]; phrases: string[][] };
const glossaries = new WeakMap<object, Map<string, Promise<LexemeGroup[]>>>();

function glossaryFor(db: Queryable, cfg: string): Promise<LexemeGroup[]> {
  let byCfg = glossaries.get(db);
  if (!byCfg) glossaries.set(db, (byCfg = new Map()));
  let groups = byCfg.get(cfg);
  if (!groups) {
    const flat = GLOSSARY.flatMap((g, i) => g.map((w) => ({ i, w })));
    groups = db
      .query<{ i: number; lexemes: string[] }>(
        `select x.i, array(select lexeme from unnest(to_tsvector($1::regconfig, x.w))) as lexemes
           from unnest($2::int[], $3::text[]) as x(i, w)`,
        [cfg, flat.map((f) => f.i), flat.map((f) => f.w)],
      )
      .then((r) => {
        const out: LexemeGroup[] = GLOSSARY.map(() => ({ words: [], phrases: [] }));
        for (const row of r.rows) {
          if (row.lexemes.length === 1) out[row.i].words.push(row.lexemes[0]);
          else if (row.lexemes.length > 1) out[row.i].phrases.push(row.lexemes);
        }
        return out;
      });
    groups.catch(() => byCfg!.delete(cfg));
    byCfg.set(cfg, groups);
  }
  return groups;
}

/**
 * For each question lexeme that names a glossary concept, the concept's other words. A phrase
 * ("dog sitter") names it when all its words are in the question; its last word carries it.
 */
function glossaryMatches(groups: LexemeGroup[], lexemes: string[]): Map<string, string[]> {
  const inQuestion = new Set(lexemes);
  const out = new Map<string, string[]>();
  for (const g of groups) {
    const carriers = g.words.filter((w) => inQuestion.has(w));
    for (const p of g.phrases) if (p.every((w) => inQuestion.has(w))) carriers.push(p[p.length - 1]);
    for (const c of carriers) out.set(c, [...new Set([...(out.get(c) ?? []), ...g.words])]);
  }
  return out;
}

/**
 * Ranked units of the chatbot's index for a question, in every language the chatbot has content
 * in: the question is parsed with each language's configuration, and units in the visitor's
 * language rank first among equals.
 */
export async function retrieve(
  db: Queryable,
  q: { chatbotId: string; lang: string; question: string; limit?: number },
): Promise<RetrievedPassage[]> {
  const question = normalizeForIndex(stripQuestionFillers(q.question.slice(0, 1000)));
  if (!question.trim()) return [];
  const loaded = await indexFor(db, q.chatbotId);
  if (!loaded || !loaded.index.size) return [];
  const limit = Math.min(Math.max(q.limit ?? 5, 1), 50);
  const langs = [...loaded.configs.keys()];
  // The question in each language's configuration; for the other languages, without the words that
  // are stop words in the visitor's own language ("the", "if", "at" mean nothing on a German page).
  const visitorCfg = await tsConfigFor(db, q.lang);
  const r = await db.query<{ lang: string; lexemes: string[] }>(
    `with content as (
       select coalesce(string_agg(token, ' '), '') as words from ts_debug($4::regconfig, $1) where lexemes is not null and lexemes <> '{}')
     select x.lang, array(select lexeme from unnest(to_tsvector(x.cfg::regconfig,
              case when x.cfg = $4::text then $1 else (select words from content) end)) order by lexeme) as lexemes
       from unnest($2::text[], $3::text[]) as x(lang, cfg)`,
    [question, langs, langs.map((l) => loaded.configs.get(l)!), visitorCfg],
  );
  const byLang = new Map(r.rows.map((x) => [x.lang, x.lexemes]));
  const synonyms = new Map<string, Map<string, string[]>>();
  for (const [lang, lexemes] of byLang) synonyms.set(lang, glossaryMatches(await glossaryFor(db, loaded.configs.get(lang)!), lexemes));
  const hits = loaded.index.search(byLang, { limit, preferLang: baseLang(q.lang), otherLangFactor: 0.4, synonyms });
  return hits.map((h) => ({ ...loaded.units[h.index], score: h.score, coverage: h.coverage, bodyMatches: h.bodyMatches, terms: h.terms }));
}

/** Below this a stored question is not "the same question" as the visitor's. */
export const QNA_THRESHOLD = 0.45;

/**
 * The active question-answer pair whose question is closest to the visitor's: trigram similarity,
 * raised when every term of the visitor's question occurs in the stored question.
 */
export async function matchQna(
  db: Queryable,
  q: { chatbotId: string; lang: string; question: string },
): Promise<{ id: string; question: string; answer: string; similarity: number } | null> {
  const question = q.question.trim().slice(0, 1000);
  if (!question) return null;
  const cfg = await tsConfigFor(db, q.lang);
  const r = await db.query<{ id: string; question: string; answer: string; similarity: number }>(
    `with c as (
       select id, question, answer, similarity(lower(question), lower($4)) as trgm,
              to_tsvector($3::regconfig, question) @@ plainto_tsquery($3::regconfig, $4) as all_terms
         from qna
        where chatbot_id = $1 and active and ${LANG_MATCH('lang', '$2')})
     select id::text as id, question, answer,
            greatest(trgm, case when all_terms then 0.5 + 0.5 * trgm else 0 end)::float8 as similarity
       from c order by similarity desc, id limit 1`,
    [q.chatbotId, baseLang(q.lang), cfg, question],
  );
  const best = r.rows[0];
  return best && best.similarity >= QNA_THRESHOLD ? { ...best, similarity: Number(best.similarity) } : null;
}
