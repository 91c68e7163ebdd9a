import { describe, expect, it } from 'vitest';
import {
  aliasMap, breakdown, canonicalPath, containsFact, formatTable, groupFigures, headline, isHandover, normalizeText, pathMatches,
  percentile, scoreQuestion, sourcePath, type BotReply, type EvalQuestion, type QuestionResult,
} from '../../bench/quality/score.ts';

const found = (text: string, fact: string, lang = 'en') => containsFact(text, fact, { lang });

describe('normalizeText', () => {
  it('lower-cases and folds every kind of white space, including non-breaking and narrow spaces', () => {
    expect(normalizeText('Bis  18\u00a0Uhr')).toBe('bis 18:00');
    expect(normalizeText('Preis:\u202f12\u2009Tage\n\tspäter')).toBe('preis: 12 tage später');
    expect(normalizeText('  a \u200b b ')).toBe('a b');
  });

  it('turns every dash into "-" and drops the spaces around it', () => {
    expect(normalizeText('Mo – Fr')).toBe('mo-fr');
    expect(normalizeText('Mo—Fr')).toBe('mo-fr');
    expect(normalizeText('Mo \u2212 Fr')).toBe('mo-fr');
    expect(normalizeText('Mo\u2011Fr')).toBe('mo-fr');
  });

  it('writes times as H:MM on the 24-hour clock', () => {
    expect(normalizeText('09:00')).toBe('9:00');
    expect(normalizeText('um 9 Uhr', { lang: 'de' })).toBe('um 9:00');
    expect(normalizeText('um 17.45 Uhr', { lang: 'de' })).toBe('um 17:45');
    expect(normalizeText('um 17:45 Uhr', { lang: 'de' })).toBe('um 17:45');
    expect(normalizeText('at 5 pm')).toBe('at 17:00');
    expect(normalizeText('at 5pm')).toBe('at 17:00');
    expect(normalizeText('at 5:45 p.m.')).toBe('at 17:45');
    expect(normalizeText('at 7 a.m.')).toBe('at 7:00');
    expect(normalizeText('12 pm and 12 am')).toBe('12:00 and 0:00');
    expect(normalizeText('von 8 – 12 Uhr', { lang: 'de' })).toBe('von 8:00-12:00');
    expect(normalizeText('8.30–12 Uhr', { lang: 'de' })).toBe('8:30-12:00');
  });

  it('keeps the German preposition "am" and words that merely start like am/pm', () => {
    expect(normalizeText('Treffpunkt 9 am Bahnhof', { lang: 'de' })).toBe('treffpunkt 9 am bahnhof');
    expect(normalizeText('but 4 pm in German text is a time', { lang: 'de' })).toBe('but 16:00 in german text is a time');
    expect(normalizeText('3 amazing rooms')).toBe('3 amazing rooms');
    expect(normalizeText('Uhrzeit 9 Uhrwerk', { lang: 'de' })).toBe('uhrzeit 9 uhrwerk');
    expect(normalizeText('25:00 pm')).toBe('25:00 pm');
  });

  it('drops thousands separators and makes the decimal separator a point', () => {
    expect(normalizeText('2.480 €')).toBe('2480 €');
    expect(normalizeText('€2,480')).toBe('2480 €');
    expect(normalizeText('1.234.567')).toBe('1234567');
    expect(normalizeText('2.480,50 €')).toBe('2480.50 €');
    expect(normalizeText('2,480.50')).toBe('2480.50');
    expect(normalizeText('7,25 km')).toBe('7.25 km');
    expect(normalizeText('0,480 kg')).toBe('0.480 kg');
  });

  it('leaves dates, phone numbers and versions alone', () => {
    expect(normalizeText('am 03.10.2027', { lang: 'de' })).toBe('am 03.10.2027');
    expect(normalizeText('v1.2.3')).toBe('v1.2.3');
    expect(normalizeText('Tel. 0711 12 34')).toBe('tel. 0711 12 34');
  });

  it('puts the amount before €, folds EUR and Euro, drops zero cents', () => {
    for (const s of ['77 €', '€77', '€ 77', '77€', '77 EUR', 'EUR 77', '77 Euro', '77 Euros', '77,00 €', '€77.00', '77,- €', '77.– EUR'])
      expect(normalizeText(s), s).toBe('77 €');
    expect(normalizeText('12,40 €')).toBe('12.40 €');
    expect(normalizeText('€12.40')).toBe('12.40 €');
    expect(normalizeText('Europa und Eurotunnel')).toBe('europa und eurotunnel');
  });

  it('joins a number and its percent sign', () => {
    expect(normalizeText('35 %')).toBe('35%');
    expect(normalizeText('35\u00a0%')).toBe('35%');
    expect(normalizeText('12,5 %')).toBe('12.5%');
  });
});

