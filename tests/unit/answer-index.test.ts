/**
 * The in-memory BM25 index (searchIndex.ts) over hand-made units: term maps as parseTsvector gives them.
 */
import { describe, expect, it } from 'vitest';
import { SearchIndex, boundedEditDistance, parseTsvector, type Hit, type IndexedUnit } from '../../server/src/services/searchIndex.ts';
import { germanVerbForms } from '../../server/src/training/germanVerbs.ts';
import { PostingsIndexBuilder } from '../../server/src/services/postingsIndex.ts';
import { PostingsCorpus } from '../../server/src/services/postingsCorpus.ts';
import { rankCandidates } from '../../server/src/services/retrieval.ts';

/** A unit whose words each occur once in its text (weight D). */
const unit = (id: string, lang: string, ...words: string[]): IndexedUnit => ({
  id,
  lang,
  terms: new Map(words.map((w) => [w, { a: 0, b: 0, d: 1 }])),
});
const q = (lang: string, ...lexemes: string[]) => new Map([[lang, lexemes]]);
const byId = (ix: IndexedUnit[], hits: Hit[]) => hits.map((h) => ix[h.index].id);
const term = (h: Hit, t: string) => h.terms.find((x) => x.term === t)!;

describe('parseTsvector', () => {
  it('reads lexemes with their weighted positions; a lexeme without positions counts once in the text', () => {
    const m = parseTsvector("'hotel':1A,5 'it''s':3 'sauna':2B,4B,6 'pool'");
    expect([...m.entries()]).toEqual([
      ['hotel', { a: 1, b: 0, d: 1 }],
      ["it's", { a: 0, b: 0, d: 1 }],
      ['sauna', { a: 0, b: 2, d: 1 }],
      ['pool', { a: 0, b: 0, d: 1 }],
    ]);
    expect(parseTsvector('').size).toBe(0);
  });
});

describe('boundedEditDistance', () => {
  it('is the edit distance up to the bound and bound + 1 beyond it', () => {
    expect(boundedEditDistance('sauna', 'sauna', 1)).toBe(0);
    expect(boundedEditDistance('reservirung', 'reservierung', 2)).toBe(1);
    expect(boundedEditDistance('kitten', 'sitting', 3)).toBe(3);
    expect(boundedEditDistance('kitten', 'sitting', 2)).toBe(3);
    expect(boundedEditDistance('abc', 'abcdef', 1)).toBe(2);
    expect(boundedEditDistance('', 'ab', 2)).toBe(2);
  });
});

