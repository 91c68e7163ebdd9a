/**
 * SQL of the privacy features: retention periods, one visitor's chats, deleting chats while the
 * statistics keep counting them, the account export and the deletion of a whole organization.
 */
import type { Queryable } from '../db/index.ts';
import { escapeRegExp } from '../escapeRegExp.ts';

export interface VisitorChatRow {
  id: string;
  visitor_id: string;
  lang: string;
  source: string;
  created_at: string;
  last_message_at: string;
  lead: Record<string, string> | null;
  lead_submitted_at: string | null;
  lead_consent_text: string | null;
  lead_consent_at: string | null;
}

export interface VisitorMessageRow {
  id: string;
  chat_id: string;
  question: string;
  answer: string | null;
  translated_text: string | null;
  optimized_answer: string | null;
  feedback_rating: string | null;
  feedback_comment: string | null;
  feedback_at: string | null;
  created_at: string;
}

/** An e-mail address inside free text: not part of a longer address (hanna@… for anna@…, …com.au for …com). */
const emailInTextPattern = (email: string) =>
  `(?<![A-Za-z0-9._%+-])${escapeRegExp(email)}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`;

/** Tables exported per organization, with the columns left out (derived search data, secrets, page text). */
const EXPORTED_TABLES: { table: string; omit: string[]; order: string }[] = [
  { table: 'users', omit: ['password_hash'], order: 'created_at, id' },
  { table: 'subscriptions', omit: ['stripe_subscription_id'], order: 'started_at' },
  { table: 'chatbots', omit: ['index_version'], order: 'created_at, id' },
  { table: 'websites', omit: [], order: 'created_at, id' },
  { table: 'webpages', omit: ['text', 'content_hash', 'training_job_id'], order: 'created_at, id' },
  { table: 'documents', omit: ['storage_key'], order: 'created_at, id' },
  { table: 'qna', omit: [], order: 'created_at, id' },
  { table: 'contacts', omit: [], order: 'created_at, id' },
  { table: 'training_schedules', omit: [], order: 'created_at, id' },
  { table: 'test_questions', omit: [], order: 'created_at, id' },
  { table: 'test_runs', omit: [], order: 'started_at, id' },
  { table: 'test_results', omit: [], order: 'run_id, test_question_id' },
  { table: 'message_usage', omit: [], order: 'month' },
  { table: 'training_usage', omit: [], order: 'month' },
  { table: 'knowledge_gap_states', omit: [], order: 'chatbot_id, lang, group_key' },
];

/** Per-chatbot tables without an organization column. */
const CHATBOT_TABLES = ['chatbot_languages', 'chatbot_settings', 'chatbot_ui_configs'];

const jsonRow = (alias: string, omit: string[]) => `to_jsonb(${alias})${omit.map((c) => ` - '${c}'`).join('')}`;