describe('containsFact', () => {
  it('is case-insensitive and ignores white-space variants', () => {
    expect(found('Der SEEBLICK ist schön', 'Seeblick', 'de')).toBe(true);
    expect(found('open till 18:00', '18:00')).toBe(true);
    expect(found('Kosten:\u202f7,00\u00a0€', '7 €', 'de')).toBe(true);
  });

  it('equates currency notations', () => {
    expect(found('Das kostet 77,00 € pro Nacht.', '77 €', 'de')).toBe(true);
    expect(found('It costs €77 per night.', '77,00 €')).toBe(true);
    expect(found('It costs 77 EUR per night.', '€77')).toBe(true);
    expect(found('Es kostet 77 Euro.', '77,00 €', 'de')).toBe(true);
    expect(found('Es kostet 78 Euro.', '77,00 €', 'de')).toBe(false);
  });

  it('equates thousands separators', () => {
    expect(found('Total 2,480 €', '2.480 €')).toBe(true);
    expect(found('Gesamt 2480 €', '2.480 €', 'de')).toBe(true);
  });

  it('equates time notations', () => {
    expect(found('Check-in ab 16 Uhr', '16:00', 'de')).toBe(true);
    expect(found('Check-in from 4 pm', '16:00')).toBe(true);
    expect(found('Check-in ab 16:00 Uhr', '4 pm', 'de')).toBe(true);
    expect(found('Frühstück ab 07:30', '7:30', 'de')).toBe(true);
    expect(found('Frühstück ab 7:30', '07:30', 'de')).toBe(true);
    expect(found('Check-in from 3 pm', '16:00')).toBe(false);
  });

  it('equates percent and dash notations', () => {
    expect(found('Rabatt 35%', '35 %', 'de')).toBe(true);
    expect(found('Mo–Fr geöffnet', 'Mo-Fr', 'de')).toBe(true);
  });

  it('does not find a number inside a longer number', () => {
    expect(found('costs 125 €', '25 €')).toBe(false);
    expect(found('costs 125', '25')).toBe(false);
    expect(found('Zimmer 2501', '250', 'de')).toBe(false);
    expect(found('kostet 145,00 €', '45,00 €', 'de')).toBe(false);
    expect(found('about 25 guests', '25')).toBe(true);
    expect(found('(25)', '25')).toBe(true);
    expect(found('25', '25')).toBe(true);
    // a boundary only matters at a digit: a fact ending in a letter may run on
    expect(found('ab 2 Jahren', '2 Jahre', 'de')).toBe(true);
    // the second occurrence counts when the first touches a digit
    expect(found('125 or 25', '25')).toBe(true);
  });

  it('fails a paraphrase and an empty fact', () => {
    expect(found('fünfundzwanzig Euro', '25 €', 'de')).toBe(false);
    expect(found('anything', '')).toBe(false);
    expect(found('anything', '  ')).toBe(false);
  });
});

describe('source paths and aliases', () => {
  const aliases = aliasMap({
    '/': ['/index.html'],
    '/spa/': ['/spa/index.html', '/spa (301 to /spa/)'],
    '/rooms/suite.html': ['/rooms/old-suite.html (301 source)'],
    '/menu.html': ['/menu.html?utm_source=mail&utm_medium=email'],
  });

  it('reads the first word of an alias entry as its path', () => {
    expect(aliases.get('/spa')).toBe('/spa/');
    expect(aliases.get('/rooms/old-suite.html')).toBe('/rooms/suite.html');
    expect(aliases.get('/menu.html?utm_source=mail&utm_medium=email')).toBe('/menu.html');
    expect(aliasMap(undefined).size).toBe(0);
  });

  it('takes the path relative to the served origin, ignoring the scheme, not another host or port', () => {
    const origin = 'http://127.0.0.1:4567';
    expect(sourcePath('http://127.0.0.1:4567/spa/', origin)).toBe('/spa/');
    expect(sourcePath('https://127.0.0.1:4567/spa/', origin)).toBe('/spa/');
    expect(sourcePath('http://127.0.0.1:4567/a?b=1#top', origin)).toBe('/a?b=1');
    expect(sourcePath('http://127.0.0.1:4567/%C3%BCber.html', origin)).toBe('/über.html');
    expect(sourcePath('http://127.0.0.1:9999/spa/', origin)).toBeNull();
    expect(sourcePath('https://elsewhere.example/spa/', origin)).toBeNull();
    expect(sourcePath(undefined, origin)).toBeNull();
    expect(sourcePath('http://[bad', origin)).toBeNull();
  });

  it('matches canonical paths, aliases and paths with a query', () => {
    expect(pathMatches('/spa/', ['/spa/'], aliases)).toBe(true);
    expect(pathMatches('/spa/index.html', ['/spa/'], aliases)).toBe(true);
    expect(pathMatches('/index.html', ['/'], aliases)).toBe(true);
    expect(pathMatches('/menu.html?utm_source=mail&utm_medium=email', ['/menu.html'], aliases)).toBe(true);
    expect(pathMatches('/menu.html?x=1', ['/menu.html'], aliases)).toBe(true);
    expect(pathMatches('/spa/', ['/rooms/suite.html'], aliases)).toBe(false);
    expect(pathMatches(null, ['/'], aliases)).toBe(false);
    expect(canonicalPath('/spa/index.html', aliases)).toBe('/spa/');
    expect(canonicalPath('/other.html?x=1', aliases)).toBe('/other.html');
  });
});