describe('ranking and coverage', () => {
  const units = [
    unit('sauna', 'de', 'hotel', 'sauna'),
    unit('pool', 'de', 'hotel', 'pool'),
    unit('garten', 'de', 'hotel', 'garten'),
    unit('bar', 'de', 'hotel', 'bar'),
  ];
  const ix = new SearchIndex(units);

  it('a rare word weighs more than one every unit has', () => {
    const [best] = ix.search(q('de', 'hotel', 'sauna'));
    expect(units[best.index].id).toBe('sauna');
    expect(term(best, 'sauna').idf).toBeGreaterThan(term(best, 'hotel').idf * 2);
    // one rare word outranks one common word
    const rare = ix.search(q('de', 'pool'))[0].score;
    const common = ix.search(q('de', 'hotel'))[0].score;
    expect(rare).toBeGreaterThan(common * 2);
  });

  it('coverage is the idf share of the question terms the unit holds', () => {
    const hits = ix.search(q('de', 'hotel', 'sauna'));
    const sauna = hits.find((h) => units[h.index].id === 'sauna')!;
    const pool = hits.find((h) => units[h.index].id === 'pool')!;
    expect(sauna.coverage).toBeCloseTo(1, 6);
    const idfHotel = term(pool, 'hotel').idf;
    const idfSauna = term(pool, 'sauna').idf;
    expect(pool.coverage).toBeCloseTo(idfHotel / (idfHotel + idfSauna), 6);
    expect(pool.coverage).toBeLessThan(0.5);
    expect(term(pool, 'sauna').matched).toBe(false);
    expect(term(pool, 'hotel')).toMatchObject({ matched: true, via: 'hotel', weight: 1 });
    expect(pool.bodyMatches).toBe(1);
  });

  it('units sharing no term are not hits; a question of unknown words finds nothing', () => {
    expect(byId(units, ix.search(q('de', 'pool')))).toEqual(['pool']);
    expect(ix.search(q('de', 'xylophon'))).toEqual([]);
    expect(ix.search(q('fr', 'hotel'))).toEqual([]); // no content in that language
  });

  it('a word only in the page title ranks the unit but is no body match', () => {
    const t = [
      { id: 'titled', lang: 'de', terms: new Map([['preis', { a: 1, b: 0, d: 0 }], ['fruhstuck', { a: 0, b: 0, d: 1 }]]) },
      unit('other', 'de', 'zimmer'),
    ];
    const [h] = new SearchIndex(t).search(q('de', 'preis'));
    expect(h.bodyMatches).toBe(0);
    expect(h.coverage).toBeCloseTo(1, 6);
  });

  it('a heading match counts more than one in the text', () => {
    const t: IndexedUnit[] = [
      { id: 'heading', lang: 'de', terms: new Map([['sauna', { a: 0, b: 1, d: 0 }], ['ruh', { a: 0, b: 0, d: 1 }]]) },
      { id: 'text', lang: 'de', terms: new Map([['sauna', { a: 0, b: 0, d: 1 }], ['ruh', { a: 0, b: 0, d: 1 }]]) },
      unit('x', 'de', 'zimmer'),
    ];
    expect(byId(t, new SearchIndex(t).search(q('de', 'sauna')))).toEqual(['heading', 'text']);
  });

  it('limit bounds the number of hits in one language', () => {
    const many = Array.from({ length: 30 }, (_, i) => unit(`u${i}`, 'de', 'zimmer', `w${i}`));
    expect(new SearchIndex(many).search(q('de', 'zimmer'), { limit: 7 })).toHaveLength(7);
    expect(new SearchIndex(many).search(q('de', 'zimmer'))).toHaveLength(20);
  });
});

