/**
 * The zip bomb check (server/src/training/zipBounds.ts) on archives made in the test: an ordinary
 * archive passes; one that declares or secretly holds more than the budget is refused as `inflated`;
 * bytes that are no zip are `unreadable`.
 */
import { describe, expect, it } from 'vitest';
import { checkZipInflation, ZipRefused } from '../../server/src/training/zipBounds.ts';
import { makeDocx, makeZip } from '../server/trainingFiles.ts';
import { docxBomb } from '../server/security/hostileFiles.ts';

const MB = 2 ** 20;
const reason = (run: () => void) => {
  try {
    run();
    return 'passed';
  } catch (e) {
    return e instanceof ZipRefused ? e.reason : `other: ${(e as Error).message}`;
  }
};

describe('checkZipInflation', () => {
  it('passes an ordinary Word document and a zip of 1 MB within a budget of 2 MB', () => {
    expect(reason(() => checkZipInflation(makeDocx(['Hallo Welt']), 2 * MB))).toBe('passed');
    expect(reason(() => checkZipInflation(makeZip({ 'a.txt': Buffer.alloc(MB, 'a') }), 2 * MB))).toBe('passed');
  });

  it('refuses what the directory declares beyond the budget', () => {
    expect(reason(() => checkZipInflation(makeZip({ 'a.txt': Buffer.alloc(MB, 'a'), 'b.txt': Buffer.alloc(MB + 1, 'b') }), 2 * MB))).toBe('inflated');
  });

  it('refuses an entry that inflates beyond the size it declares', async () => {
    expect(reason(() => checkZipInflation(Buffer.alloc(0), MB))).toBe('unreadable');
    const lying = await docxBomb(8 * MB, 'lying');
    expect(lying.length).toBeLessThan(MB);
    expect(reason(() => checkZipInflation(lying, 100 * MB))).toBe('inflated');
    const honest = await docxBomb(8 * MB, 'honest');
    expect(reason(() => checkZipInflation(honest, 4 * MB))).toBe('inflated');
    expect(reason(() => checkZipInflation(honest, 100 * MB))).toBe('passed');
  });

  it('calls bytes without a zip directory or with a broken one unreadable', () => {
    expect(reason(() => checkZipInflation(Buffer.from('PK\x03\x04 not really', 'latin1'), MB))).toBe('unreadable');
    const zip = makeZip({ 'a.txt': 'hallo' });
    const broken = Buffer.from(zip);
    broken.writeUInt32LE(0x12345678, broken.indexOf('PK\x01\x02', 0, 'latin1'));
    expect(reason(() => checkZipInflation(broken, MB))).toBe('unreadable');
  });
});
