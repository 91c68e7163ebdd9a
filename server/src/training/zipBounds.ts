import zlib from 'node:zlib';
import { overLimit } from './extractionSandbox.ts';

/** Why a zip archive was refused: `inflated` is over the byte budget, `unreadable` is not a zip we can check. */
export class ZipRefused extends Error {
  constructor(readonly reason: 'inflated' | 'unreadable', message: string) {
    super(message);
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// Zip64 marks its sizes with all ones; an office file never needs entries of 4 GB.
const ZIP64 = 0xffffffff;

/** The entries listed in the archive's central directory (the directory Word, Excel and our readers trust). */
function centralDirectory(buf: Buffer): ZipEntry[] {
  // The end record sits in the last 22 bytes plus a comment of up to 65,535 bytes.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--)
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw new ZipRefused('unreadable', 'No zip directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('unreadable', 'Broken zip directory');
    const nameLength = buf.readUInt16LE(at + 28);
    entries.push({
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      declaredSize: buf.readUInt32LE(at + 24),
      localHeaderOffset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses a zip archive (DOCX, XLSX) that inflates beyond `maxBytes`: first by the sizes its directory
 * declares, then by inflating each entry with a cap of its declared size, since a bomb may lie about
 * its sizes and readers such as JSZip inflate before they compare. Costs one bounded inflation.
 */
export function checkZipInflation(buf: Buffer, maxBytes: number) {
  const entries = centralDirectory(buf);
  let declared = 0;
  for (const e of entries) {
    if (e.declaredSize === ZIP64 || e.compressedSize === ZIP64) throw new ZipRefused('inflated', `${e.name} is a zip64 entry`);
    declared += e.declaredSize;
  }
  if (declared > maxBytes) throw new ZipRefused('inflated', `Inflates to ${declared} bytes`);
  for (const e of entries) {
    const at = e.localHeaderOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new ZipRefused('unreadable', `Broken zip entry ${e.name}`);
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    if (e.method === 0) continue; // stored: its size is its length
    if (e.method !== 8) throw new ZipRefused('unreadable', `Unsupported compression in ${e.name}`);
    let inflated: number;
    try {
      // One byte over the declared size is enough to catch a lie.
      inflated = zlib.inflateRawSync(data, { maxOutputLength: e.declaredSize + 1 }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipRefused('inflated', `${e.name} inflates beyond its declared size`);
      throw new ZipRefused('unreadable', `${e.name}: ${(err as Error).message}`);
    }
    if (inflated > e.declaredSize) throw new ZipRefused('inflated', `${e.name} inflates beyond its declared size`);
  }
}

/** checkZipInflation as the API's errors: over the budget 413 FileTooLarge, else the caller's error for an unreadable file. */
export function refuseZipBomb(buf: Buffer, maxBytes: number, unreadable: (reason: string) => Error) {
  try {
    checkZipInflation(buf, maxBytes);
  } catch (e) {
    if (e instanceof ZipRefused && e.reason === 'inflated') throw overLimit('inflatedBytes', maxBytes);
    throw unreadable((e as Error).message);
  }
}
