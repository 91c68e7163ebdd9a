import type { Queryable } from '../db/index.ts';
import { passagesRepo } from '../repositories/passages.ts';
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
  await passagesRepo.insertUnits(tx, {
    organizationId: src.organizationId, chatbotId: src.chatbotId, lang: baseLang(src.lang), type: src.type, id: src.id,
    tsConfig: cfg, indexedTitle: normalizeForIndex(src.title ?? ''),
    ords: units.map((_, i) => i), headings: units.map((u) => u.heading), kinds: units.map((u) => u.kind), texts: units.map((u) => u.text),
    indexedHeadings: units.map((u) => normalizeForIndex(u.heading)), indexedTexts: units.map((u) => normalizeForIndex(u.text)),
  });
  return units.length;
}

export async function removePassages(tx: Queryable, type: SourceType, id: string | string[]) {
  const ids = Array.isArray(id) ? id : [id];
  if (!ids.length) return;
  await passagesRepo.removeOfSources(tx, type, ids);
}