describe('compounds, typos, synonyms', () => {
  const units = [
    unit('hotel', 'de', 'hotel', 'zimmer'),
    unit('winter', 'de', 'winterreifenwechsel', 'werkstatt'),
    unit('hund', 'de', 'hund', 'mitnahm'),
    unit('parken', 'de', 'gebuhr', 'parkplatz'),
    unit('reserv', 'de', 'reservierung', 'telefon'),
    unit('pool', 'de', 'pool', 'bad'),
  ];
  const ix = new SearchIndex(units);

  it('a compound in the text is found by its head: "reifenwechsel" finds "winterreifenwechsel"', () => {
    const hits = ix.search(q('de', 'reifenwechsel'));
    expect(byId(units, hits)).toEqual(['winter']);
    expect(term(hits[0], 'reifenwechsel')).toMatchObject({ matched: true, via: 'winterreifenwechsel' });
    expect(hits[0].coverage).toBeGreaterThan(0.5);
    expect(hits[0].coverage).toBeLessThan(1); // a compound is a weaker match than the word itself
  });

  it('an unknown compound in the question is split into vocabulary words', () => {
    expect(ix.decompound('hundemitnahmegebuhr', 'de')).toEqual(['hund', 'mitnahm', 'gebuhr']);
    expect(ix.decompound('parkplatzgebuhr', 'de')).toEqual(['parkplatz', 'gebuhr']);
    expect(ix.decompound('xyzabcdefg', 'de')).toBeNull();
    expect(ix.decompound('hund', 'de')).toBeNull(); // too short to be two parts
    expect(ix.decompound('parkplatzgebuhr', 'en')).toBeNull(); // vocabulary is per language
    const hits = ix.search(q('de', 'parkplatzgebuhr'));
    expect(byId(units, hits)).toEqual(['parken']);
    expect(['parkplatz', 'gebuhr']).toContain(term(hits[0], 'parkplatzgebuhr').via);
  });

  it('a typo within edit distance 1 finds the word', () => {
    const hits = ix.search(q('de', 'reservirung'));
    expect(byId(units, hits)).toEqual(['reserv']);
    expect(term(hits[0], 'reservirung')).toMatchObject({ matched: true, via: 'reservierung' });
    expect(byId(units, ix.search(q('de', 'telefom')))).toEqual(['reserv']);
    // two edits in a short word are not a typo of it
    expect(ix.search(q('de', 'tlefom'))).toEqual([]);
  });

  it('synonyms passed in opts.synonyms match, with lower weight than the word itself', () => {
    const synonyms = new Map([['de', new Map([['schwimmbad', ['pool']]])]]);
    expect(ix.search(q('de', 'schwimmbad'))).toEqual([]);
    const hits = ix.search(q('de', 'schwimmbad'), { synonyms });
    expect(byId(units, hits)).toEqual(['pool']);
    expect(term(hits[0], 'schwimmbad')).toMatchObject({ matched: true, via: 'pool' });
    expect(hits[0].coverage).toBeGreaterThan(0.5);
    expect(hits[0].coverage).toBeLessThan(1);
    const direct = ix.search(q('de', 'pool'))[0];
    expect(hits[0].score).toBeLessThan(direct.score);
    // a synonym not in this language's vocabulary adds nothing
    expect(ix.search(q('de', 'schwimmbad'), { synonyms: new Map([['de', new Map([['schwimmbad', ['swimmingpool']]])]]) })).toEqual([]);
  });

  it('a synonym the content has only with an ending the stemmer kept matches that longer form, below the synonym itself', () => {
    // PostgreSQL 15's German stemmer keeps "gesellschafterin" whole; newer ones cut it to "gesellschaft".
    const units = [unit('impressum', 'de', 'gesellschafterin', 'registergericht'), unit('jobs', 'de', 'stelle'), unit('verein', 'de', 'gesellschaftsspielabend')];
    const ix = new SearchIndex(units);
    const synonyms = new Map([['de', new Map([['company', ['gesellschaft']]])]]);
    const hits = ix.search(q('de', 'company'), { synonyms });
    // "gesellschaftsspielabend" is a longer word, not the same one with an ending
    expect(byId(units, hits)).toEqual(['impressum']);
    expect(term(hits[0], 'company')).toMatchObject({ matched: true, via: 'gesellschafterin' });
    const asSynonym = new SearchIndex([unit('impressum', 'de', 'gesellschaft', 'registergericht'), ...units.slice(1)]).search(q('de', 'company'), { synonyms })[0];
    expect(hits[0].score).toBeLessThan(asSynonym.score);
  });
});

