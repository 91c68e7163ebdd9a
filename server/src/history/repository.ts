/** SQL of the chat history. Every statement is scoped by the caller's organization. */
import type { Queryable } from '../db/index.ts';
import type { ChatRow } from '../repositories/conversations.ts';
import type { QnaRow } from '../training/qna.ts';
import type { LeadField } from '../runtime/uiConfig.ts';
import { CHAT_COUNT_CAP, type ChatCursor, type ChatSortField } from '../../../contract/api/history.ts';
import { chatWhere, fullWhere, type Category, type ChatFilter, type WhereParts } from './filters.ts';

export interface ChatListRow extends ChatRow {
  /** The visitor's first question: the list's preview line. */
  preview: string | null;
  /** The sort field's value (UTC, microseconds) for the next page's cursor; null when sorting by id. */
  sort_key: string | null;
}

export interface MessageRow {
  id: string;
  chat_id: string;
  question: string;
  translated_text: string | null;
  translated_lang: string | null;
  answer: string | null;
  optimized_answer: string | null;
  optimized_qna_id: string | null;
  sources: unknown[];
  score: number | null;
  answered_by: string | null;
  created_at: string;
  feedback_rating: 'up' | 'down' | null;
  feedback_comment: string | null;
  feedback_at: string | null;
}

/** One message of the CSV export, with its chat's fields. */
export interface ExportRow {
  chat_id: string;
  date: string;
  category: Category;
  question: string;
  answer: string | null;
  optimized_answer: string | null;
  translated_text: string | null;
  feedback_rating: 'up' | 'down' | null;
  feedback_comment: string | null;
  lead: Partial<Record<LeadField, string>> | null;
}

/** Each count exact up to `cap`; `cap` + 1 means more than that (see CHAT_COUNT_CAP). */
export interface ChatCounts {
  categories: { all: number; general: number; contact: number; hr: number };
  readStates: { all: number; read: number; unread: number };
  cap: number;
}

/** Everything of a chat but its search vector (which can be large and is only for the WHERE clause). */
const CHAT_COLUMNS = (a = 'c') =>
  ['id', 'chatbot_id', 'organization_id', 'visitor_id', 'lang', 'category', 'read', 'favorite', 'lead', 'lead_submitted_at', 'person_requested', 'source', 'created_at', 'last_message_at', 'message_count']
    .map((col) => `${a}.${col}`)
    .join(', ');

const MESSAGE_COLUMNS =
  'm.id, m.chat_id, m.question, m.translated_text, m.translated_lang, m.answer, m.optimized_answer, m.optimized_qna_id, m.sources, m.score, m.answered_by, m.created_at, m.feedback_rating, m.feedback_comment, m.feedback_at';

/** Same normalisation as the xlsx import's duplicate check: case, inner spaces, closing punctuation. */
const NORMALIZED_QUESTION = (expr: string) => `regexp_replace(regexp_replace(lower(btrim(${expr})), '\\s+', ' ', 'g'), '[?!.\\s]+$', '')`;

/** The columns the list's sort fields order by (the chat's id breaks ties, in the same direction). */
const SORT_COLUMNS: Record<ChatSortField, string> = { createdAt: 'c.created_at', lastMessageAt: 'c.last_message_at', id: 'c.id' };

/** A page of the list: by OFFSET, or (with `after`) the chats following a cursor, sought in the index. */
export interface ChatPage {
  field: ChatSortField;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
  after?: ChatCursor;
}

/** How many of the newest chats a text search tries first (see list). */
const PROBE_CHATS = 2000;
/** How many chats a text search's counts try before the text index (see cappedCounts). */
const COUNT_PROBE_CHATS = 5000;

/**
 * How many chats match the filters and each of `conditions` (SQL on `c`), each exact up to CHAT_COUNT_CAP and
 * CHAT_COUNT_CAP + 1 past it. Without a text search each count stops there: it reads at most that many entries
 * of an index instead of every matching chat. A text search first tries COUNT_PROBE_CHATS chats under the other
 * filters (one condition alone is one of them), one pass for all conditions: a condition with more than the cap
 * among them is settled, and so is every one when they are all the chats there are. The rest are counted in
 * one pass over the text index's matches (what every count cost before the cap): a rare word, or a common
 * word under narrow filters.
 */
