import { describe, expect, it } from 'vitest';
import { causeOfFailure, parseTestRows, sameUrl, scoreOf, scoreTest, suggestTestQuestions } from '../../server/src/quality/testScore.ts';

const LIMITS = { question: 2000, fact: 200, facts: 20, url: 2000 };
const page = (url: string) => ({ type: 'webpage', id: url, url });

describe('scoring a test answer (the quality bench rules)', () => {
  const t = { lang: 'de', expectedUrl: 'https://hotel.test/zimmer/', expectedSource: null, expectedFacts: ['129 €', '15:00'] };
  it('passes with the expected page among the first three sources and every fact in any notation', () => {
    const o = scoreTest(t, { answer: 'Das Zimmer kostet 129 Euro, Check-in ab 15 Uhr.', sources: [page('https://a.test/'), page('https://b.test/'), page('http://hotel.test/zimmer#preise')], answeredBy: 'retrieval', contact: null });
    expect(o).toEqual({ passed: true, sourceOk: true, factsOk: true, declined: false, missingFacts: [] });
  });
  it('fails on the source in fourth place, a missing fact, a digit touching the fact, and a decline', () => {
    const four = [page('https://a.test/'), page('https://b.test/'), page('https://c.test/'), page('https://hotel.test/zimmer')];
    expect(scoreTest(t, { answer: '129 € ab 15:00', sources: four, answeredBy: 'retrieval', contact: null })).toMatchObject({ passed: false, sourceOk: false, factsOk: true });
    expect(scoreTest(t, { answer: 'Es kostet 1129 € ab 15:00', sources: [page('https://hotel.test/zimmer')], answeredBy: 'retrieval', contact: null }))
      .toMatchObject({ passed: false, sourceOk: true, factsOk: false, missingFacts: ['129 €'] });
    expect(scoreTest(t, { answer: '129 € ab 15:00', sources: [page('https://hotel.test/zimmer')], answeredBy: 'retrieval', contact: { name: 'Frau A' } }))
      .toMatchObject({ passed: false, declined: true });
  });
  it('checks only what is expected: any source, no facts; a training source by its id', () => {
    const none = { lang: 'en', expectedUrl: null, expectedSource: null, expectedFacts: [] };
    expect(scoreTest(none, { answer: 'Yes.', sources: [page('https://x.test/')], answeredBy: 'qna', contact: null })).toMatchObject({ passed: true, sourceOk: null, factsOk: null });
    expect(scoreTest(none, { answer: 'Sorry.', sources: [], answeredBy: 'fallback', contact: null }).passed).toBe(false);
    const doc = { ...none, expectedSource: { type: 'document', id: 'd1' } };
    expect(scoreTest(doc, { answer: 'x', sources: [{ type: 'document', id: 'd1' }], answeredBy: 'retrieval', contact: null }).passed).toBe(true);
    expect(scoreTest(doc, { answer: 'x', sources: [{ type: 'qna', id: 'd1' }], answeredBy: 'retrieval', contact: null }).passed).toBe(false);
  });
  it('compares URLs by host, path and query; the score is the share passing', () => {
    expect(sameUrl('https://Hotel.test/a/', 'http://hotel.test/a')).toBe(true);
    expect(sameUrl('https://hotel.test/a?x=1', 'https://hotel.test/a')).toBe(false);
    expect(sameUrl('https://hotel.test:8080/a', 'https://hotel.test/a')).toBe(false);
    expect(sameUrl('kein url', 'kein url')).toBe(false);
    expect(scoreOf(2, 3)).toBe(0.667);
    expect(scoreOf(0, 0)).toBeNull();
  });
});

describe('the page change behind a failing test', () => {
  const changes = [
    { url: 'https://h.test/neu', outcome: 'added' as const, scrapeJobId: 'j' },
    { url: 'https://h.test/alt', outcome: 'removed' as const, scrapeJobId: 'j' },
    { url: 'https://h.test/zimmer', outcome: 'changed' as const, scrapeJobId: 'j' },
    { url: 'https://h.test/egal', outcome: 'changed' as const, scrapeJobId: 'j' },
  ];
  it('names the expected page first, then pages the passing answer cited, then pages the failing one cites', () => {
    const c = causeOfFailure({ expectedUrl: 'https://h.test/zimmer/' }, { sources: [page('https://h.test/alt')] }, { sources: [page('https://h.test/neu')] }, changes);
    expect(c.map((x) => [x.outcome, x.url])).toEqual([['changed', 'https://h.test/zimmer'], ['removed', 'https://h.test/alt'], ['added', 'https://h.test/neu']]);
  });
  it('names nothing when no change touches the test', () => {
    expect(causeOfFailure({ expectedUrl: 'https://h.test/x' }, { sources: [page('https://h.test/y')] }, { sources: [] }, changes)).toEqual([]);
  });
});

