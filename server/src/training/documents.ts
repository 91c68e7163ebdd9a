import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { documentsRepo } from '../repositories/documents.ts';
import { documentText, refuseEmptyFile } from './extractionSandbox.ts';
import { indexText, removePassages, storePassages } from './indexer.ts';
import { documentKey, documentStorage } from './storage.ts';

export type DocType = 'pdf' | 'docx' | 'txt';

export interface DocumentRow {
  id: string;
  organization_id: string;
  chatbot_id: string;
  lang: string;
  name: string;
  type: DocType;
  size: number;
  characters: number;
  storage_key: string;
  source_url: string | null;
  created_at: string;
}

export const toApiDocument = (d: DocumentRow) => ({
  id: d.id, chatbotId: d.chatbot_id, lang: d.lang, name: d.name, type: d.type, size: Number(d.size),
  characters: d.characters, sourceUrl: d.source_url, createdAt: d.created_at,
});

const unsupported = (message: string, details?: unknown) => new AppError(415, 'FileTypeNotSupported', message, details);

/**
 * The file's real type from its bytes: a PDF header, a zip holding a Word document, or
 * text that decodes as UTF-8 without control bytes. A name that claims another type is refused.
 */
export function detectType(buf: Buffer, name: string): DocType {
  const ext = path.extname(name).slice(1).toLowerCase();
  let actual: DocType | null = null;
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') actual = 'pdf';
  else if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50 && buf.includes('word/document.xml') && buf.includes('[Content_Types].xml')) actual = 'docx';
  else if (isText(buf)) actual = 'txt';
  if (!actual) throw unsupported('File type not supported', { name, allowed: ['pdf', 'docx', 'txt'] });
  const claimed = ext === 'text' || ext === 'md' ? 'txt' : ext;
  if (claimed && claimed !== actual && ['pdf', 'docx', 'txt', 'doc'].includes(claimed))
    throw unsupported(`The file's content is not ${claimed.toUpperCase()}`, { name, claimed, actual });
  if (claimed && !['pdf', 'docx', 'txt', 'md', 'text'].includes(claimed)) throw unsupported('File type not supported', { name, allowed: ['pdf', 'docx', 'txt'] });
  return actual;
}

function isText(buf: Buffer): boolean {
  if (buf.length === 0) return false;
  const sample = buf.subarray(0, 64 * 1024);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample.length < buf.length ? sample.subarray(0, lastCharBoundary(sample)) : sample);
  } catch {
    return false;
  }
  // Control characters other than tab, line feed, carriage return and form feed mean binary data.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const controls = text.match(/[\x00-\x08\x0b\x0e-\x1f\x7f]/g)?.length ?? 0;
  return controls === 0;
}

/** Cuts a sample before a UTF-8 sequence the cut would split. */
function lastCharBoundary(b: Buffer) {
  let i = b.length;
  while (i > 0 && i > b.length - 4 && (b[i - 1] & 0xc0) === 0x80) i--;
  if (i > 0 && b[i - 1] >= 0xc0) i--;
  return i;
}

const CONTENT_TYPES: Record<DocType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

/**
 * Checks, extracts (outside the API process, within EXTRACTION_LIMITS), stores and indexes a document:
 * a refused file leaves neither a row nor a stored file; the row and its passages appear together.
 */
export async function addDocument(
  ctx: { db: Db; config: Config },
  bot: { id: string; organization_id: string },
  input: { lang: string; name: string; buf: Buffer; sourceUrl?: string },
) {
  refuseEmptyFile(input.buf);
  const type = detectType(input.buf, input.name);
  const text = await documentText(input.buf, type);
  const name = path.basename(input.name).slice(0, 255) || `document.${type}`;
  const storage = documentStorage(ctx.config);
  const id = crypto.randomUUID();
  const storageKey = documentKey({ organizationId: bot.organization_id, chatbotId: bot.id, documentId: id });
  const source = { organizationId: bot.organization_id, chatbotId: bot.id, lang: input.lang, type: 'document' as const, id, title: name };
  const indexed = await indexText(ctx.db, source, text);
  await storage.put(storageKey, input.buf, CONTENT_TYPES[type]);
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await documentsRepo.create(tx, {
        id, organizationId: bot.organization_id, chatbotId: bot.id, lang: input.lang, name, type, size: input.buf.length,
        characters: text.length, storageKey, sourceUrl: input.sourceUrl ?? null,
      });
      await storePassages(tx, source, indexed);
      return row;
    });
  } catch (e) {
    await storage.delete(storageKey).catch(() => undefined); // the first error is the one worth reporting
    throw e;
  }
}

/**
 * The file goes first: if storage is unreachable nothing changes and the delete can be retried;
 * a row whose file is already gone still deletes, since removing a missing object succeeds.
 */
export async function deleteDocument(ctx: { db: Db; config: Config }, doc: DocumentRow) {
  await documentStorage(ctx.config).delete(doc.storage_key);
  await ctx.db.transaction(async (tx) => {
    await removePassages(tx, 'document', doc.id);
    await documentsRepo.remove(tx, doc.id);
  });
}
