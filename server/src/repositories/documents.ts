import type { Queryable } from '../db/index.ts';
import type { DocumentRow } from '../training/documents.ts';
import { containsPattern, type ListPage } from './listing.ts';

/** The API's sort fields and the expressions they order by. */
export const DOCUMENTS_SORTABLE = { name: 'lower(name)', type: 'type', size: 'size', createdAt: 'created_at', characters: 'characters', id: 'id' };

export interface DocumentFilter {
  chatbotId: string;
  lang?: string;
  type?: string;
  q?: string;
  id?: string[];
}

/** Uploaded documents. Storing and deleting one (file, passages) is training/documents.ts. */
export const documentsRepo = {
  async list(db: Queryable, organizationId: string, f: DocumentFilter, page: ListPage) {
    const params: unknown[] = [organizationId, f.chatbotId];
    let where = 'organization_id = $1 and chatbot_id = $2';
    if (f.lang) where += ` and lang = $${params.push(f.lang)}`;
    if (f.type) where += ` and type = $${params.push(f.type)}`;
    if (f.q) where += ` and name ilike $${params.push(containsPattern(f.q))}`;
    if (f.id) where += ` and id = any($${params.push(f.id)}::uuid[])`;
    const total = (await db.query<{ n: number }>(`select count(*)::int n from documents where ${where}`, params)).rows[0].n;
    const rows = await db.query<DocumentRow>(`select * from documents where ${where} order by ${page.orderBy}, id limit ${page.limit} offset ${page.offset}`, params);
    return { total, rows: rows.rows };
  },
  async create(
    db: Queryable,
    d: { id: string; organizationId: string; chatbotId: string; lang: string; name: string; type: string; size: number; characters: number; storageKey: string; sourceUrl: string | null },
  ) {
    const r = await db.query<DocumentRow>(
      `insert into documents (id, organization_id, chatbot_id, lang, name, type, size, characters, storage_key, source_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
      [d.id, d.organizationId, d.chatbotId, d.lang, d.name, d.type, d.size, d.characters, d.storageKey, d.sourceUrl],
    );
    return r.rows[0];
  },
  /** The row only: its file and passages are the caller's (training/documents.ts). */
  async remove(db: Queryable, id: string) {
    await db.query('delete from documents where id = $1', [id]);
  },
};