describe('a phrase of a concept as a synonym', () => {
  // "Stadtführung" is "guided city walk" in the English content: one concept, one word in German, a phrase in English.
  const units = [
    unit('walk', 'en', 'guid', 'citi', 'walk', 'friday'),
    unit('city', 'en', 'citi', 'centr', 'tram'),
    unit('dog', 'en', 'dog', 'walk', 'park'),
    unit('other', 'en', 'room', 'price'),
  ];
  const synonyms = new Map([['en', new Map([['stadtfuhrung', ['citi walk', 'citi tour']]])]]);

  it('finds the units holding all its words, and marks the term held by those words', () => {
    const ix = new SearchIndex(units);
    const hits = ix.search(q('en', 'stadtfuhrung'), { synonyms });
    expect(byId(units, hits)).toEqual(['walk']);
    expect(term(hits[0], 'stadtfuhrung')).toMatchObject({ matched: true, via: 'citi', vias: ['citi', 'walk'] });
    // A phrase whose word the content lacks ("tour") finds nothing.
    expect(ix.search(q('en', 'stadtfuhrung'), { synonyms: new Map([['en', new Map([['stadtfuhrung', ['citi tour']]])]]) })).toEqual([]);
  });

  it('scores the same in the index of a large chatbot, whose candidates the phrase brings in', () => {
    const chatbot = new SearchIndex(units);
    const b = new PostingsIndexBuilder();
    for (const u of units) b.add(u.id, u.lang, [...u.terms.keys()].map((l) => `'${l}':3`).join(' '));
    const built = b.build();
    const corpus = new PostingsCorpus(built);
    const query = q('en', 'stadtfuhrung', 'friday');
    const expanded = new SearchIndex([], { corpus }).expandQuery(query, { synonyms });
    expect(expanded).toEqual(chatbot.expandQuery(query, { synonyms }));
    // The phrase alone brings its unit in (through its rarest word).
    const alone = new SearchIndex([], { corpus }).expandQuery(q('en', 'stadtfuhrung'), { synonyms });
    expect(built.topUnitsFor(alone, { preferLang: 'en', keep: 2, keepOther: 0 }).map((i) => units[i].id)).toContain('walk');
    const full = chatbot.search(query, { synonyms })[0];
    const some = [units[0], units[2]];
    const ranked = new SearchIndex(some, { corpus }).search(query, { synonyms, expanded })[0];
    expect(some[ranked.index].id).toBe('walk');
    expect(ranked.score).toBeCloseTo(full.score, 12);
  });
});

describe('the candidates of a large chatbot', () => {
  it('hold every unit of another language that the full index ranks, however many of that language rank', () => {
    // Five English units and thirty German ones of falling weight: a full index's 24 best hold 19 German units.
    const units = [
      ...Array.from({ length: 5 }, (_, i) => unit(`en${i}`, 'en', 'sauna', 'spa')),
      ...Array.from({ length: 30 }, (_, i) => unit(`de${i}`, 'de', 'sauna', ...Array.from({ length: i }, (_, k) => `wort${k}`))),
    ];
    const query = new Map([['en', ['sauna', 'spa']], ['de', ['sauna']]]);
    const opts = { limit: 24, preferLang: 'en', otherLangFactor: 0.4, synonyms: new Map() };
    const full = byId(units, new SearchIndex(units).search(query, opts));
    const b = new PostingsIndexBuilder();
    for (const u of units) b.add(u.id, u.lang, [...u.terms.keys()].map((l) => `'${l}':3`).join(' '));
    const index = b.build();
    const { units: candidates, hits } = rankCandidates({ index, corpus: new PostingsCorpus(index) }, query, opts);
    expect(full.filter((id) => id.startsWith('de')).length).toBeGreaterThan(15);
    expect(hits.map((h) => candidates[h.index].id)).toEqual(full);
  });
});