async function cappedCounts(db: Queryable, w: WhereParts, conditions: string[]): Promise<number[]> {
  const cap = (n: number) => Math.min(n, CHAT_COUNT_CAP + 1);
  if (!w.text) {
    const capped = (cond: string) => `(select count(*)::int from (select 1 from chats c where ${w.base} and ${cond} limit ${CHAT_COUNT_CAP + 1}) x)`;
    const row = (await db.query<Record<string, number>>(`select ${conditions.map((cond, i) => `${capped(cond)} as n${i}`).join(', ')}`, w.params)).rows[0];
    return conditions.map((_, i) => row[`n${i}`]);
  }
  const counting = (from: string, matched: string, todo: number[]) =>
    `select count(*)::int as probed, ${todo.map((i) => `count(*) filter (where ${matched} and ${conditions[i]})::int as n${i}, count(*) filter (where ${conditions[i]})::int as r${i}`).join(', ')} from ${from}`;
  const narrowed = conditions.length === 1 ? `${w.plain} and ${conditions[0]}` : w.plain;
  const probe = (
    await db.query<Record<string, number>>(
      `with p as materialized (select c.category, c.read, ${w.text} as hit from chats c where ${narrowed} limit ${COUNT_PROBE_CHATS})
       ${counting('p c', 'hit', conditions.map((_, i) => i))}`,
      w.params,
    )
  ).rows[0];
  const counts = conditions.map((_, i) => cap(probe[`n${i}`]));
  if (probe.probed < COUNT_PROBE_CHATS) return counts;
  let open = counts.flatMap((n, i) => (n > CHAT_COUNT_CAP ? [] : [i]));
  // A condition the word matches often but whose chats were few in the probe (a read state, a category) gets a
  // probe of its own chats: when the rate holds, it passes the cap there, cheaper than the text index's pass.
  const often = open.filter((i) => probe[`r${i}`] > 0 && (probe[`n${i}`] / probe[`r${i}`]) * COUNT_PROBE_CHATS > CHAT_COUNT_CAP * 1.2);
  if (often.length) {
    const own = (
      await db.query<Record<string, number>>(
        `with ${often.map((i) => `p${i} as materialized (select ${w.text} as hit from chats c where ${w.plain} and ${conditions[i]} limit ${COUNT_PROBE_CHATS})`).join(', ')}
         select ${often.map((i) => `(select count(*)::int from p${i}) as r${i}, (select count(*)::int from p${i} where hit) as n${i}`).join(', ')}`,
        w.params,
      )
    ).rows[0];
    // Settled past the cap, or exact when the probe held all of the condition's chats.
    const settled = often.filter((i) => own[`n${i}`] > CHAT_COUNT_CAP || own[`r${i}`] < COUNT_PROBE_CHATS);
    for (const i of settled) counts[i] = cap(own[`n${i}`]);
    open = open.filter((i) => !settled.includes(i));
  }
  if (!open.length) return counts;
  const rest = (await db.query<Record<string, number>>(`${counting(w.from, 'true', open)} where ${w.base}`, w.params)).rows[0];
  for (const i of open) counts[i] = cap(rest[`n${i}`]);
  return counts;
}

