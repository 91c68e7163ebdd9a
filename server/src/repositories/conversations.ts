/**
 * SQL of recorded conversations: chats, their messages, leads and the monthly message usage.
 * The history screen reads these tables (migration 030); what a message does to its chat is runtime/conversations.ts.
 */
import type { Queryable } from '../db/index.ts';
import { isUuid } from '../../../contract/ids.ts';
import type { Answer } from '../runtime/answer.ts';
import type { LeadField } from '../runtime/uiConfig.ts';
import type { FeedbackRating } from '../../../contract/feedback.ts';
import { planOnce } from '../db/planOnce.ts';

export interface ChatRow {
  id: string;
  chatbot_id: string;
  organization_id: string;
  visitor_id: string;
  lang: string;
  category: 'general' | 'contact' | 'hr';
  read: boolean;
  favorite: boolean;
  lead: Partial<Record<LeadField, string>> | null;
  lead_submitted_at: string | null;
  person_requested: boolean;
  source: 'widget' | 'demo';
  created_at: string;
  last_message_at: string;
  message_count: number;
}

/**
 * A chat's first messages whose words the history's search finds. A vector of all its messages' words would grow
 * with a visitor's flood into one chat towards tsvector's 1 MB limit, and each refresh writes the whole vector into
 * the GIN index again (recording took 4.6 ms of backend time at 450 messages when each message did that).
 */
export const SEARCH_WORDS_MESSAGES = 100;

/** The advisory lock of refreshing chats' words (lockChatRefresh): 'chatword' in ASCII. */
const CHAT_REFRESH_LOCK = 0x63686174776f7264n;

/**
 * The columns of a ChatRow. Never `*`: a chat's row also holds the search words of its messages
 * (migration 040), which grow with its first messages and which nothing on the answer path reads.
 */
const CHAT_COLUMNS = `id, chatbot_id, organization_id, visitor_id, lang, category, read, favorite, lead, lead_submitted_at,
  person_requested, source, created_at, last_message_at, message_count`;