describe('languages', () => {
  const units = [
    unit('de-sauna', 'de', 'hotel', 'sauna'),
    unit('de-hotel', 'de', 'hotel', 'zimmer'),
    unit('en-sauna', 'en', 'hotel', 'sauna'),
    unit('en-hotel', 'en', 'hotel', 'room'),
  ];
  const ix = new SearchIndex(units);
  const both = new Map([['de', ['sauna']], ['en', ['sauna']]]);

  it('preferLang ranks the visitor\'s language first among equals', () => {
    expect(byId(units, ix.search(both, { preferLang: 'en' }))).toEqual(['en-sauna', 'de-sauna']);
    expect(byId(units, ix.search(both, { preferLang: 'de' }))).toEqual(['de-sauna', 'en-sauna']);
    const [first, second] = ix.search(both, { preferLang: 'en', otherLangFactor: 0.5 });
    expect(second.score).toBeCloseTo(first.score * 0.5, 6);
    // coverage is not lowered by the language preference
    expect(second.coverage).toBeCloseTo(1, 6);
  });

  it('idf is per language: a word common in one language stays rare in another', () => {
    const t = [
      unit('de1', 'de', 'wellness', 'sauna'),
      unit('de2', 'de', 'wellness', 'pool'),
      unit('de3', 'de', 'wellness', 'garten'),
      unit('de4', 'de', 'wellness', 'bar'),
      unit('en1', 'en', 'wellness', 'spa'),
      unit('en2', 'en', 'room'),
      unit('en3', 'en', 'garden'),
      unit('en4', 'en', 'bar'),
    ];
    const hits = new SearchIndex(t).search(new Map([['de', ['wellness']], ['en', ['wellness']]]));
    const de = hits.find((h) => t[h.index].lang === 'de')!;
    const en = hits.find((h) => t[h.index].lang === 'en')!;
    expect(term(en, 'wellness').idf).toBeGreaterThan(term(de, 'wellness').idf * 3);
    expect(t[hits[0].index].id).toBe('en1');
    // the hit lists only the terms in the unit's own language
    expect(de.terms.map((x) => x.term)).toEqual(['wellness']);
  });

  it('a short question word finds longer words only in the visitor\'s own language ("uber" is no prefix of German "überall")', () => {
    const t = [unit('de-geld', 'de', 'uberall', 'oberstdorf'), unit('de-sauna', 'de', 'saunalandschaft'), unit('en-x', 'en', 'hotel')];
    const ix2 = new SearchIndex(t);
    const ask = (lexeme: string, preferLang: string) => byId(t, ix2.search(new Map([['de', [lexeme]]]), { preferLang }));
    expect(ask('uber', 'de')).toEqual(['de-geld']);
    expect(ask('uber', 'en')).toEqual([]);
    // a word long enough to be the other language's word too still finds its compounds there
    expect(ask('sauna', 'en')).toEqual(['de-sauna']);
    expect(ix2.hasTerm('de', 'uberall')).toBe(true);
    expect(ix2.hasTerm('en', 'uberall')).toBe(false);
  });

  it('units are matched only by the question parsed in their own language', () => {
    expect(byId(units, ix.search(q('en', 'sauna')))).toEqual(['en-sauna']);
    expect(byId(units, ix.search(q('de', 'sauna')))).toEqual(['de-sauna']);
    expect(ix.languages().sort()).toEqual(['de', 'en']);
  });
});

describe('an index for one question’s candidates (fuzzy: false)', () => {
  it('finds the same longer words and compounds of a known word as a chatbot’s index, in the same order', () => {
    const words = ['reifen', 'reifenwechsel', 'winterreifenwechsel', 'sommerreifenwechsel', 'reifendruck', 'wechsel', 'ölwechsel', 'kosten', 'kostet', 'kostenlos',
      'hund', 'hundesitter', 'hundehütte', 'sauna', 'saunawelt', 'familiensauna', 'zimmer', 'doppelzimmer', 'einzelzimmer', 'zimmerpreis', 'übernachtung', 'überall', 'äpfel', 'öffnungszeit'];
    const units = words.map((w, i) => unit(`u${i}`, 'de', w, words[(i * 5) % words.length], words[(i * 7 + 3) % words.length]));
    // More than the 40 alternatives a term keeps: the first 40 in order are the same in both.
    for (let i = 0; i < 50; i++) units.push(unit(`z${i}`, 'de', `zimmer${String.fromCharCode(97 + (i % 26))}${i}`, `${i}doppelzimmer`));
    const chatbot = new SearchIndex(units);
    const candidates = new SearchIndex(units, { fuzzy: false });
    for (const w of ['reifen', 'wechsel', 'reifenwechsel', 'kost', 'hund', 'sauna', 'zimmer', 'über', 'öffnungszeit']) {
      if (!chatbot.hasTerm('de', w)) continue;
      expect(candidates.expand(w, 'de')).toEqual(chatbot.expand(w, 'de'));
      expect(candidates.expand(w, 'de', [], true)).toEqual(chatbot.expand(w, 'de', [], true));
    }
    expect(candidates.expand('zimmer', 'de').alternatives.length).toBe(40);
    expect(candidates.expand('wechsel', 'de').alternatives.map((a) => a.lexeme)).toContain('winterreifenwechsel');
  });
});