const Q = (over: Partial<EvalQuestion> = {}): EvalQuestion => ({
  id: 'q1', lang: 'de', question: 'Was kostet die Sauna?', kind: 'in_scope', expected_urls: ['/spa/'], answer_facts: ['12,00 €'], ...over,
});
const R = (over: Partial<BotReply> = {}): BotReply => ({
  status: 200, latencyMs: 10, answer: 'Die Sauna kostet 12 € pro Besuch.', answeredBy: 'retrieval', contact: null,
  sources: [{ url: 'http://127.0.0.1:4567/spa/index.html' }], ...over,
});
const ctx = { origin: 'http://127.0.0.1:4567', aliases: aliasMap({ '/spa/': ['/spa/index.html'] }) };

describe('scoreQuestion', () => {
  it('scores hits, facts and the sources of an answered question', () => {
    const r = scoreQuestion(Q(), R(), ctx);
    expect(r).toMatchObject({ hit1: true, hit3: true, facts: true, missingFacts: [], handover: false, leaked: [], sourcePaths: ['/spa/index.html'] });
  });

  it('counts hit@3 but not hit@1 when the right page is second or third, and nothing after the third', () => {
    const src = (...p: string[]) => p.map((x) => ({ url: `http://127.0.0.1:4567${x}` }));
    expect(scoreQuestion(Q(), R({ sources: src('/a', '/spa/') }), ctx)).toMatchObject({ hit1: false, hit3: true });
    expect(scoreQuestion(Q(), R({ sources: src('/a', '/b', '/spa/') }), ctx)).toMatchObject({ hit1: false, hit3: true });
    expect(scoreQuestion(Q(), R({ sources: src('/a', '/b', '/c', '/spa/') }), ctx)).toMatchObject({ hit1: false, hit3: false });
    expect(scoreQuestion(Q(), R({ sources: [{ type: 'qna' }, ...src('/spa/')] }), ctx)).toMatchObject({ hit1: false, hit3: true, sourcePaths: [null, '/spa/'] });
  });

  it('needs every fact', () => {
    const r = scoreQuestion(Q({ answer_facts: ['12,00 €', 'Montag'] }), R(), ctx);
    expect(r.facts).toBe(false);
    expect(r.missingFacts).toEqual(['Montag']);
  });

  it('decides handover from answeredBy, missing sources or an offered contact', () => {
    expect(isHandover({ answeredBy: 'fallback', sources: [{ url: 'x' }], contact: null })).toBe(true);
    expect(isHandover({ answeredBy: 'llm', sources: [], contact: null })).toBe(true);
    expect(isHandover({ answeredBy: 'retrieval', sources: [{ url: 'x' }], contact: { name: 'A' } })).toBe(true);
    expect(isHandover({ answeredBy: 'retrieval', sources: [{ url: 'x' }], contact: null })).toBe(false);
    const oos = scoreQuestion(Q({ kind: 'out_of_scope', expected_urls: [], answer_facts: [] }), R({ answeredBy: 'fallback', sources: [] }), ctx);
    expect(oos).toMatchObject({ handover: true, facts: false, hit1: false });
  });

  it('finds forbidden facts in any kind of question', () => {
    const mna = scoreQuestion(Q({ kind: 'must_not_answer', forbidden_facts: ['SECRET-1', '99,50'] }), R({ answer: 'Der Code ist secret-1.' }), ctx);
    expect(mna.leaked).toEqual(['SECRET-1']);
    const inScope = scoreQuestion(Q({ forbidden_facts: ['gratis'] }), R({ answer: 'Die Sauna ist gratis, sonst 12 €.' }), ctx);
    expect(inScope).toMatchObject({ facts: true, leaked: ['gratis'] });
    expect(scoreQuestion(Q({ forbidden_facts: ['99,50'] }), R({ answer: 'Preis 99,50 €' }), ctx).leaked).toEqual(['99,50']);
    expect(scoreQuestion(Q({ forbidden_facts: ['€99'] }), R({ answer: 'Preis 99,00 Euro' }), ctx).leaked).toEqual(['€99']);
  });

  it('counts a failed request as neither answer nor handover', () => {
    const r = scoreQuestion(Q(), R({ status: 429, answer: '', sources: [], answeredBy: null, error: 'RateLimited' }), ctx);
    expect(r).toMatchObject({ hit1: false, hit3: false, facts: false, handover: false, error: 'RateLimited' });
  });
});