export const historyRepo = {
  /**
   * A page of chats with their preview line and each one's cursor key. The preview is read only for the
   * page's own chats (outside the subquery that sorts, skips and limits), not for chats an OFFSET skips.
   * With a text search, the newest PROBE_CHATS chats under the other filters are searched first: when
   * they hold the whole page, it is the page (they are the start of the order), found without collecting
   * every match of a common word from the text index; otherwise the text index answers.
   */
  async list(db: Queryable, orgId: string, f: ChatFilter, page: ChatPage) {
    const w = chatWhere(f, orgId);
    const col = SORT_COLUMNS[page.field];
    const orderBy = page.field === 'id' ? `c.id ${page.order}` : `${col} ${page.order}, c.id ${page.order}`;
    let seek: string | null = null;
    if (page.after) {
      // Both columns in one direction, as the keyset indexes of migration 130 hold them.
      const op = page.order === 'DESC' ? '<' : '>';
      const id = `$${w.params.push(page.after.id)}::uuid`;
      seek = page.field === 'id' ? `c.id ${op} ${id}` : `(${col}, c.id) ${op} ($${w.params.push(page.after.key)}::timestamptz, ${id})`;
    }
    // The stored value to the microsecond, in UTC: the cursor compares exactly what the database holds.
    const key = page.field === 'id' ? 'null' : `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    const pageOf = async (from: string, where: (string | null)[]) =>
      (
        await db.query<ChatListRow>(
          `select c.*, (select m.question from messages m where m.chat_id = c.id order by m.created_at, m.id limit 1) as preview
             from (select ${CHAT_COLUMNS()}, ${key} as sort_key
                     from ${from}
                    where ${where.filter(Boolean).join(' and ') || 'true'}
                    order by ${orderBy}
                    limit ${page.limit} offset ${page.after ? 0 : page.offset}) c
            order by ${orderBy}`,
          w.params,
        )
      ).rows;
    if (w.text) {
      const newest = `(select * from chats c where ${[w.plain, w.category, w.read, seek].filter(Boolean).join(' and ')} order by ${orderBy} limit ${PROBE_CHATS}) c`;
      const probed = await pageOf(newest, [w.text]);
      if (probed.length === page.limit) return probed;
    }
    return pageOf(w.from, [fullWhere(w), seek]);
  },

  /** The chats matching the filters, exact up to CHAT_COUNT_CAP; CHAT_COUNT_CAP + 1 means more. */
  async total(db: Queryable, orgId: string, f: ChatFilter) {
    const w = chatWhere(f, orgId);
    const [n] = await cappedCounts(db, w, [[w.category, w.read].filter(Boolean).join(' and ') || 'true']);
    return n;
  },

  /**
   * Counts per category (under the chosen read state) and per read state (under the chosen category), both
   * under the other filters, each exact up to CHAT_COUNT_CAP (see cappedCounts).
   */
  async counts(db: Queryable, orgId: string, f: ChatFilter): Promise<ChatCounts> {
    const w = chatWhere(f, orgId);
    const read = w.read ?? 'true';
    const category = w.category ?? 'true';
    const [all, general, contact, hr, allStates, readChats, unread] = await cappedCounts(db, w, [
      read,
      `${read} and c.category = 'general'`,
      `${read} and c.category = 'contact'`,
      `${read} and c.category = 'hr'`,
      category,
      `${category} and c.read`,
      `${category} and not c.read`,
    ]);
    return {
      categories: { all, general, contact, hr },
      readStates: { all: allStates, read: readChats, unread },
      cap: CHAT_COUNT_CAP,
    };
  },

  /** The newest `amount` chats matching the filters, with their message counts (the export's selection). */
  async newestChatsForExport(db: Queryable, orgId: string, f: ChatFilter, amount: number) {
    const w = chatWhere(f, orgId);
    const r = await db.query<{ id: string; message_count: number }>(
      `select c.id, c.message_count from ${w.from} where ${fullWhere(w)} order by c.created_at desc, c.id desc limit ${amount}`,
      w.params,
    );
    return r.rows;
  },

  /** The messages of a batch of chats, newest chat first, each dated in the given time zone. */
  async exportRows(db: Queryable, orgId: string, chatIds: string[], timeZone: string) {
    const r = await db.query<ExportRow>(
      `select c.id as chat_id, to_char(m.created_at at time zone $3, 'YYYY-MM-DD HH24:MI:SS') as date, c.category,
              m.question, m.answer, m.optimized_answer, m.translated_text, m.feedback_rating, m.feedback_comment, c.lead
         from messages m join chats c on c.id = m.chat_id
        where m.chat_id = any($1::uuid[]) and c.organization_id = $2
        order by c.created_at desc, c.id desc, m.created_at, m.id`,
      [chatIds, orgId, timeZone],
    );
    return r.rows;
  },

  async chatInOrg(db: Queryable, orgId: string, chatId: string) {
    const r = await db.query<ChatRow>(`select ${CHAT_COLUMNS()} from chats c where c.id = $1 and c.organization_id = $2`, [chatId, orgId]);
    return r.rows[0] ?? null;
  },

  async messages(db: Queryable, chatId: string) {
    const r = await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from messages m where m.chat_id = $1 order by m.created_at, m.id`, [chatId]);
    return r.rows;
  },

  async messageInOrg(db: Queryable, orgId: string, chatId: string, messageId: string) {
    const r = await db.query<MessageRow & { chatbot_id: string; lang: string }>(
      `select ${MESSAGE_COLUMNS}, c.chatbot_id, c.lang
         from messages m join chats c on c.id = m.chat_id
        where m.id = $1 and m.chat_id = $2 and c.organization_id = $3`,
      [messageId, chatId, orgId],
    );
    return r.rows[0] ?? null;
  },

  async setFlags(db: Queryable, chatId: string, flags: { read?: boolean; favorite?: boolean }) {
    const r = await db.query<ChatRow>(
      `update chats c set read = coalesce($2, read), favorite = coalesce($3, favorite) where id = $1 returning ${CHAT_COLUMNS()}`,
      [chatId, flags.read ?? null, flags.favorite ?? null],
    );
    return r.rows[0];
  },

  async setTranslation(db: Queryable, messageId: string, text: string, lang: string) {
    await db.query('update messages set translated_text = $2, translated_lang = $3 where id = $1', [messageId, text, lang]);
  },

  /** The pair an optimized answer already made, locked until the transaction ends. */
  async lockPair(tx: Queryable, orgId: string, qnaId: string) {
    return (await tx.query<QnaRow>('select * from qna where id = $1 and organization_id = $2 for update', [qnaId, orgId])).rows[0];
  },

  /** The chatbot's pair for the same (normalised) question, active first, locked until the transaction ends. */
  async lockPairForQuestion(tx: Queryable, orgId: string, chatbotId: string, lang: string, question: string) {
    return (
      await tx.query<QnaRow>(
        `select * from qna where chatbot_id = $1 and organization_id = $2 and lang = $3
            and ${NORMALIZED_QUESTION('question')} = ${NORMALIZED_QUESTION('$4')}
          order by active desc, created_at limit 1 for update`,
        [chatbotId, orgId, lang, question],
      )
    ).rows[0];
  },

  /** Gives a pair the optimized answer, activated and marked as coming from the chat history. */
  async updatePairFromHistory(tx: Queryable, qnaId: string, question: string, answer: string) {
    return (
      await tx.query<QnaRow>(
        'update qna set question = $2, answer = $3, active = true, from_chat_history = true, updated_at = now() where id = $1 returning *',
        [qnaId, question, answer],
      )
    ).rows[0];
  },

  async insertPairFromHistory(tx: Queryable, orgId: string, chatbotId: string, lang: string, question: string, answer: string) {
    return (
      await tx.query<QnaRow>(
        `insert into qna (organization_id, chatbot_id, lang, question, answer, active, from_chat_history)
         values ($1, $2, $3, $4, $5, true, true) returning *`,
        [orgId, chatbotId, lang, question, answer],
      )
    ).rows[0];
  },

  async setOptimized(db: Queryable, messageId: string, answer: string, qnaId: string) {
    await db.query('update messages set optimized_answer = $2, optimized_qna_id = $3 where id = $1', [messageId, answer, qnaId]);
  },

  /**
   * Deletes a chat with its messages and lead, adding it to the deletion tally of the day it started
   * (the statistics keep counting it). Locks the row, so two deletes of one chat count it once.
   */
  async deleteChat(db: Queryable, orgId: string, chatId: string) {
    const chat = (
      await db.query<ChatRow>(`select ${CHAT_COLUMNS()} from chats c where c.id = $1 and c.organization_id = $2 for update`, [chatId, orgId])
    ).rows[0];
    if (!chat) return null;
    await db.query(
      `insert into chat_deletion_tallies (chatbot_id, organization_id, day, chats, messages, leads)
       values ($1, $2, ($3::timestamptz at time zone 'UTC')::date, 1, $4, $5)
       on conflict (chatbot_id, day) do update
         set chats = chat_deletion_tallies.chats + 1,
             messages = chat_deletion_tallies.messages + excluded.messages,
             leads = chat_deletion_tallies.leads + excluded.leads`,
      [chat.chatbot_id, chat.organization_id, new Date(chat.created_at).toISOString(), chat.message_count, chat.lead ? 1 : 0],
    );
    await db.query('delete from chats where id = $1', [chat.id]);
    return chat;
  },
};