export const conversationsRepo = {
  async start(db: Queryable, input: { chatbotId: string; organizationId: string; visitorId: string; lang: string; source: 'widget' | 'demo' }) {
    const r = await db.query<ChatRow>(
      `insert into chats(chatbot_id, organization_id, visitor_id, lang, source) values ($1, $2, $3, $4, $5) returning ${CHAT_COLUMNS}`,
      [input.chatbotId, input.organizationId, input.visitorId, input.lang, input.source],
    );
    return r.rows[0];
  },

  async byId(db: Queryable, chatbotId: string, chatId: string) {
    if (!isUuid(chatId)) return null;
    const r = await db.query<ChatRow>(`select ${CHAT_COLUMNS} from chats where id = $1 and chatbot_id = $2`, [chatId, chatbotId]);
    return r.rows[0] ?? null;
  },

  /**
   * What answering a message needs before it starts, in one statement: the chat (null when it is not the
   * chatbot's), one message counted against the organization's monthly quota (`allowed` false when it is
   * used up: nothing is counted then; nothing either for an unknown chat), and the widget configuration the
   * customer stored for the chat's language (null: the defaults).
   *
   * Its commit does not wait for the disk (synchronous_commit off for this statement's own transaction: call
   * it outside one). Every message of the organization raises the one usage row, and a waiting commit kept
   * that row locked for a disk flush per answer, so answers queued behind each other. The count is made
   * durable by the next flush, at the latest when the answer's message is recorded (recordMessage commits
   * normally); a database crash in between loses only the counts of answers that were not recorded.
   */
  async openForMessage(db: Queryable, chatbotId: string, chatId: string, organizationId: string, monthlyLimit: number) {
    if (!isUuid(chatId)) return null;
    const r = await db.query<ChatRow & { allowed: boolean; ui_config: Record<string, unknown> | null }>(
      planOnce(`with c as (select ${CHAT_COLUMNS} from chats where id = $1 and chatbot_id = $2),
       u as (
         insert into message_usage(organization_id, month, messages)
         select $3, date_trunc('month', now() at time zone 'UTC')::date, 1 from c where $4::int > 0
         on conflict (organization_id, month) do update set messages = message_usage.messages + 1
         where message_usage.messages < $4::int
         returning messages)
       select c.*, exists(select 1 from u) as allowed,
              (select config from chatbot_ui_configs where chatbot_id = $2 and lang = c.lang) as ui_config
         from c
        where set_config('synchronous_commit', 'off', true) = 'off'`),
      [chatId, chatbotId, organizationId, monthlyLimit],
    );
    const row = r.rows[0];
    if (!row) return null;
    const { allowed, ui_config: uiConfig, ...chat } = row;
    return { chat: chat as ChatRow, allowed, uiConfig };
  },

  /** The last turns of a chat, oldest first (context for the language model). */
  async recentTurns(db: Queryable, chatId: string, n = 3) {
    const r = await db.query<{ question: string; answer: string | null }>(
      'select question, answer from (select question, answer, created_at from messages where chat_id = $1 order by created_at desc limit $2) t order by created_at',
      [chatId, n],
    );
    return r.rows;
  },

  async usedThisMonth(db: Queryable, organizationId: string) {
    const r = await db.query<{ messages: number }>(
      `select messages from message_usage where organization_id = $1 and month = date_trunc('month', now() at time zone 'UTC')::date`,
      [organizationId],
    );
    return r.rows[0]?.messages ?? 0;
  },

  /**
   * The message and the chat's count in one statement: one round trip, and a HOT update of the chat's row (no
   * indexed column changes). The chat's last message time and search words follow later (refreshChatWords), and
   * no statistics counter is locked by every answer of the chatbot (migrations 160, 161, 172).
   */
  async recordMessage(db: Queryable, chat: ChatRow, question: string, a: Pick<Answer, 'answer' | 'sources' | 'score' | 'answeredBy'>) {
    const [recorded] = await conversationsRepo.recordMessages(db, [{ chat, question, answer: a }]);
    if (!recorded) throw new Error(`the message of chat ${chat.id} was not recorded`);
    return recorded;
  },

  /**
   * The messages of several chats (at most one message a chat; recordMessage is the one-chat case) in one
   * statement: one round trip and one commit flush for all. Results in the order given (undefined: not
   * recorded, which the chats' foreign key makes impossible).
   */
  async recordMessages(db: Queryable, items: { chat: ChatRow; question: string; answer: Pick<Answer, 'answer' | 'sources' | 'score' | 'answeredBy'> }[]) {
    const col = <T>(f: (i: (typeof items)[number]) => T) => items.map(f);
    const r = await db.query<ChatRow & { message_id: string; message_created_at: string }>(
      planOnce(`with x as (
         select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::real[], $8::text[])
                  with ordinality as x(chat_id, chatbot_id, organization_id, question, answer, sources, score, answered_by, ord)),
       m as (
         insert into messages(chat_id, chatbot_id, organization_id, question, answer, sources, score, answered_by)
         select chat_id, chatbot_id, organization_id, question, answer, sources::jsonb, score, answered_by from x order by ord
         returning id as message_id, chat_id as message_chat_id, created_at as message_created_at),
       c as (update chats set message_count = message_count + 1 from m where chats.id = m.message_chat_id returning ${CHAT_COLUMNS}),
       -- "do update" (not "do nothing") locks a note that is already there until this commits: a refresh then
       -- leaves it for later instead of taking it without seeing this message (takePendingChats).
       p as (insert into chat_words_pending(organization_id, chat_id) select distinct organization_id, chat_id from x
             on conflict (organization_id, chat_id) do update set chat_id = excluded.chat_id)
       select c.*, m.message_id, m.message_created_at from c join m on m.message_chat_id = c.id`),
      [
        col((i) => i.chat.id),
        col((i) => i.chat.chatbot_id),
        col((i) => i.chat.organization_id),
        col((i) => i.question),
        col((i) => i.answer.answer),
        col((i) => JSON.stringify(i.answer.sources)),
        col((i) => i.answer.score),
        col((i) => i.answer.answeredBy),
      ],
    );
    const byChat = new Map(r.rows.map(({ message_id: id, message_created_at: created_at, ...updated }) => [updated.id, { message: { id, created_at }, chat: updated as ChatRow }]));
    // Not a throw: the statement is committed, and a failed batch is run again message by message.
    return items.map((i) => byChat.get(i.chat.id));
  },

  /**
   * One refresh of chats' words at a time (all processes): a read's refresh waits for one in progress, so the
   * chats that one took are written when the read looks at them; the background refresh skips its turn instead.
   */
  async lockChatRefresh(tx: Queryable, wait: boolean) {
    const r = await tx.query<{ ok: boolean }>(
      wait ? `select pg_advisory_xact_lock(${CHAT_REFRESH_LOCK}) is not null as ok` : `select pg_try_advisory_xact_lock(${CHAT_REFRESH_LOCK}) as ok`,
    );
    return r.rows[0].ok;
  },

  /**
   * Takes up to `limit` notes of chats whose last message time and search words are behind their messages (an
   * organization's, or with null any), in the transaction that refreshes them, and locks those chats. A note or
   * chat that a recording holds is left for later: the recording notes its chat again, and waiting here could
   * deadlock with a recording of several chats. The refresh's next statement sees every message whose note was taken.
   */
  async takePendingChats(tx: Queryable, organizationId: string | null, limit: number) {
    const r = await tx.query<{ chat_id: string }>(
      `with t as (select p.organization_id, p.chat_id from chat_words_pending p join chats c on c.id = p.chat_id
                   where ($1::uuid is null or p.organization_id = $1) limit $2 for update of p, c skip locked)
       delete from chat_words_pending p using t where p.organization_id = t.organization_id and p.chat_id = t.chat_id
       returning p.chat_id`,
      [organizationId, limit],
    );
    return r.rows.map((row) => row.chat_id);
  },

  /**
   * The chats' last message time and search words from their messages: the words of the first
   * SEARCH_WORDS_MESSAGES (built from all of them each time, so no message is missed whatever order concurrent
   * recordings committed in).
   */
  async refreshChatWords(tx: Queryable, chatIds: string[]) {
    if (!chatIds.length) return;
    await tx.query(
      `update chats c set last_message_at = greatest(c.last_message_at, w.last), search = w.words
         from (select u.chat_id,
                      (select max(m.created_at) from messages m where m.chat_id = u.chat_id) as last,
                      to_tsvector('simple', coalesce((select string_agg(f.t, ' ' order by f.created_at, f.id) from
                        (select m.question || ' ' || coalesce(m.answer, '') as t, m.created_at, m.id from messages m
                          where m.chat_id = u.chat_id order by m.created_at, m.id limit ${SEARCH_WORDS_MESSAGES}) f), '')) as words
                 from unnest($1::uuid[]) as u(chat_id)) w
        where c.id = w.chat_id`,
      [chatIds],
    );
  },

  /** Sets the category and raises (never lowers) the person-requested flag. */
  async setCategory(tx: Queryable, chatId: string, category: ChatRow['category'], personRequested: boolean) {
    return (
      await tx.query<ChatRow>(`update chats set category = $2, person_requested = person_requested or $3 where id = $1 returning ${CHAT_COLUMNS}`, [
        chatId,
        category,
        personRequested,
      ])
    ).rows[0];
  },

  /** The lead with the consent text the form showed; the consent's time is the submission's. */
  async saveLead(db: Queryable, chatId: string, lead: Partial<Record<LeadField, string>>, consentText: string) {
    const r = await db.query<ChatRow>(
      `update chats set lead = $2::jsonb, lead_submitted_at = now(), lead_consent_text = $3, lead_consent_at = now(),
              category = 'contact', read = false
        where id = $1 returning ${CHAT_COLUMNS}`,
      [chatId, JSON.stringify(lead), consentText],
    );
    return r.rows[0];
  },

  /** A message of the chat (and chatbot) that holds an answer: what a visitor may rate. */
  async answerInChat(db: Queryable, chatbotId: string, chatId: string, messageId: string) {
    if (!isUuid(messageId)) return null;
    const r = await db.query<{ id: string }>(
      'select id from messages where id = $1 and chat_id = $2 and chatbot_id = $3 and answer is not null',
      [messageId, chatId, chatbotId],
    );
    return r.rows[0] ?? null;
  },

  /** The visitor's rating of an answer; a second one replaces the first, comment included. */
  async setFeedback(db: Queryable, messageId: string, rating: FeedbackRating, comment: string | null) {
    const r = await db.query<{ id: string; chat_id: string; feedback_rating: FeedbackRating; feedback_comment: string | null; feedback_at: string }>(
      `update messages set feedback_rating = $2, feedback_comment = $3, feedback_at = now()
        where id = $1 returning id, chat_id, feedback_rating, feedback_comment, feedback_at`,
      [messageId, rating, comment],
    );
    return r.rows[0];
  },
};
