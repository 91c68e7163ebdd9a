import type { Queryable } from '../db/index.ts';
import { baseLang, tsConfigFor } from '../training/lang.ts';

export interface Passage {
  id: string;
  text: string;
  score: number;
  source: { type: 'webpage' | 'document' | 'qna'; id: string; url?: string; title?: string; name?: string };
}

/** Matches in the same base language: a chatbot trained in de answers de-AT visitors. */
const LANG_MATCH = (col: string, p: string) =>
  `(lower(${col}) = ${p} or lower(${col}) like ${p} || '-%' or (${p} = 'it' and ${col} = 'italian') or (${p} = 'zh' and ${col} = 'cn'))`;

/**
 * The question as an OR of its stemmed terms: a visitor's sentence rarely contains every
 * word of the passage that answers it; ranking puts the passages with most terms first.
 */
const ANY_TERM = `nullif(replace(plainto_tsquery($3::regconfig, $4)::text, ' & ', ' | '), '')::tsquery`;

/** Ranked passages of the chatbot's index for a question, with their source. */
export async function retrieve(db: Queryable, q: { chatbotId: string; lang: string; question: string; limit?: number }): Promise<Passage[]> {
  const question = q.question.slice(0, 1000);
  if (!question.trim()) return [];
  const cfg = await tsConfigFor(db, q.lang);
  const limit = Math.min(Math.max(q.limit ?? 5, 1), 50);
  const r = await db.query<{
    id: string; text: string; score: number; source_type: Passage['source']['type']; source_id: string;
    url: string | null; title: string | null; name: string | null;
  }>(
    `with q as (select ${ANY_TERM} as tq),
     hits as (
       select p.id, p.text, p.source_type, p.source_id, ts_rank_cd(p.tsv, q.tq, 32) as score
         from passages p, q
        where q.tq is not null and p.chatbot_id = $1 and p.lang = $2 and p.tsv @@ q.tq
        order by score desc, p.id
        limit $5)
     select h.id::text as id, h.text, h.score, h.source_type, h.source_id::text as source_id,
            w.url, coalesce(w.title, qa.question) as title, d.name
       from hits h
       left join webpages w on h.source_type = 'webpage' and w.id = h.source_id
       left join documents d on h.source_type = 'document' and d.id = h.source_id
       left join qna qa on h.source_type = 'qna' and qa.id = h.source_id
      order by h.score desc, h.id`,
    [q.chatbotId, baseLang(q.lang), cfg, question, limit],
  );
  return r.rows.map((x) => ({
    id: x.id,
    text: x.text,
    score: Number(x.score),
    source: {
      type: x.source_type,
      id: x.source_id,
      ...(x.url ? { url: x.url } : {}),
      ...(x.title ? { title: x.title } : {}),
      ...(x.name ? { name: x.name } : {}),
    },
  }));
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