export const privacyRepo = {
  async retentionMonths(db: Queryable, chatbotId: string) {
    const r = await db.query<{ retention_months: number }>('select retention_months from chatbots where id = $1', [chatbotId]);
    return r.rows[0].retention_months;
  },

  async setRetentionMonths(db: Queryable, chatbotId: string, months: number) {
    await db.query('update chatbots set retention_months = $2 where id = $1', [chatbotId, months]);
  },

  /**
   * Ids of one visitor's chats in a chatbot. The seed is the named chat, or the chats whose lead or
   * messages carry the e-mail address; the visitor is then every chat with a seed's visitor id (the
   * widget's id per browser) or a seed's lead e-mail address.
   */
  async visitorChatIds(db: Queryable, orgId: string, chatbotId: string, by: { chatId: string } | { email: string }) {
    const seed =
      'chatId' in by
        ? { sql: 'select visitor_id, lower(lead->>\'email\') as email from chats where id = $3 and chatbot_id = $1 and organization_id = $2', param: by.chatId }
        : {
            sql: `select visitor_id, lower(lead->>'email') as email from chats
                   where chatbot_id = $1 and organization_id = $2 and lead is not null and lower(lead->>'email') = lower($3)
                  union
                  select c.visitor_id, lower(c.lead->>'email') from messages m join chats c on c.id = m.chat_id
                   where m.chatbot_id = $1 and m.organization_id = $2 and m.question ~* $4`,
            param: by.email,
          };
    const params = [chatbotId, orgId, seed.param, ...('email' in by ? [emailInTextPattern(by.email)] : [])];
    const r = await db.query<{ id: string }>(
      `with seed as (${seed.sql})
       select c.id from chats c
        where c.chatbot_id = $1 and c.organization_id = $2
          and (c.visitor_id in (select visitor_id from seed)
               or (c.lead is not null and lower(c.lead->>'email') in (select email from seed where email is not null)))
        order by c.created_at, c.id`,
      params,
    );
    return r.rows.map((row) => row.id);
  },

  async chats(db: Queryable, chatIds: string[]) {
    const r = await db.query<VisitorChatRow>(
      `select id, visitor_id, lang, source, created_at, last_message_at, lead, lead_submitted_at, lead_consent_text, lead_consent_at
         from chats where id = any($1::uuid[]) order by created_at, id`,
      [chatIds],
    );
    return r.rows;
  },

  async messages(db: Queryable, chatIds: string[]) {
    const r = await db.query<VisitorMessageRow>(
      `select id, chat_id, question, answer, translated_text, optimized_answer, feedback_rating, feedback_comment, feedback_at, created_at
         from messages where chat_id = any($1::uuid[]) order by created_at, id`,
      [chatIds],
    );
    return r.rows;
  },

  /**
   * Deletes chats with their messages and leads; the statistics keep counting them. The messages stay in
   * message_stats (app.keep_message_stats, migration 120), the chats and leads go to the tally of the
   * day each chat started. Must run inside a transaction (the setting lasts until its end).
   */
  async deleteChatsKeepingCounts(tx: Queryable, chatIds: string[]) {
    if (!chatIds.length) return { chats: 0, messages: 0, leads: 0 };
    await tx.query(`select set_config('app.keep_message_stats', 'on', true)`);
    const r = await tx.query<{ chats: number; messages: number; leads: number }>(
      `with gone as (
         delete from chats where id = any($1::uuid[])
         returning chatbot_id, organization_id, created_at, message_count, lead is not null as has_lead
       ),
       tally as (
         insert into chat_deletion_tallies (chatbot_id, organization_id, day, chats, messages, leads)
         select chatbot_id, organization_id, (created_at at time zone 'UTC')::date, count(*)::int, 0, (count(*) filter (where has_lead))::int
           from gone group by 1, 2, 3
         on conflict (chatbot_id, day) do update
           set chats = chat_deletion_tallies.chats + excluded.chats, leads = chat_deletion_tallies.leads + excluded.leads
       )
       select count(*)::int as chats, coalesce(sum(message_count), 0)::int as messages, (count(*) filter (where has_lead))::int as leads from gone`,
      [chatIds],
    );
    return r.rows[0];
  },

  /** Up to `limit` chats whose last activity (message or lead) is older than their chatbot's retention period. */
  async expiredChatIds(db: Queryable, limit: number) {
    const r = await db.query<{ id: string }>(
      `select c.id from chats c join chatbots b on b.id = c.chatbot_id
        where c.last_message_at < now() - make_interval(months => b.retention_months::int)
          and coalesce(c.lead_submitted_at, c.last_message_at) < now() - make_interval(months => b.retention_months::int)
        limit $1`,
      [limit],
    );
    return r.rows.map((row) => row.id);
  },

  // ---- account ---------------------------------------------------------------------------------

  async organization(db: Queryable, orgId: string) {
    const r = await db.query<Record<string, unknown>>('select to_jsonb(o) as row from organizations o where id = $1', [orgId]);
    return r.rows[0]?.row as Record<string, unknown> | undefined;
  },

  /** Every exported table's rows of the organization, keyed by table name. */
  async organizationTables(db: Queryable, orgId: string) {
    const out: Record<string, unknown[]> = {};
    for (const t of EXPORTED_TABLES) {
      const r = await db.query<{ row: unknown }>(
        `select ${jsonRow('t', t.omit)} as row from ${t.table} t where organization_id = $1 order by ${t.order}`,
        [orgId],
      );
      out[t.table] = r.rows.map((row) => row.row);
    }
    for (const table of CHATBOT_TABLES) {
      const r = await db.query<{ row: unknown }>(
        `select to_jsonb(t) as row from ${table} t join chatbots b on b.id = t.chatbot_id where b.organization_id = $1 order by t.chatbot_id`,
        [orgId],
      );
      out[table] = r.rows.map((row) => row.row);
    }
    return out;
  },

  /** One page of the organization's chats (keyset on id), each with its messages, as JSON rows. */
  async chatPage(db: Queryable, orgId: string, afterId: string | null, limit: number) {
    const r = await db.query<{ id: string; row: unknown }>(
      `select c.id, ${jsonRow('c', ['search'])} || jsonb_build_object('messages', coalesce(
                (select jsonb_agg(${jsonRow('m', ['search'])} order by m.created_at, m.id) from messages m where m.chat_id = c.id), '[]'::jsonb)) as row
         from chats c
        where c.organization_id = $1 and ($2::uuid is null or c.id > $2::uuid)
        order by c.id limit $3`,
      [orgId, afterId, limit],
    );
    return r.rows;
  },

  /**
   * Marks the organization for deletion and removes what lets anyone act for it: its users (and with them
   * sign-in), their identity-provider sessions and grants, and its subscription (the widget stops answering).
   */
  async requestDeletion(tx: Queryable, orgId: string) {
    await tx.query(
      `delete from oidc_payloads where payload->>'accountId' in (select subject from users where organization_id = $1)`,
      [orgId],
    );
    await tx.query('delete from users where organization_id = $1', [orgId]);
    await tx.query('delete from subscriptions where organization_id = $1', [orgId]);
    const r = await tx.query<{ deletion_requested_at: string }>(
      'update organizations set deletion_requested_at = coalesce(deletion_requested_at, now()) where id = $1 returning deletion_requested_at',
      [orgId],
    );
    return r.rows[0].deletion_requested_at;
  },

  async organizationsToDelete(db: Queryable) {
    const r = await db.query<{ id: string }>('select id from organizations where deletion_requested_at is not null order by deletion_requested_at');
    return r.rows.map((row) => row.id);
  },

  async documentKeys(db: Queryable, orgId: string) {
    const r = await db.query<{ storage_key: string }>('select storage_key from documents where organization_id = $1', [orgId]);
    return r.rows.map((row) => row.storage_key);
  },

  /** Every row of the organization goes by cascade (chatbots, training data, chats, statistics…). */
  async deleteOrganization(db: Queryable, orgId: string) {
    await db.query('delete from organizations where id = $1 and deletion_requested_at is not null', [orgId]);
  },
};
