import type { Queryable } from '../db/index.ts';
import { chunkText } from './chunk.ts';
import { baseLang, tsConfigFor } from './lang.ts';
import { normalizeForIndex } from './normalize.ts';

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

/** Units of a text beyond this many are not indexed: a 5,000-row table must not flood the index. */
export const MAX_UNITS_PER_SOURCE = 3000;

/**
 * Replaces a source's passages with the units of its structured text. Call inside a transaction:
 * readers see either the old passages or the new ones, never a half-written index. The vector
 * weights title (A), headings (B) and the unit's own text (D).
 */
export async function replacePassages(tx: Queryable, src: IndexSource, text: string): Promise<number> {
  await removePassages(tx, src.type, src.id);
  const units = chunkText(text).slice(0, MAX_UNITS_PER_SOURCE);
  if (!units.length) return 0;
  const cfg = await tsConfigFor(tx, src.lang);
  await tx.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, heading, kind, text, tsv)
     select $1, $2, $3, $4, $5, x.ord, x.heading, x.kind, x.txt,
            setweight(to_tsvector($6::regconfig, $7), 'A') || setweight(to_tsvector($6::regconfig, x.iheading), 'B')
              || to_tsvector($6::regconfig, x.itxt)
       from unnest($8::int[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[]) as x(ord, heading, kind, txt, iheading, itxt)`,
    [
      src.organizationId, src.chatbotId, baseLang(src.lang), src.type, src.id, cfg, normalizeForIndex(src.title ?? ''),
      units.map((_, i) => i), units.map((u) => u.heading), units.map((u) => u.kind), units.map((u) => u.text),
      units.map((u) => normalizeForIndex(u.heading)), units.map((u) => normalizeForIndex(u.text)),
    ],
  );
  return units.length;
}

export async function removePassages(tx: Queryable, type: SourceType, id: string | string[]) {
  const ids = Array.isArray(id) ? id : [id];
  if (!ids.length) return;
  await tx.query('delete from passages where source_type = $1 and source_id = any($2::uuid[])', [type, ids]);
}