describe('import rows', () => {
  it('reads question, expected source, facts and language; skips a header; names bad rows', () => {
    const r = parseTestRows([
      { row: 1, values: ['Frage', 'Seite', 'Fakten'] },
      { row: 2, values: ['Was kostet das Zimmer?', 'https://h.test/zimmer', '129 €; 2 Personen'] },
      { row: 3, values: ['Dogs?', '', '', 'EN'] },
      { row: 4, values: ['', 'https://h.test/'] },
      { row: 5, values: ['a', 'b', 'c', 'd', 'e'] },
      { row: 6, values: ['ok', '', '', 'deutsch'] },
      { row: 7, values: ['Null\u0000byte?'] },
    ], LIMITS);
    expect(r.rows).toEqual([
      { row: 2, question: 'Was kostet das Zimmer?', expected: 'https://h.test/zimmer', facts: ['129 €', '2 Personen'], lang: null },
      { row: 3, question: 'Dogs?', expected: null, facts: [], lang: 'en' },
      { row: 7, question: 'Nullbyte?', expected: null, facts: [], lang: null },
    ]);
    expect(r.bad).toEqual([4, 5, 6]);
  });
  it('refuses a question or fact beyond its limit', () => {
    const r = parseTestRows([{ row: 1, values: ['x'.repeat(2001)] }, { row: 2, values: ['ok', '', 'y'.repeat(201)] }], LIMITS);
    expect(r).toEqual({ rows: [], bad: [1, 2] });
  });
});

describe('suggested test questions', () => {
  const u = (kind: string, heading: string, source: { type: 'webpage' | 'document' | 'qna'; id: string; url?: string }, lang = 'de') => ({ kind, heading, lang, source });
  it('takes Q&A pairs, then FAQ questions, then headings; two per source, no duplicates, expecting their source', () => {
    const s = suggestTestQuestions([
      u('faq', 'Häufige Fragen › Haben Sie Parkplätze?', { type: 'webpage', id: 'p1', url: 'https://h.test/faq' }),
      u('faq', 'Häufige Fragen › Sind Hunde erlaubt?', { type: 'webpage', id: 'p1', url: 'https://h.test/faq' }),
      u('faq', 'Häufige Fragen › Gibt es WLAN?', { type: 'webpage', id: 'p1', url: 'https://h.test/faq' }),
      u('text', 'Zimmer und Preise', { type: 'webpage', id: 'p2', url: 'https://h.test/zimmer' }),
      u('text', 'Ein sehr langer Abschnittstitel mit vielen Wörtern darin ohne Ende', { type: 'webpage', id: 'p3', url: 'https://h.test/lang' }),
      u('faq', 'Wann ist Check-in?', { type: 'qna', id: 'q1' }),
      u('faq', 'haben sie parkplätze', { type: 'qna', id: 'q2' }),
    ], 10, new Set(['gibt es wlan']));
    expect(s).toEqual([
      { lang: 'de', question: 'Wann ist Check-in?', expectedUrl: null, expectedSource: { type: 'qna', id: 'q1' } },
      { lang: 'de', question: 'haben sie parkplätze', expectedUrl: null, expectedSource: { type: 'qna', id: 'q2' } },
      { lang: 'de', question: 'Sind Hunde erlaubt?', expectedUrl: 'https://h.test/faq', expectedSource: null },
      { lang: 'de', question: 'Was können Sie mir zu „Zimmer und Preise“ sagen?', expectedUrl: 'https://h.test/zimmer', expectedSource: null },
    ]);
    expect(suggestTestQuestions([u('text', 'Rooms', { type: 'webpage', id: 'e', url: 'https://h.test/en' }, 'en')], 1)[0].question).toBe('What can you tell me about "Rooms"?');
  });
});

describe('the sheet reader shared with the Q&A import', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  it('reads CSV rows with their numbers and refuses what is no spreadsheet with the import\'s own key', async () => {
    const { readSheetRows } = await import('../../server/src/training/qna.ts');
    expect(readSheetRows(Buffer.from('question,expected\n\n"Wo, bitte?",https://h.test/\n'), 'testQuestions')).toEqual([
      { row: 1, values: ['question', 'expected'] },
      { row: 3, values: ['Wo, bitte?', 'https://h.test/'] },
    ]);
    expect(() => readSheetRows(png, 'testQuestions')).toThrow(expect.objectContaining({ key: 'TestQuestionImportFailed' }));
    expect(() => readSheetRows(png, 'qna')).toThrow(expect.objectContaining({ key: 'QnaImportFailed' }));
  });
});
