import { AppError } from '../errors.ts';
import { refuseZipBomb } from './zipBounds.ts';
import { overLimit, type ExtractionLimits } from './extractionSandbox.ts';

const unreadable = (type: string, reason: string) =>
  new AppError(415, 'FileTypeNotSupported', `The file could not be read as ${type.toUpperCase()}`, { reason });

/**
 * Text of a PDF or Word document; runs in the extraction child process (extractChild.ts), never in the
 * API's thread. Each type imports only its own reader: the child starts for every upload, and loading
 * the Word reader's HTML parser alone took ~0.7 s.
 */
export async function extractDocumentText(buf: Buffer, type: 'pdf' | 'docx', limits: ExtractionLimits): Promise<string> {
  const text = await (type === 'pdf' ? pdfText(buf, limits) : docxText(buf, limits));
  if (text.length > limits.maxCharacters) throw overLimit('characters', limits.maxCharacters);
  return text;
}

/** Page by page, after checking the page count, and stopping as soon as the characters run over. */
async function pdfText(buf: Buffer, limits: ExtractionLimits) {
  const { getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(buf));
  } catch (e) {
    throw unreadable('pdf', (e as Error).message);
  }
  if (pdf.numPages > limits.maxPages) throw overLimit('pages', limits.maxPages);
  const pages: string[] = [];
  let characters = 0;
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      // The same joining as unpdf's extractText: an item's text, a line break where the PDF ends a line.
      const raw = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      const text = raw.replace(/[ \t]+/g, ' ').trim();
      if (!text) continue;
      pages.push(text);
      characters += text.length + 1;
      if (characters > limits.maxCharacters) throw overLimit('characters', limits.maxCharacters);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreadable('pdf', (e as Error).message);
  } finally {
    await pdf.destroy();
  }
  return pages.join('\n');
}

async function docxText(buf: Buffer, limits: ExtractionLimits) {
  refuseZipBomb(buf, limits.maxInflatedBytes, (reason) => unreadable('docx', reason));
  const [{ default: mammoth }, { parseHTML }, { structuredText }] = await Promise.all([import('mammoth'), import('linkedom'), import('./structure.ts')]);
  try {
    // Word's own structure (headings, lists, tables) comes through as HTML and is kept like a web page's.
    // Images carry no text: they are not read, rather than inlined as base64.
    const convertImage = mammoth.images.imgElement(async () => ({ src: '' }));
    const { value: html } = await mammoth.convertToHtml({ buffer: buf }, { convertImage });
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    return structuredText(document.body as unknown as Parameters<typeof structuredText>[0]);
  } catch (e) {
    throw unreadable('docx', (e as Error).message);
  }
}
