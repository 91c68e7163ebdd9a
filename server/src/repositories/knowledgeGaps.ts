import type { Queryable } from '../db/index.ts';
import type { AnswerSource } from '../../../contract/answerSource.ts';

export interface GapCandidateRow {
  id: string;
  question: string;
  answer: string | null;
  answered_by: 'qna' | 'retrieval' | 'llm' | 'fallback' | null;
  sources: AnswerSource[] | null;
  score: number | null;
  feedback_rating: 'up' | 'down' | null;
  created_at: string;
  lang: string;
  /** The stored group key (migration 150), with the configuration it was made under and its trigrams; null: not made yet. */
  gap_key: string | null;
  gap_ts_config: string | null;
  gap_trigrams: string[] | null;
}

export interface GapStateRow {
  lang: string;
  group_key: string;
  status: 'dismissed' | 'answered' | 'closed';
  qna_id: string | null;
  decided_at: string;
}

/** Messages read per list at most (newest first): enough for any period a customer reviews at once. */
export const MAX_GAP_MESSAGES = 5000;
/** Distinct question keys compared pairwise by trigram similarity at most (the most recent ones). */
export const MAX_SIMILARITY_KEYS = 1000;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export interface CandidateFilter {
  organizationId: string;
  chatbotId: string;
  lang: string | null;
  since: Date | null;
  lowQnaScore: number;
  unsure: readonly string[];
}

/** The messages that may be gaps: declined, thumbs-down, a weak Q&A match, an answer that offers a person. */
function candidateWhere(f: CandidateFilter) {
  const params: unknown[] = [f.organizationId, f.chatbotId, f.lowQnaScore, [...f.unsure]];
  let where = 'm.organization_id = $1 and m.chatbot_id = $2';
  if (f.lang) where += ` and c.lang = $${params.push(f.lang)}`;
  if (f.since) where += ` and m.created_at >= $${params.push(f.since.toISOString())}`;
  where += ` and (m.answered_by = 'fallback' or m.feedback_rating = 'down'
               or (m.answered_by = 'qna' and m.score < $3)
               or (m.answered_by in ('retrieval', 'llm') and m.answer is not null
                   and exists (select 1 from unnest($4::text[]) u where strpos(m.answer, u) > 0)))`;
  return { where, params };
}

/**
 * SQL of the knowledge gaps: the candidate messages (declined, unsure, thumbs-down, weak Q&A match), the
 * normalised terms of questions, similar keys, and the decisions stored per group member. Callers have
 * checked that the chatbot is the caller's.
 */
