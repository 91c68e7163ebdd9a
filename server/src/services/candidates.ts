/**
 * Candidate units of a large chatbot, straight from PostgreSQL. A chatbot with more units than fit
 * an in-memory index comfortably (see MAX_IN_MEMORY_UNITS) is searched in two steps: the GIN index
 * finds units holding any of the question's words (or their glossary synonyms), the best few hundred
 * by `ts_rank_cd` come back, and the same in-memory ranking as for small chatbots orders those. The
 * cost then follows the question, not the size of the index.
 */
import type { Queryable } from '../db/index.ts';
import { PostingsIndexBuilder, type PostingsIndex } from './postingsIndex.ts';
import { planOnce } from '../db/planOnce.ts';

/** Above this many units a chatbot is searched through candidates instead of a full in-memory index. */
export const MAX_IN_MEMORY_UNITS = 20_000;

/** Rows looked at before ranking (bounds the cost of a question made of common words), and rows ranked in memory. */
const SCAN = 1000;
const KEEP = 80;

export interface CandidateRow {
  id: string;
  lang: string;
  heading: string;
  kind: 'text' | 'row' | 'faq' | 'list';
  text: string;
  tsv: string;
  source_type: 'webpage' | 'document' | 'qna';
  source_id: string;
  url: string | null;
  title: string | null;
  name: string | null;
}

/** A unit as answering and citing need it: its text, and the source's address, title or name (no vector). */
export type UnitRow = Omit<CandidateRow, 'tsv'>;

const unitsWith = (columns: string) => `select p.id::text as id, p.lang, p.heading, p.kind, p.text, ${columns}p.source_type, p.source_id::text as source_id,
         w.url, coalesce(w.title, qa.question) as title, d.name
    from passages p
    left join webpages w on p.source_type = 'webpage' and w.id = p.source_id
    left join documents d on p.source_type = 'document' and d.id = p.source_id
    left join qna qa on p.source_type = 'qna' and qa.id = p.source_id`;

/** Units with what ranking and citing need: the vector, and the source's address, title or name. Add the where clause. */
export const UNITS = unitsWith('p.tsv::text as tsv, ');

/** A lexeme as a tsquery literal (already stemmed: cast, never re-parsed by a configuration). */
const literal = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Any of the words, as a tsquery; null when there is none. */
export function anyOf(lexemes: Iterable<string>): string | null {
  const terms = [...new Set(lexemes)].filter(Boolean).slice(0, 64).map(literal);
  return terms.length ? terms.join(' | ') : null;
}

export async function candidateUnits(db: Queryable, chatbotId: string, queries: Map<string, string>): Promise<CandidateRow[]> {
  const langs = [...queries.keys()];
  if (!langs.length) return [];
  const r = await db.query<CandidateRow>(
    `with q as (select x.lang, x.query::tsquery as query from unnest($2::text[], $3::text[]) as x(lang, query)),
     scan as (
       select p.id from passages p join q on q.lang = p.lang
        where p.chatbot_id = $1 and p.tsv @@ q.query
        limit ${SCAN}),
     ranked as (
       select p.id from passages p join scan s on s.id = p.id join q on q.lang = p.lang
        order by ts_rank_cd(p.tsv, q.query, 32) desc, p.id limit ${KEEP})
     select p.id::text as id, p.lang, p.heading, p.kind, p.text, p.tsv::text as tsv, p.source_type, p.source_id::text as source_id,
            w.url, coalesce(w.title, qa.question) as title, d.name
       from passages p join ranked r on r.id = p.id
       left join webpages w on p.source_type = 'webpage' and w.id = p.source_id
       left join documents d on p.source_type = 'document' and d.id = p.source_id
       left join qna qa on p.source_type = 'qna' and qa.id = p.source_id`,
    [chatbotId, langs, langs.map((l) => queries.get(l)!)],
  );
  return r.rows;
}

/** Units read per statement while a postings index is built: the event loop serves others in between. */
const LOAD_BATCH = 5000;

/** The chatbot's postings index, read in batches in id order (see postingsIndex.ts). */
export async function loadPostings(db: Queryable, chatbotId: string): Promise<PostingsIndex> {
  const builder = new PostingsIndexBuilder();
  let after = '0'; // ids are a bigserial
  for (;;) {
    const r = await db.query<{ id: string; lang: string; tsv: string }>(
      `select p.id::text as id, p.lang, p.tsv::text as tsv from passages p where p.chatbot_id = $1 and p.id > $2::bigint order by p.id limit ${LOAD_BATCH}`,
      [chatbotId, after],
    );
    for (const row of r.rows) builder.add(row.id, row.lang, row.tsv);
    if (r.rows.length < LOAD_BATCH) return builder.build();
    after = r.rows[r.rows.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The units with these ids, without their vectors, by id (a unit deleted meanwhile is left out). */
/** Units by id: a lookup by key, planned once (see planOnce). */
const UNITS_BY_IDS = planOnce(`${unitsWith('')} where p.id = any($1::bigint[])`);

export async function unitsByIds(db: Queryable, ids: string[]): Promise<Map<string, UnitRow>> {
  if (!ids.length) return new Map();
  const r = await db.query<UnitRow>(UNITS_BY_IDS, [ids]);
  return new Map(r.rows.map((row) => [row.id, row]));
}
