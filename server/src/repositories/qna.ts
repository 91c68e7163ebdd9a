import type { Queryable } from '../db/index.ts';
import type { QNA_SORT_FIELDS } from '../../../contract/api/training.ts';
import { insertQnaUnits } from './passages.ts';
import { HAS_LINK_SQL, type QnaRow } from '../training/qna.ts';
import { containsPattern, type ListPage } from './listing.ts';

/** The API's sort fields and the columns they order by. */
export const QNA_SORTABLE: Record<(typeof QNA_SORT_FIELDS)[number], string> = { question: 'question', answer: 'answer', createdAt: 'created_at', updatedAt: 'updated_at', active: 'active', id: 'id' };

export interface QnaFilter {
  chatbotId: string;
  lang?: string;
  active?: boolean;
  q?: string;
  fromChatHistory?: boolean;
  hasLink?: boolean;
  id?: string[];
}

const where = (f: QnaFilter, organizationId: string) => {
  const params: unknown[] = [organizationId, f.chatbotId];
  let sql = 'organization_id = $1 and chatbot_id = $2';
  if (f.lang) sql += ` and lang = $${params.push(f.lang)}`;
  if (f.active !== undefined) sql += ` and active = $${params.push(f.active)}`;
  if (f.fromChatHistory !== undefined) sql += ` and from_chat_history = $${params.push(f.fromChatHistory)}`;
  if (f.hasLink !== undefined) sql += ` and ${HAS_LINK_SQL} = $${params.push(f.hasLink)}`;
  if (f.q) sql += ` and (question ilike $${params.push(containsPattern(f.q))} or answer ilike $${params.length})`;
  if (f.id) sql += ` and id = any($${params.push(f.id)}::uuid[])`;
  return { sql, params };
};

/**
 * Question-answer pairs. Keeping the search index in step (syncQnaPassage) and imports are training/qna.ts;
 * callers have already checked that the chatbot (or pair) is the caller's.
 */
export const qnaRepo = {
  async list(db: Queryable, organizationId: string, f: QnaFilter, page: ListPage) {
    const w = where(f, organizationId);
    const total = (await db.query<{ n: number }>(`select count(*)::int n from qna where ${w.sql}`, w.params)).rows[0].n;
    const rows = await db.query<QnaRow>(`select * from qna where ${w.sql} order by ${page.orderBy}, id limit ${page.limit} offset ${page.offset}`, w.params);
    return { total, rows: rows.rows };
  },
  /** All pairs the filter matches, in `orderBy` (a QNA_SORTABLE column and direction; oldest first by default): the xlsx export. */
  async listForExport(db: Queryable, organizationId: string, f: QnaFilter, orderBy = 'created_at') {
    const w = where(f, organizationId);
    return (await db.query<{ question: string; answer: string }>(`select question, answer from qna where ${w.sql} order by ${orderBy}, id`, w.params)).rows;
  },
  async create(
    db: Queryable,
    bot: { id: string; organization_id: string },
    p: { lang: string; question: string; answer: string; active: boolean; fromChatHistory: boolean },
  ) {
    const r = await db.query<QnaRow>(
      'insert into qna (organization_id, chatbot_id, lang, question, answer, active, from_chat_history) values ($1, $2, $3, $4, $5, $6, $7) returning *',
      [bot.organization_id, bot.id, p.lang, p.question, p.answer, p.active, p.fromChatHistory],
    );
    return r.rows[0];
  },
  async update(db: Queryable, id: string, p: { question: string; answer: string; active: boolean }) {
    const r = await db.query<QnaRow>(
      'update qna set question = $2, answer = $3, active = $4, updated_at = now() where id = $1 returning *',
      [id, p.question, p.answer, p.active],
    );
    return r.rows[0];
  },
  /** (De)activates the pairs among `ids` that are the chatbot's; returns those. */
  async setActive(db: Queryable, organizationId: string, chatbotId: string, ids: string[], active: boolean) {
    const r = await db.query<QnaRow>(
      'update qna set active = $4, updated_at = now() where organization_id = $1 and chatbot_id = $2 and id = any($3::uuid[]) returning *',
      [organizationId, chatbotId, ids, active],
    );
    return r.rows;
  },
  async remove(db: Queryable, id: string) {
    await db.query('delete from qna where id = $1', [id]);
  },
  /** The chatbot's active pairs' questions, at most `limit`. */
  async activeQuestions(db: Queryable, chatbotId: string, limit: number) {
    return (await db.query<{ id: string; question: string }>('select id::text as id, question from qna where chatbot_id = $1 and active limit $2', [chatbotId, limit])).rows;
  },
  async questionsOf(db: Queryable, chatbotId: string, lang: string) {
    return (await db.query<{ question: string }>('select question from qna where chatbot_id = $1 and lang = $2', [chatbotId, lang])).rows.map((r) => r.question);
  },
  /**
   * Inserts active pairs in their order together with their FAQ units, in one statement: an import of
   * thousands of rows sends its texts once and gets nothing back (no ids to send again for the units).
   */
  async createManyIndexed(
    db: Queryable,
    bot: { organizationId: string; chatbotId: string; lang: string },
    index: { lang: string; tsConfig: string },
    pairs: { question: string; answer: string }[],
  ) {
    await db.query(
      `with pairs as (
         insert into qna (organization_id, chatbot_id, lang, question, answer)
         select $3, $4, $5, x.q, x.a from unnest($6::text[], $7::text[]) with ordinality as x(q, a, n) order by x.n
         returning *)
       ${insertQnaUnits('$1', '$2')} from pairs`,
      [index.lang, index.tsConfig, bot.organizationId, bot.chatbotId, bot.lang, pairs.map((t) => t.question), pairs.map((t) => t.answer)],
    );
  },
};
