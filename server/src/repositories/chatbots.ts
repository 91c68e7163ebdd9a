import type { Queryable } from '../db/index.ts';
import { isUuid } from './users.ts';
import { SUBSCRIPTION_PLAN_COLUMNS, type SubscriptionPlanRow } from './subscriptions.ts';
import { planOnce } from '../db/planOnce.ts';

type Nullable<T> = { [K in keyof T]: T[K] | null };

export interface ChatbotRow {
  id: string;
  organization_id: string;
  url: string;
  lang: string;
  initial_setup: 'pending' | 'running' | 'completed' | 'failed';
  initial_setup_progress: Record<string, unknown>;
  created_at: string;
}

export const chatbotsRepo = {
  /** A chatbot only if it belongs to the organization: the tenancy check every route relies on. */
  async byIdInOrg(db: Queryable, id: string, organizationId: string) {
    if (!isUuid(id)) return null;
    const r = await db.query<ChatbotRow>('select * from chatbots where id = $1 and organization_id = $2', [id, organizationId]);
    return r.rows[0] ?? null;
  },
  /** Locks the chatbot's row until the transaction ends: serialises check-then-write changes of one chatbot. */
  async lock(tx: Queryable, id: string) {
    await tx.query('select id from chatbots where id = $1 for update', [id]);
  },
  async byId(db: Queryable, id: string) {
    if (!isUuid(id)) return null;
    return (await db.query<ChatbotRow>('select * from chatbots where id = $1', [id])).rows[0] ?? null;
  },
  /**
   * What a public widget call needs of a chatbot, in one statement: its fields, the version of its search
   * index, and its organization's subscription with the plan (null columns when it has none).
   */
  async publicAccess(db: Queryable, id: string) {
    return (await this.publicAccessMany(db, [id]))[0];
  },
  /** publicAccess for several chatbots at once (the widget calls of one event-loop turn); rows in no particular order. */
  async publicAccessMany(db: Queryable, ids: string[]) {
    const r = await db.query<
      Pick<ChatbotRow, 'id' | 'url' | 'lang' | 'initial_setup'> & { bot_organization_id: string; index_version: string } & Nullable<SubscriptionPlanRow>
    >(
      planOnce(`select c.id, c.organization_id as bot_organization_id, c.url, c.lang, c.initial_setup, c.index_version::text as index_version,
              ${SUBSCRIPTION_PLAN_COLUMNS}
         from chatbots c
         left join subscriptions s on s.organization_id = c.organization_id
         left join plans p on p.id = s.plan_id
        where c.id = any($1::uuid[])`),
      [ids],
    );
    return r.rows;
  },
  async firstOfOrg(db: Queryable, organizationId: string) {
    const r = await db.query<ChatbotRow>('select * from chatbots where organization_id = $1 order by created_at limit 1', [organizationId]);
    return r.rows[0] ?? null;
  },
  async create(db: Queryable, input: { organizationId: string; url: string; lang: string }) {
    const r = await db.query<ChatbotRow>('insert into chatbots(organization_id, url, lang) values ($1, $2, $3) returning *', [
      input.organizationId,
      input.url,
      input.lang,
    ]);
    return r.rows[0];
  },
  async setInitialSetup(db: Queryable, id: string, status: ChatbotRow['initial_setup'], progress: Record<string, unknown>) {
    await db.query('update chatbots set initial_setup = $2, initial_setup_progress = $3::jsonb where id = $1', [id, status, JSON.stringify(progress)]);
  },
  /** The chatbot's index version (moved by every change of its passages or vectors), or null for no such chatbot. */
  async indexVersion(db: Queryable, id: string): Promise<string | null> {
    return (await db.query<{ v: string }>('select index_version::text as v from chatbots where id = $1', [id])).rows[0]?.v ?? null;
  },
  /** Tells answer processes to reload the chatbot's index (its passages or vectors changed). */
  async bumpIndexVersion(db: Queryable, id: string) {
    await db.query('update chatbots set index_version = index_version + 1 where id = $1', [id]);
  },
  /** Keeps the chatbot's own lang equal to its default language. */
  async setLang(db: Queryable, id: string, lang: string) {
    await db.query('update chatbots set lang = $2 where id = $1', [id, lang]);
  },
};
