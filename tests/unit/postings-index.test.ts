import { describe, expect, it } from 'vitest';
import { PostingsIndexBuilder, forEachLexeme } from '../../server/src/services/postingsIndex.ts';
import { SearchIndex, parseTsvector } from '../../server/src/services/searchIndex.ts';

const lexemes = (tsv: string) => {
  const out: [string, number, number][] = [];
  forEachLexeme(tsv, (l, w, b) => out.push([l, w, b]));
  return out;
};

describe('tsvector text form', () => {
  it('reads lexemes with their weighted frequency (A 3, B 2, C/D 1) and their frequency outside the title', () => {
    expect(lexemes("'haus':1A,4,9B 'rad':2")).toEqual([['haus', 6, 2], ['rad', 1, 1]]);
  });
  it('reads quotes inside a lexeme, lexemes without positions and an empty vector', () => {
    expect(lexemes("'o''neil':3 'x' 'a b':1C")).toEqual([["o'neil", 1, 1], ['x', 1, 1], ['a b', 1, 1]]);
    expect(lexemes('')).toEqual([]);
  });
});

describe('postings index', () => {
  const build = (units: [string, string, string][]) => {
    const b = new PostingsIndexBuilder();
    for (const [id, lang, tsv] of units) b.add(id, lang, tsv);
    return b.build();
  };
  const opts = { preferLang: 'de', keep: 3, keepOther: 1 };

  it('ranks the unit holding the rare word first, and a title word above a text word', () => {
    const common = Array.from({ length: 20 }, (_, i) => [`c${i}`, 'de', "'preis':1 'zimm':2"] as [string, string, string]);
    const index = build([...common, ['sauna', 'de', "'preis':1 'sauna':2"], ['title', 'de', "'preis':1 'sauna':3A"]]);
    expect(index.top(new Map([['de', ['sauna', 'preis']]]), opts).slice(0, 2)).toEqual(['title', 'sauna']);
    expect(index.top(new Map([['de', ['unbekannt']]]), opts)).toEqual([]);
  });

  it('keeps `keep` units of the visitor’s language and `keepOther` of every other one', () => {
    const index = build([
      ['de1', 'de', "'sauna':1"], ['de2', 'de', "'sauna':1"], ['de3', 'de', "'sauna':1"], ['de4', 'de', "'sauna':1"],
      ['en1', 'en', "'sauna':1"], ['en2', 'en', "'sauna':1"],
    ]);
    const ids = index.top(new Map([['de', ['sauna']], ['en', ['sauna']]]), opts);
    expect(ids.filter((id) => id.startsWith('de'))).toHaveLength(3);
    expect(ids.filter((id) => id.startsWith('en'))).toHaveLength(1);
  });

  it('finds the best unit of a word in most units through its champions, and scores every candidate in full', () => {
    // 1,000 units hold "zimm"; one of them three times and also "meer": it must come first.
    const units: [string, string, string][] = Array.from({ length: 1000 }, (_, i) => [`u${i}`, 'de', `'zimm':${i % 7 + 1} 'text${i}':9`]);
    units[637] = ['best', 'de', "'meer':1 'zimm':2,3,4"];
    const index = build(units);
    expect(index.postingCount).toBe(1000 * 2 - 1 + 1);
    expect(index.top(new Map([['de', ['zimm', 'meer']]]), opts)[0]).toBe('best');
    expect(index.top(new Map([['de', ['zimm']]]), opts)).toContain('best');
    // The scratch space is clean after each question: asking again gives the same answer.
    expect(index.top(new Map([['de', ['zimm', 'meer']]]), opts)).toEqual(index.top(new Map([['de', ['zimm', 'meer']]]), opts));
  });

  it('keeps each unit’s lexemes with their title, heading and text counts exactly as its tsvector says', () => {
    const positions = (n: number, weight = '') => Array.from({ length: n }, (_, i) => `${i + 1}${weight}`).join(',');
    // Counts beyond the packed 4/4/8 bits (20 title, 16 heading, 256 text positions) are kept too.
    const units: [string, string, string][] = [
      ['1', 'de', "'haus':1A,4,9B 'rad':2 'o''neil':3C 'ohne'"],
      ['2', 'en', `'big':${positions(20, 'A')} 'head':${positions(16, 'B')} 'text':${positions(256)}`],
      ['3', 'de', "'rad':5B 'zimm':1A,2A,3"],
      ['4', 'de', ''],
    ];
    const index = build(units);
    units.forEach(([id, lang, tsv], unit) => expect(index.unit(unit)).toEqual({ id, lang, terms: parseTsvector(tsv) }));
    expect([...index.unit(0).terms.keys()]).toEqual([...parseTsvector(units[0][2]).keys()]);
    expect(index.unit(1).terms.get('text')).toEqual({ a: 0, b: 0, d: 256 });
  });

  it('gives the best units’ numbers for unit() in the order top() gives their ids', () => {
    const index = build([['x', 'de', "'sauna':1"], ['y', 'de', "'sauna':1A 'preis':2"], ['z', 'en', "'sauna':1"]]);
    const q = new Map([['de', ['sauna', 'preis']], ['en', ['sauna']]]);
    expect(index.topUnits(q, opts).map((u) => index.unit(u).id)).toEqual(index.top(q, opts));
    expect(index.top(q, opts)).toEqual(['y', 'x', 'z']);
  });

  it('gives candidates with only the asked lexemes and their full length, which rank as the whole units do', () => {
    const units: [string, string, string][] = [
      ['1', 'de', "'sauna':1A,4 'preis':2 'zimm':3,5B 'meer':6"],
      ['2', 'de', "'sauna':7 'garten':1,2,3"],
      ['3', 'en', "'sauna':1 'price':2B"],
    ];
    const index = build(units);
    const asked = new Set(['sauna', 'preis', 'price', 'fehlt']);
    const some = index.unitsWith([0, 1, 2], asked);
    expect(some.map((u) => [u.id, u.lang, Object.fromEntries(u.terms)])).toEqual([
      ['1', 'de', { sauna: { a: 1, b: 0, d: 1 }, preis: { a: 0, b: 0, d: 1 } }],
      ['2', 'de', { sauna: { a: 0, b: 0, d: 1 } }],
      ['3', 'en', { sauna: { a: 0, b: 0, d: 1 }, price: { a: 0, b: 1, d: 0 } }],
    ]);
    // Heading and text words, as a whole unit's terms count them.
    expect(some.map((u) => u.length)).toEqual([5, 4, 2]);
    const q = new Map([['de', ['sauna', 'preis']], ['en', ['price']]]);
    const whole = [0, 1, 2].map((u) => index.unit(u));
    expect(new SearchIndex(some, { fuzzy: false }).search(q, { preferLang: 'de' })).toEqual(new SearchIndex(whole, { fuzzy: false }).search(q, { preferLang: 'de' }));
  });
});