export const knowledgeGapsRepo = {
  async candidates(db: Queryable, f: CandidateFilter): Promise<GapCandidateRow[]> {
    const { where, params } = candidateWhere(f);
    // A key's trigrams come with its newest message only: the same arrays thousands of times cost more to read than to skip.
    const r = await db.query<GapCandidateRow>(
      `select m.id, m.question, m.answer, m.answered_by, m.sources, m.score, m.feedback_rating, m.created_at, c.lang,
              k.key as gap_key, k.ts_config as gap_ts_config,
              case when row_number() over (partition by c.lang, k.ts_config, k.key order by m.created_at desc, m.id desc) = 1 then k.trigrams end as gap_trigrams
         from messages m join chats c on c.id = m.chat_id
         left join message_gap_keys k on k.message_id = m.id
        where ${where}
        order by m.created_at desc, m.id desc
        limit ${MAX_GAP_MESSAGES}`,
      params,
    );
    return r.rows.map((row) => ({ ...row, created_at: iso(row.created_at), score: row.score === null ? null : Number(row.score) }));
  },

  /**
   * What the candidates of a filter are made of, in one line: how many, the sums of their times and of their
   * texts' hashes, the newest question, the latest rating and how many are rated down. A new question, a
   * rating, a deletion, an edited text or the period moving past a question changes it, so groups computed
   * from equal fingerprints are the same groups.
   */
  async fingerprint(db: Queryable, f: CandidateFilter): Promise<string> {
    const { where, params } = candidateWhere(f);
    const r = await db.query<{ fingerprint: string }>(
      `select concat_ws('|', count(*), sum(extract(epoch from m.created_at)), max(m.created_at), max(m.feedback_at),
                        count(*) filter (where m.feedback_rating = 'down'),
                        sum(hashtext(m.question)), sum(hashtext(coalesce(m.answer, '')))) as fingerprint
         from messages m join chats c on c.id = m.chat_id
        where ${where}`,
      params,
    );
    return r.rows[0].fingerprint;
  },

  /** The lexemes of each text under a text-search configuration, in the texts' order. */
  async lexemes(db: Queryable, config: string, texts: string[]): Promise<string[][]> {
    if (!texts.length) return [];
    const r = await db.query<{ lexemes: string[] }>(
      `select array(select lexeme from unnest(to_tsvector($1::regconfig, x.t)) order by lexeme) as lexemes
         from unnest($2::text[]) with ordinality as x(t, n) order by x.n`,
      [config, texts],
    );
    return r.rows.map((row) => row.lexemes);
  },

  /**
   * Stores the group key of each message (made under `config`) with the key's trigrams as pg_trgm extracts them
   * (show_trgm: similarity() compares these sets); returns each distinct key's trigrams.
   */
  async storeKeys(db: Queryable, config: string, messageIds: string[], keys: string[]): Promise<Map<string, string[]>> {
    if (!messageIds.length) return new Map();
    const r = await db.query<{ key: string; trigrams: string[] }>(
      `with t as (select d.k, show_trgm(d.k) as trigrams from (select distinct unnest($3::text[]) as k) d),
            stored as (
              insert into message_gap_keys (message_id, ts_config, key, trigrams)
              select x.m, $1, x.k, t.trigrams from unnest($2::uuid[], $3::text[]) as x(m, k) join t on t.k = x.k
              on conflict (message_id) do update set ts_config = excluded.ts_config, key = excluded.key, trigrams = excluded.trigrams)
       select k as key, trigrams from t`,
      [config, messageIds, keys],
    );
    return new Map(r.rows.map((row) => [row.key, row.trigrams]));
  },

  async states(db: Queryable, chatbotId: string, lang: string | null): Promise<GapStateRow[]> {
    const r = await db.query<GapStateRow>(
      `select lang, group_key, status, qna_id, decided_at from knowledge_gap_states
        where chatbot_id = $1 and ($2::text is null or lang = $2)`,
      [chatbotId, lang],
    );
    return r.rows.map((row) => ({ ...row, decided_at: iso(row.decided_at) }));
  },

  /** Stores one decision for every key of a group (a later decision replaces an earlier one). */
  async decide(
    db: Queryable,
    d: { organizationId: string; chatbotId: string; lang: string; keys: string[]; status: GapStateRow['status']; qnaId: string | null },
  ) {
    await db.query(
      `insert into knowledge_gap_states (chatbot_id, organization_id, lang, group_key, status, qna_id, decided_at)
       select $1, $2, $3, k, $5, $6, now() from unnest($4::text[]) as k
       on conflict (chatbot_id, lang, group_key)
       do update set status = excluded.status, qna_id = coalesce(excluded.qna_id, knowledge_gap_states.qna_id), decided_at = now()`,
      [d.chatbotId, d.organizationId, d.lang, d.keys, d.status, d.qnaId],
    );
  },

  /** The chatbot's pairs in the language whose question is most like `question` (trigram similarity). */
  async nearestPairs(db: Queryable, chatbotId: string, lang: string, question: string, limit = 3) {
    const r = await db.query<{ id: string; question: string; answer: string; active: boolean; similarity: number }>(
      `select id, question, answer, active, similarity(lower(question), lower($3))::float8 as similarity
         from qna where chatbot_id = $1 and lang = $2 and similarity(lower(question), lower($3)) >= 0.2
        order by similarity desc, id limit $4`,
      [chatbotId, lang, question.slice(0, 2000), limit],
    );
    return r.rows.map((row) => ({ ...row, similarity: Math.round(Number(row.similarity) * 1000) / 1000 }));
  },

  /** The pair if it is the chatbot's (and the organization's). */
  async pairOfChatbot(db: Queryable, organizationId: string, chatbotId: string, id: string) {
    const r = await db.query<{ id: string }>('select id from qna where id = $1 and chatbot_id = $2 and organization_id = $3', [id, chatbotId, organizationId]);
    return r.rows[0]?.id ?? null;
  },
};
