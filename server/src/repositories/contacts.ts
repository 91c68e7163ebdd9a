import type { Queryable } from '../db/index.ts';
import { containsPattern, type ListPage } from './listing.ts';
import type { ContactFields } from '../../../contract/contacts.ts';

export interface ContactRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  name: string;
  email: string;
  phone: string;
  department: string;
  is_default: boolean;
  overrides_id: string | null;
  created_at: string;
}

/** The API's sort fields and the columns they order by. */
export const CONTACTS_SORTABLE = { name: 'name', email: 'email', phone: 'phone', department: 'department', isDefault: 'is_default', createdAt: 'created_at', id: 'id' };

/** The contact a visitor is handed to, as the answer shows it. */
export interface HandoverContact {
  id: string;
  name: string;
  email: string;
  phone: string;
  department: string;
}

/** The wizard's person as a contact (services/contacts.ts builds it from the personal data). */
type ContactDraft = Pick<ContactFields, 'name' | 'email' | 'phone' | 'department'>;

export interface ContactFilter {
  chatbotId: string;
  department?: string;
  q?: string;
  id?: string[];
}

/** Handover contacts of one chatbot. Callers have already checked that the chatbot (or contact) is the caller's. */
export const contactsRepo = {
  async list(db: Queryable, organizationId: string, f: ContactFilter, page: ListPage) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (f.department) where += ` and lower(department) = lower($${params.push(f.department)})`;
    if (f.q) where += ` and (name ilike $${params.push(containsPattern(f.q))} or email ilike $${params.length} or department ilike $${params.length})`;
    if (f.id) where += ` and id = any($${params.push(f.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from contacts where ${where}`, params)).rows[0].n;
    const rows = await db.query<ContactRow>(`select * from contacts where ${where} order by ${page.orderBy}, id limit ${page.limit} offset ${page.offset}`, params);
    return { total, rows: rows.rows };
  },
  async existsInChatbot(db: Queryable, id: string, chatbotId: string) {
    const r = await db.query('select 1 from contacts where id = $1 and chatbot_id = $2', [id, chatbotId]);
    return r.rows.length > 0;
  },
  async countForChatbot(db: Queryable, chatbotId: string) {
    return (await db.query<{ n: number }>('select count(*)::int n from contacts where chatbot_id = $1', [chatbotId])).rows[0].n;
  },
  /** The contact that loses the default flag is the customer's decision from now on (no longer synced from the wizard data). */
  async clearDefault(db: Queryable, chatbotId: string) {
    await db.query('update contacts set is_default = false, seeded_from_user = null where chatbot_id = $1 and is_default', [chatbotId]);
  },
  async create(db: Queryable, bot: { id: string; organization_id: string }, c: ContactFields) {
    const r = await db.query<ContactRow>(
      `insert into contacts (organization_id, chatbot_id, name, email, phone, department, is_default, overrides_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
      [bot.organization_id, bot.id, c.name, c.email, c.phone, c.department, c.isDefault, c.overridesId],
    );
    return r.rows[0];
  },
  /** An edited contact is the customer's: it no longer follows the personal data it was created from. */
  async update(db: Queryable, id: string, c: ContactFields) {
    const r = await db.query<ContactRow>(
      `update contacts set name = $2, email = $3, phone = $4, department = $5, is_default = $6, overrides_id = $7, seeded_from_user = null
          where id = $1 returning *`,
      [id, c.name, c.email, c.phone, c.department, c.isDefault, c.overridesId],
    );
    return r.rows[0];
  },
  async remove(db: Queryable, id: string) {
    await db.query('delete from contacts where id = $1', [id]);
  },
  /** The department's overriding contact if there is one, else the default contact. */
  async handoverContact(db: Queryable, chatbotId: string, department: string | null) {
    const r = await db.query<HandoverContact>(
      `select id::text as id, name, email, phone, department from contacts
        where chatbot_id = $1
          and (is_default or ($2::text is not null and overrides_id is not null and lower(department) = lower($2::text)))
        order by is_default asc, created_at asc limit 1`,
      [chatbotId, department],
    );
    return r.rows[0] ?? null;
  },
  /** Locks the chatbot's row for the wizard contact's seeding; undefined if it is not the organization's. */
  async lockWizardSeeding(tx: Queryable, chatbotId: string, organizationId: string) {
    const r = await tx.query<{ default_contact_seeded_at: string | null }>(
      'select default_contact_seeded_at from chatbots where id = $1 and organization_id = $2 for update',
      [chatbotId, organizationId],
    );
    return r.rows[0];
  },
  /** The seeded default contact follows its user's personal data (until the customer edits it). */
  async updateSeededDefault(tx: Queryable, chatbotId: string, userId: string, draft: ContactDraft) {
    await tx.query(
      `update contacts set name = $3, email = $4, phone = $5, department = $6
        where chatbot_id = $1 and seeded_from_user = $2 and is_default`,
      [chatbotId, userId, draft.name, draft.email, draft.phone, draft.department],
    );
  },
  async hasDefault(tx: Queryable, chatbotId: string) {
    const r = await tx.query('select 1 from contacts where chatbot_id = $1 and is_default', [chatbotId]);
    return r.rows.length > 0;
  },
  async insertSeededDefault(tx: Queryable, bot: { id: string; organization_id: string }, userId: string, draft: ContactDraft) {
    await tx.query(
      `insert into contacts (organization_id, chatbot_id, name, email, phone, department, is_default, seeded_from_user)
       values ($1, $2, $3, $4, $5, $6, true, $7)`,
      [bot.organization_id, bot.id, draft.name, draft.email, draft.phone, draft.department, userId],
    );
  },
  async markWizardSeeded(tx: Queryable, chatbotId: string) {
    await tx.query('update chatbots set default_contact_seeded_at = now() where id = $1', [chatbotId]);
  },
};
