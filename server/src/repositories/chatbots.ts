import type { Queryable } from '../db/index.ts';
import { isUuid } from './users.ts';

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
  async byId(db: Queryable, id: string) {
    if (!isUuid(id)) return null;
    return (await db.query<ChatbotRow>('select * from chatbots where id = $1', [id])).rows[0] ?? null;
  },
  async firstOfOrg(db: Queryable, organizationId: string) {
    const r = await db.query<ChatbotRow>('select * from chatbots where organization_id = $1 order by created_at limit 1', [organizationId]);
    return r.rows[0] ?? null;
  },
};
