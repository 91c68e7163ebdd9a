import zlib from 'node:zlib';
import { makeZip } from '../trainingFiles.ts';

/**
 * A small PDF with very many pages: every page shares one content stream and inherits its font and
 * media box, so 20,000 pages cost about 90 bytes each.
 */
export function manyPagePdf(pageCount: number): Buffer {
  const stream = 'BT /F1 11 Tf 72 740 Td (Seite mit Text, der bei jeder Seite gleich ist.) Tj ET';
  const parts: string[] = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let size = parts[0].length;
  const add = (id: number, body: string) => {
    offsets[id] = size;
    const s = `${id} 0 obj\n${body}\nendobj\n`;
    parts.push(s);
    size += s.length;
  };
  const firstPage = 5;
  add(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pageCount }, (_, i) => `${firstPage + i} 0 R`).join(' ');
  add(2, `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>`);
  add(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  add(4, `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  for (let i = 0; i < pageCount; i++) add(firstPage + i, '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>');
  const count = firstPage + pageCount;
  const xref = [`xref\n0 ${count}\n0000000000 65535 f \n`];
  for (let id = 1; id < count; id++) xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`);
  return Buffer.from(parts.join('') + xref.join(''), 'latin1');
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** The deflated bytes of word/document.xml holding `inflatedBytes` of paragraphs, streamed so the test never holds them. */
async function deflatedDocumentXml(inflatedBytes: number): Promise<{ packed: Buffer; size: number; crc: number }> {
  const head = '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const tail = '</w:body></w:document>';
  const paragraph = '<w:p><w:r><w:t>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</w:t></w:r></w:p>';
  const block = Buffer.from(paragraph.repeat(Math.floor((1 << 20) / paragraph.length)));
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  let crc = 0;
  const write = (b: Buffer) => {
    size += b.length;
    crc = zlib.crc32(b, crc);
    return deflate.write(b) ? undefined : new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(head));
  while (size + block.length + tail.length < inflatedBytes) await write(block);
  await write(Buffer.from(tail));
  deflate.end();
  await done;
  return { packed: Buffer.concat(out), size, crc };
}

/**
 * A DOCX whose document.xml inflates to about `inflatedBytes`. `declared: 'honest'` writes the real
 * size into the zip headers; 'lying' claims 1 KB, as a bomb that hopes nobody inflates to check would.
 */
export async function docxBomb(inflatedBytes: number, declared: 'honest' | 'lying' = 'honest'): Promise<Buffer> {
  const { packed, size, crc } = await deflatedDocumentXml(inflatedBytes);
  const zip = makeZip({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': RELS, 'word/document.xml': 'placeholder' });
  // makeZip deflates its entries; the bomb's entry is swapped in afterwards with its own sizes.
  const small = zlib.deflateRawSync(Buffer.from('placeholder'));
  const at = zip.indexOf('word/document.xml');
  const localStart = at - 30;
  const claimed = declared === 'honest' ? size : 1024;
  const local = Buffer.from(zip.subarray(localStart, at + 'word/document.xml'.length));
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(claimed, 22);
  const before = zip.subarray(0, localStart);
  const afterLocal = zip.subarray(at + 'word/document.xml'.length + small.length);
  // afterLocal starts with the central directory (document.xml is the last entry written).
  const central = Buffer.from(afterLocal);
  const c = central.indexOf('word/document.xml') - 46;
  central.writeUInt32LE(crc >>> 0, c + 16);
  central.writeUInt32LE(packed.length, c + 20);
  central.writeUInt32LE(claimed, c + 24);
  const grow = packed.length - small.length;
  const end = central.length - 22;
  central.writeUInt32LE(central.readUInt32LE(end + 16) + grow, end + 16);
  return Buffer.concat([before, local, packed, central]);
}
