import type { Queryable } from '../db/index.ts';
import { chunkText } from './chunk.ts';
import { baseLang, tsConfigFor } from './lang.ts';

export type SourceType = 'webpage' | 'document' | 'qna';

export interface IndexSource {
  organizationId: string;
  chatbotId: string;
  lang: string;
  type: SourceType;
  id: string;
  /** Weighted above the body: a title names what the passage is about. */
  title?: string;
}

/**
 * Replaces a source's passages. Call inside a transaction: readers see either the old
 * passages or the new ones, never a half-written index.
 */
export async function replacePassages(tx: Queryable, src: IndexSource, text: string): Promise<number> {
  await removePassages(tx, src.type, src.id);
  const chunks = chunkText(text);
  if (!chunks.length) return 0;
  const cfg = await tsConfigFor(tx, src.lang);
  await tx.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, text, tsv)
     select $1, $2, $3, $4, $5, x.ord, x.txt,
            setweight(to_tsvector($6::regconfig, $7), 'A') || to_tsvector($6::regconfig, x.txt)
       from unnest($8::int[], $9::text[]) as x(ord, txt)`,
    [src.organizationId, src.chatbotId, baseLang(src.lang), src.type, src.id, cfg, src.title ?? '', chunks.map((_, i) => i), chunks],
  );
  return chunks.length;
}

export async function removePassages(tx: Queryable, type: SourceType, id: string | string[]) {
  const ids = Array.isArray(id) ? id : [id];
  if (!ids.length) return;
  await tx.query('delete from passages where source_type = $1 and source_id = any($2::uuid[])', [type, ids]);
}