describe('an index over some units of a large chatbot, with the chatbot’s vocabulary (corpus)', () => {
  it('expands words, typos and unknown compounds as the chatbot’s full index does, and scores a unit the same', () => {
    const words = ['reifen', 'reifenwechsel', 'winterreifenwechsel', 'sommerreifenwechsel', 'reifendruck', 'wechsel', 'ölwechsel', 'kosten', 'kostet', 'kostenlos',
      'hund', 'hundesitter', 'hundehütte', 'sauna', 'saunawelt', 'familiensauna', 'zimmer', 'doppelzimmer', 'einzelzimmer', 'zimmerpreis', 'reservierung', 'gebühr', 'mitnahme'];
    const units = words.map((w, i) => unit(`u${i}`, 'de', w, words[(i * 5) % words.length], words[(i * 7 + 3) % words.length]));
    for (let i = 0; i < 50; i++) units.push(unit(`z${i}`, 'de', `zimmer${String.fromCharCode(97 + (i % 26))}${i}`, `${i}doppelzimmer`));
    const chatbot = new SearchIndex(units);
    const b = new PostingsIndexBuilder();
    for (const u of units) b.add(u.id, u.lang, [...u.terms].map(([l, f]) => `'${l}':${[...Array(f.a).fill('1A'), ...Array(f.b).fill('2B'), ...Array(f.d).fill('3')].join(',')}`).join(' '));
    const corpus = new PostingsCorpus(b.build());
    const some = units.filter((_, i) => i % 3 === 0);
    const candidates = new SearchIndex(some, { corpus });
    for (const w of ['reifen', 'wechsel', 'reifenwechsel', 'kost', 'hund', 'sauna', 'zimmer', 'reservirung', 'hundgebuhr', 'saunamitnahme']) {
      expect(candidates.expand(w, 'de')).toEqual(chatbot.expand(w, 'de'));
      expect(candidates.expand(w, 'de', [], true)).toEqual(chatbot.expand(w, 'de', [], true));
    }
    expect(candidates.expand('reservirung', 'de').alternatives.map((a) => a.lexeme)).toContain('reservierung');
    const query = new Map([['de', ['reifenwechsel', 'kost', 'hund']]]);
    const all = new Map(chatbot.search(query, { limit: 100 }).map((h) => [units[h.index].id, h]));
    const hits = candidates.search(query, { limit: 100 });
    expect(hits.length).toBeGreaterThan(3);
    for (const h of hits) {
      const full = all.get(some[h.index].id)!;
      expect(h.score).toBeCloseTo(full.score, 12);
      expect(h.coverage).toBeCloseTo(full.coverage, 12);
    }
  });
});

