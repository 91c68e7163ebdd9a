import { describe, expect, it } from 'vitest';
import { Growing, PostingsIndexBuilder, readEntries, writeEntry } from '../../server/src/services/postingsIndex.ts';

const roundTrip = (entries: [number, number, number, number][]) => {
  const out = new Growing(new Uint8Array(4));
  for (const [n, a, b, d] of entries) writeEntry(out, n, a, b, d);
  const bytes = out.done();
  const back: [number, number, number, number][] = [];
  readEntries(bytes, 0, bytes.length, (n, f) => back.push([n, f.a, f.b, f.d]));
  return { back, bytes };
};

describe('postings arena encoding', () => {
  it('reads back every entry: lexeme numbers at the varint edges, packed and escaped frequencies', () => {
    const numbers = [0, 1, 63, 64, 127, 128, 8191, 8192, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28, 2 ** 31 - 1, 2 ** 32 + 5];
    const freqs: [number, number, number][] = [[0, 0, 1], [0, 0, 0], [1, 0, 0], [0, 1, 1], [14, 14, 255], [15, 0, 1], [0, 15, 1], [0, 0, 256], [300, 2, 70000]];
    const entries = numbers.flatMap((n) => freqs.map(([a, b, d]) => [n, a, b, d] as [number, number, number, number]));
    expect(roundTrip(entries).back).toEqual(entries);
  });

  it('spends one byte on a small lexeme number that occurs once in the text', () => {
    expect(roundTrip([[5, 0, 0, 1]]).bytes).toEqual(Uint8Array.from([10]));
    expect(roundTrip([[64, 0, 0, 1]]).bytes.length).toBe(2);
    expect(roundTrip([[5, 1, 0, 1]]).bytes.length).toBe(3);
  });

  it('grows a typed array past its first size and keeps what it held', () => {
    const g = new Growing(new Int32Array(1));
    for (let i = 0; i < 1000; i++) g.push(i - 500);
    expect(Array.from(g.done())).toEqual(Array.from({ length: 1000 }, (_, i) => i - 500));
  });
});

describe('postings index ids', () => {
  const build = (ids: string[]) => {
    const b = new PostingsIndexBuilder();
    for (const id of ids) b.add(id, 'de', "'sauna':1");
    return b.build();
  };

  it('gives back bigserial ids up to 2^53 - 1 exactly, and any id once one is not such a number', () => {
    const numeric = ['1', '42', '9007199254740991', '123456789012'];
    expect(Array.from({ length: 4 }, (_, u) => build(numeric).unit(u).id)).toEqual(numeric);
    // Beyond 2^53, with a leading zero, or not a number: kept as the strings they are, the earlier ids too.
    for (const odd of ['9007199254740993', '9223372036854775807', '007', 'u1', '']) {
      const ids = ['1', '2', odd, '3'];
      const index = build(ids);
      expect(ids.map((_, u) => index.unit(u).id)).toEqual(ids);
      expect(index.top(new Map([['de', ['sauna']]]), { preferLang: 'de', keep: 10, keepOther: 0 }).sort()).toEqual([...ids].sort());
    }
  });

  it('reports its memory: at least its postings and forward lists', () => {
    const index = build(Array.from({ length: 100 }, (_, i) => String(i + 1)));
    expect(index.bytes).toBeGreaterThan(100 * (4 + 1 + 8));
  });
});
