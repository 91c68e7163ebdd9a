import type { AuthInfo } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { notFound } from '../errors.ts';
import type { ChatbotRow } from '../repositories/chatbots.ts';
import { isUuid } from '../../../contract/ids.ts';

/**
 * The record `load` finds for a well-formed id, else 404 naming `what`. A malformed id is not looked up:
 * PostgreSQL's uuid type would fail the query (a 500) where the client deserves "not found".
 */
export async function requireRecord<Row>(what: string, id: unknown, load: (id: string) => Promise<Row | null | undefined>): Promise<Row> {
  const row = isUuid(id) ? await load(id) : null;
  if (!row) throw notFound(what);
  return row;
}

/** Tables of records a tenant owns (each has id and organization_id), with the name their 404 gives. */
const OWNED = {
  chatbots: 'Chatbot',
  websites: 'Website',
  webpages: 'Webpage',
  documents: 'Document',
  qna: 'Question-answer pair',
  contacts: 'Contact',
  training_schedules: 'Schedule',
  scrape_jobs: 'Scrape job',
} as const;

/**
 * The record of the caller's organization, or 404: another customer's ids are indistinguishable from ids
 * that do not exist, or are malformed.
 */
export function recordInOrg<Row>(db: Queryable, table: keyof typeof OWNED, id: unknown, organizationId: string): Promise<Row> {
  return requireRecord(OWNED[table], id, async (id) =>
    (await db.query<Row>(`select * from ${table} where id = $1 and organization_id = $2`, [id, organizationId])).rows[0],
  );
}

/** The chatbot named by the client (path, query, body or form), if the caller's tenant owns it; otherwise 404. */
export async function requireChatbot(db: Queryable, caller: AuthInfo, chatbotId: unknown) {
  return recordInOrg<ChatbotRow>(db, 'chatbots', chatbotId, caller.organizationId);
}
