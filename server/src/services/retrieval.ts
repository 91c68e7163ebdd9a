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

/** A lexeme as a tsquery literal (already stemmed: cast, never re-parsed by a configuration). */
const lit = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The tsqueries tried in order, most demanding first: every term of the question, then any two
 * of its terms, then any one. A visitor's sentence rarely contains every word of the passage
 * that answers it, but the passages sharing most of its terms should come first; and a single
 * common word must not make the database rank half the index.
 */
export function queryStages(lexemes: string[]): string[] {
  const terms = [...new Set(lexemes)].slice(0, 12).map(lit);
  if (!terms.length) return [];
  if (terms.length === 1) return [terms[0]];
  const stages = [terms.join(' & ')];
  if (terms.length > 2) {
    const pairs: string[] = [];
    for (let i = 0; i < terms.length; i++) for (let j = i + 1; j < terms.length; j++) pairs.push(`(${terms[i]} & ${terms[j]})`);
    stages.push(pairs.join(' | '));
  }
  stages.push(terms.join(' | '));
  return stages;
}

/**
 * Rows each stage looks at before ranking: bounds the cost of a question made of common words.
 * The looser the stage, the weaker its matches, so the fewer are worth ranking.
 */
const CANDIDATES = [1000, 300, 100];

/** Ranked passages of the chatbot's index for a question, with their source. */
export async function retrieve(db: Queryable, q: { chatbotId: string; lang: string; question: string; limit?: number }): Promise<Passage[]> {
  const question = q.question.slice(0, 1000);
  if (!question.trim()) return [];
  const cfg = await tsConfigFor(db, q.lang);
  const limit = Math.min(Math.max(q.limit ?? 5, 1), 50);
  const lexemes = (await db.query<{ lexeme: string }>('select lexeme from unnest(to_tsvector($1::regconfig, $2))', [cfg, question])).rows.map((r) => r.lexeme);
  const stages = queryStages(lexemes);
  if (!stages.length) return [];
  const anyTerm = stages[stages.length - 1];
  const found: Passage[] = [];
  const seen = new Set<string>();
  for (const [i, stage] of stages.entries()) {
    const cap = CANDIDATES[Math.min(i, CANDIDATES.length - 1)] ?? 100;
    const r = await db.query<{
      id: string; text: string; score: number; source_type: Passage['source']['type']; source_id: string;
      url: string | null; title: string | null; name: string | null;
    }>(
      `with candidates as (
         select p.id, p.text, p.source_type, p.source_id, p.tsv
           from passages p
          where p.chatbot_id = $1 and p.lang = $2 and p.tsv @@ $3::tsquery
          limit ${cap}),
       hits as (
         select c.id, c.text, c.source_type, c.source_id, ts_rank_cd(c.tsv, $4::tsquery, 32) as score
           from candidates c order by score desc, c.id limit $5)
       select h.id::text as id, h.text, h.score, h.source_type, h.source_id::text as source_id,
              w.url, coalesce(w.title, qa.question) as title, d.name
         from hits h
         left join webpages w on h.source_type = 'webpage' and w.id = h.source_id
         left join documents d on h.source_type = 'document' and d.id = h.source_id
         left join qna qa on h.source_type = 'qna' and qa.id = h.source_id
        order by h.score desc, h.id`,
      [q.chatbotId, baseLang(q.lang), stage, anyTerm, limit],
    );
    for (const x of r.rows) {
      if (seen.has(x.id) || found.length >= limit) continue;
      seen.add(x.id);
      found.push({
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
      });
    }
    if (found.length >= limit) break;
  }
  return found;
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
