import type { Queryable } from '../db/index.ts';
import { passagesRepo } from '../repositories/passages.ts';
import { chunkText, HEADING_SEPARATOR, type Unit } from './chunk.ts';
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

/** Units normalized and stemmed per statement: each statement stays short, so other work gets a turn in between. */
const VECTOR_BATCH = 200;

/** A source's units with their vectors, ready to store: what `indexText` computed outside the storing transaction. */
export interface IndexedText {
  units: Unit[];
  vectors: string[];
}

/**
 * Splits a structured text into units and computes their vectors. Runs before the transaction that
 * stores them (`storePassages`), so that transaction is short: a large document's stemming does not
 * hold the embedded database's only connection while visitors wait.
 */
export async function indexText(db: Queryable, src: Pick<IndexSource, 'lang' | 'title'>, text: string): Promise<IndexedText> {
  const units = chunkText(text).slice(0, MAX_UNITS_PER_SOURCE);
  const vectors: string[] = [];
  if (!units.length) return { units, vectors };
  const tsConfig = await tsConfigFor(db, src.lang);
  const indexedTitle = normalizeForIndex(src.title ?? '');
  for (let i = 0; i < units.length; i += VECTOR_BATCH) {
    // Between batches the event loop serves other requests (the embedded database runs on this thread).
    await new Promise((resolve) => setImmediate(resolve));
    const batch = units.slice(i, i + VECTOR_BATCH);
    vectors.push(...(await passagesRepo.vectorsOf(db, {
      tsConfig,
      indexedTitle,
      indexedHeadings: batch.map((u) => normalizeForIndex(u.heading.split(HEADING_SEPARATOR).pop() ?? '')),
      indexedOuterHeadings: batch.map((u) => normalizeForIndex(u.heading.split(HEADING_SEPARATOR).slice(0, -1).join(' '))),
      indexedTexts: batch.map((u) => normalizeForIndex(u.text)),
    })));
  }
  return { units, vectors };
}

/**
 * Replaces a source's passages with indexed units. Call inside a transaction: readers see either the
 * old passages or the new ones, never a half-written index.
 */
export async function storePassages(tx: Queryable, src: IndexSource, indexed: IndexedText): Promise<number> {
  await removePassages(tx, src.type, src.id);
  const { units, vectors } = indexed;
  if (!units.length) return 0;
  await passagesRepo.insertUnits(tx, {
    organizationId: src.organizationId, chatbotId: src.chatbotId, lang: baseLang(src.lang), type: src.type, id: src.id,
    ords: units.map((_, i) => i), headings: units.map((u) => u.heading), kinds: units.map((u) => u.kind), texts: units.map((u) => u.text), vectors,
  });
  return units.length;
}

/** `indexText` and `storePassages` in one go, for a source small enough not to need the split. */
export async function replacePassages(tx: Queryable, src: IndexSource, text: string): Promise<number> {
  return storePassages(tx, src, await indexText(tx, src, text));
}

export async function removePassages(tx: Queryable, type: SourceType, id: string | string[]) {
  const ids = Array.isArray(id) ? id : [id];
  if (!ids.length) return;
  await passagesRepo.removeOfSources(tx, type, ids);
}
