import { describe, expect, it } from 'vitest';
import { scanTsvector } from '../../server/src/services/tsvector.ts';

const scan = (tsv: string) => {
  const out: [string, number, number, number][] = [];
  scanTsvector(tsv, (l, a, b, d) => out.push([l, a, b, d]));
  return out;
};

/** The regular-expression reading the scanner replaced: the scanner must read every tsvector the same way. */
function byRegex(tsv: string) {
  const out: [string, number, number, number][] = [];
  const re = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(tsv))) {
    let [a, b, d] = [0, 0, 0];
    for (const pos of (m[2] ?? '1').split(',')) {
      const w = pos.slice(-1);
      if (w === 'A') a++;
      else if (w === 'B') b++;
      else d++;
    }
    out.push([m[1].replace(/''/g, "'"), a, b, d]);
  }
  return out;
}

describe('scanTsvector', () => {
  it('reads lexemes, quotes, positions and weights', () => {
    expect(scan("'hotel':1A,5 'it''s':3 'sauna':2B,4B,6C 'pool'")).toEqual([
      ['hotel', 1, 0, 1],
      ["it's", 0, 0, 1],
      ['sauna', 0, 2, 1],
      ['pool', 0, 0, 1],
    ]);
    expect(scan('')).toEqual([]);
    expect(scan("'''quoted'''")).toEqual([["'quoted'", 0, 0, 1]]);
  });

  it('reads generated tsvectors exactly as the regular expression did', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const word = () => Array.from({ length: 1 + rnd(8) }, () => "abcäöü'xyz"[rnd(10)]).join('').replace(/'/g, "''");
    for (let t = 0; t < 300; t++) {
      const parts = Array.from({ length: rnd(12) }, () => {
        const positions = Array.from({ length: rnd(5) }, () => `${1 + rnd(300)}${['', 'A', 'B', 'C', 'D'][rnd(5)]}`);
        return `'${word()}'${positions.length ? `:${positions.join(',')}` : ''}`;
      });
      const tsv = parts.join(' ');
      expect(scan(tsv), tsv).toEqual(byRegex(tsv));
    }
  });
});