describe('spellings the stemmer keeps apart', () => {
  const units = [unit('verleih', 'de', 'e-bik', 'tag'), unit('abholung', 'de', 'hol', 'rad'), unit('laden', 'de', 'rad', 'tag'), unit('ebike', 'en', 'ebik', 'day')];
  const ix = new SearchIndex(units);

  it('a word with or without its hyphen is the same word: "Ebike" finds "E-Bike", "e-bike" finds "ebike"', () => {
    expect(byId(units, ix.search(q('de', 'ebik')))).toEqual(['verleih']);
    expect(byId(units, ix.search(q('en', 'e-bik')))).toEqual(['ebike']);
  });

  it('a German verb in the form visitors write finds its stem: "holt ihr … ab" finds "wir holen … ab"', () => {
    const [hit] = ix.search(q('de', 'holt', 'rad'));
    expect(units[hit.index].id).toBe('abholung');
    expect(term(hit, 'holt')).toMatchObject({ matched: true, via: 'hol' });
    // Only for German, and only for a word the content does not have itself.
    expect(ix.search(q('en', 'holt'))).toEqual([]);
  });

  it('a German compound written apart finds the compound: "früh buche" finds "Frühbucherrabatt"', () => {
    const ix2 = new SearchIndex([unit('rabatt', 'de', 'fruhbucherrabatt', 'kombini'), unit('buch', 'de', 'buch', 'onlin'), unit('fruh', 'de', 'fruhstuck')]);
    const [hit] = ix2.search(q('de', 'fruh', 'buch', 'kombini'));
    expect(ix2.size).toBe(3);
    expect(hit.terms.filter((t) => t.matched).map((t) => [t.term, t.via])).toEqual([
      ['fruh', 'fruhbucherrabatt'],
      ['buch', 'fruhbucherrabatt'],
      ['kombini', 'kombini'],
    ]);
    // Only German: English content writes its compounds apart itself.
    const en = new SearchIndex([unit('cover', 'en', 'kidseatcover'), unit('other', 'en', 'discount')]);
    expect(en.search(q('en', 'kid', 'seat'))).toEqual([]);
    const de = new SearchIndex([unit('cover', 'de', 'kidseatcover'), unit('other', 'de', 'discount')]);
    expect(de.search(q('de', 'kid', 'seat')).map((h) => h.index)).toEqual([0]);
  });

  it('a German verb finds its participle and its noun: "ablehnt" finds "abgelehnt" and "Ablehnungsbescheid", "bucht" finds "gebucht"', () => {
    expect(germanVerbForms('ablehnt')).toEqual({ participles: ['abgelehnt'], noun: 'ablehnung', verb: 'lehnt' });
    expect(germanVerbForms('bucht')).toEqual({ participles: ['gebucht'], noun: 'buchung', verb: null });
    expect(germanVerbForms('verschickt')).toEqual({ participles: [], noun: 'verschickung', verb: null });
    expect(germanVerbForms('rad')).toEqual({ participles: [], noun: null, verb: null });
    // Strong verbs change their stem ("abgezogen", "Abzug"); "aufbewahrt" takes no "ge"; "zurück" is folded.
    expect(germanVerbForms('abzieht')).toEqual({ participles: ['abgezog'], noun: 'abzug', verb: 'zieht' });
    expect(germanVerbForms('zuruckgibt')).toEqual({ participles: ['zuruckgegeb'], noun: 'zuruckgab', verb: 'gibt' });
    expect(germanVerbForms('aufbewahrt')).toEqual({ participles: ['aufbewahrt'], noun: 'aufbewahrung', verb: 'bewahrt' });
    const forms = new SearchIndex([unit('visum', 'de', 'abgelehnt', 'visum'), unit('bescheid', 'de', 'ablehnungsbescheid'), unit('zimmer', 'de', 'gebucht')]);
    expect(forms.expand('ablehnt', 'de').alternatives.map((a) => a.lexeme)).toEqual(['abgelehnt', 'ablehnungsbescheid']);
    expect(forms.expand('bucht', 'de').alternatives.map((a) => a.lexeme)).toEqual(['gebucht']);
    // The verb with its particle finds the page that splits it too: "Fundsachen bewahren wir 6 Monate auf".
    const split = new SearchIndex([unit('fund', 'de', 'fundsach', 'bewahr'), unit('pause', 'de', 'paus', 'abgezog')]);
    expect(split.expand('aufbewahrt', 'de').alternatives.map((a) => a.lexeme)).toEqual(['bewahr']);
    expect(split.expand('abzieht', 'de').alternatives.map((a) => a.lexeme)).toEqual(['abgezog']);
  });
});