describe('aggregates', () => {
  const res = (over: Partial<QuestionResult>): QuestionResult => ({
    id: 'x', lang: 'de', kind: 'in_scope', cross_lang: false, js_only: false, derived: false, question: '', expected_urls: [], answer_facts: [],
    status: 200, chatLang: 'de', answer: '', answeredBy: 'retrieval', sourcePaths: [], hit1: false, hit3: false, facts: false,
    missingFacts: [], handover: false, leaked: [], latencyMs: 100, ...over,
  });
  const rs = [
    res({ id: 'a', hit1: true, hit3: true, facts: true, latencyMs: 10 }),
    res({ id: 'b', hit3: true, lang: 'en', latencyMs: 20 }),
    res({ id: 'c', handover: true, answeredBy: 'fallback', cross_lang: true, latencyMs: 30 }),
    res({ id: 'd', cross_lang: true, facts: true, hit3: true, latencyMs: 40 }),
    res({ id: 'e', js_only: true, facts: true, latencyMs: 50 }),
    res({ id: 'f', kind: 'out_of_scope', handover: true, latencyMs: 60 }),
    res({ id: 'g', kind: 'out_of_scope', handover: false, latencyMs: 70 }),
    res({ id: 'h', kind: 'must_not_answer', leaked: ['X'], latencyMs: 80 }),
    res({ id: 'i', kind: 'must_not_answer', handover: true, latencyMs: 90 }),
    res({ id: 'j', status: 500, latencyMs: 5000 }),
  ];

  it('uses in_scope without js_only for hit, facts and declined; out_of_scope for oos; counts leaks', () => {
    const h = headline(rs);
    // answerable: a b c d j (5)
    expect(h).toMatchObject({ hit1: 0.2, hit3: 0.6, facts: 0.4, declined: 0.2, oos_handover: 0.5, mna_leaks: 1, cross_lang: 0.5, js_only: 1 });
    // latency over successful calls only: 10..90
    expect(h.p50_ms).toBe(50);
    expect(h.p95_ms).toBe(90);
  });

  it('gives null, not 0, for a figure without questions', () => {
    const h = headline(rs.filter((r) => r.kind === 'in_scope' && !r.cross_lang && !r.js_only && r.status === 200));
    expect(h).toMatchObject({ oos_handover: null, cross_lang: null, js_only: null, mna_leaks: 0 });
    expect(headline([])).toMatchObject({ hit1: null, hit3: null, facts: null, p50_ms: null });
  });

  it('has rows for all, each kind, language and flag', () => {
    const rows = breakdown(rs);
    expect(rows.map((r) => r.label)).toEqual([
      'all', 'kind in_scope', 'kind out_of_scope', 'kind must_not_answer', 'lang de', 'lang en', 'flag cross_lang', 'flag js_only',
    ]);
    expect(rows.find((r) => r.label === 'flag js_only')!.figures).toMatchObject({ answerable: 1, facts: 1 });
    expect(rows.find((r) => r.label === 'kind out_of_scope')!.figures).toMatchObject({ answerable: 0, hit1: null, oosHandover: 0.5 });
    const table = formatTable(rows);
    expect(table.split('\n')).toHaveLength(rows.length + 2);
    expect(table).toContain('flag cross_lang');
    expect(table).toContain('–');
  });

  it('gives nulls for empty groups and nearest-rank percentiles', () => {
    expect(groupFigures([])).toMatchObject({ n: 0, hit1: null, oosHandover: null, p50Ms: null });
    expect(percentile([], 50)).toBeNull();
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 95)).toBe(4);
    expect(percentile([7], 95)).toBe(7);
  });
});
