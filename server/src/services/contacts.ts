import type { Queryable } from '../db/index.ts';

export interface HandoverContact {
  id: string;
  name: string;
  email: string;
  phone: string;
  department: string;
}

/**
 * Who a visitor is handed to: the contact that overrides the default for the given
 * department, else the chatbot's default contact.
 */
export async function findHandoverContact(db: Queryable, chatbotId: string, department?: string): Promise<HandoverContact | null> {
  const r = await db.query<HandoverContact>(
    `select id::text as id, name, email, phone, department from contacts
      where chatbot_id = $1
        and (is_default or ($2::text is not null and overrides_id is not null and lower(department) = lower($2::text)))
      order by is_default asc, created_at asc limit 1`,
    [chatbotId, department?.trim() || null],
  );
  return r.rows[0] ?? null;
}
