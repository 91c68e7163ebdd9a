/**
 * The asking part of a visitor's message (questionFocus.ts), and how the index weighs the words around it
 * and the everyday words the content lacks (generalWords.ts).
 */
import { describe, expect, it } from 'vitest';
import { CONTEXT_WEIGHT, questionFocus, sentencesOfQuestion } from '../../server/src/services/questionFocus.ts';
import { SearchIndex, type IndexedUnit } from '../../server/src/services/searchIndex.ts';
import { GENERAL_WEIGHT, generalWordsOf } from '../../server/src/services/generalWords.ts';

describe('sentencesOfQuestion', () => {
  it('splits after ?, ! and full stops, but not after a number ("am 1. Februar", "am 30.12.")', () => {
    expect(sentencesOfQuestion('Hallo! Ich kann kein Deutsch. Kann ich am 1. Februar anfangen?')).toEqual(['Hallo!', 'Ich kann kein Deutsch.', 'Kann ich am 1. Februar anfangen?']);
    expect(sentencesOfQuestion('Ich komme am 30.12. vorbei, habt ihr offen?')).toEqual(['Ich komme am 30.12. vorbei, habt ihr offen?']);
    expect(sentencesOfQuestion('line one\nline two')).toEqual(['line one', 'line two']);
  });
});

describe('questionFocus', () => {
  it('is the asking sentence of a message that tells a story around it', () => {
    expect(questionFocus('Hallo! Wir sind im Mai mit der Familie in Freiburg (zwei Kinder, 8 und 11). Was kostet denn ein Kinderrad am Tag?')).toBe('Was kostet denn ein Kinderrad am Tag?');
    expect(questionFocus('holt ihr auch räder ab? wohne in gundelfingen und hab kein auto')).toBe('holt ihr auch räder ab?');
    expect(questionFocus('i have zero german. when can i start as a beginner')).toBe('when can i start as a beginner');
    expect(questionFocus('Die Kinder sind klein. Ich hätte gern ein Familienzimmer')).toBe('Ich hätte gern ein Familienzimmer');
  });

  it('is null when all of the message counts alike', () => {
    expect(questionFocus('Was kostet ein Kinderrad?')).toBeNull();
    expect(questionFocus('Gibt es einen Shuttle? Was kostet der?')).toBeNull(); // every sentence asks
    expect(questionFocus('Ich komme morgen. Mein Rad ist kaputt.')).toBeNull(); // none does
    expect(questionFocus('')).toBeNull();
  });

  it('is null when the asking sentence points back at the story', () => {
    expect(questionFocus('Mein Kurs beginnt in 3 Wochen und ich muss absagen. Was kostet mich das?')).toBeNull();
    expect(questionFocus('Ich brauche fürs Visum eine Krankenversicherung. Was kostet die ungefähr im Monat')).toBeNull();
    expect(questionFocus("I'd like to trade in my old bike. what's the minimum you'll give me for it?")).toBeNull();
  });

  it('an "it" after a noun of its own sentence stands for that noun, not for the story', () => {
    expect(questionFocus('my company might send me abroad. if i cancel my course 10 days before it starts, how much do i lose?')).toBe(
      'if i cancel my course 10 days before it starts, how much do i lose?',
    );
    expect(questionFocus('We are coming with our dog. How much is it per night?')).toBeNull();
  });
});

describe('weighing the words around the asking sentences', () => {
  const unit = (id: string, ...words: string[]): IndexedUnit => ({ id, lang: 'de', terms: new Map(words.map((w) => [w, { a: 0, b: 0, d: 1 }])) });
  const units = [unit('preise', 'kinderrad', 'tag', 'preis'), unit('bewertung', 'famili', 'mai', 'kind'), unit('a', 'stadt'), unit('b', 'laden')];
  const ix = new SearchIndex(units);
  const question = new Map([['de', ['famili', 'kinderrad', 'mai', 'tag']]]);

  it('the unit matching the asking sentence outranks the one matching the story', () => {
    const plain = ix.search(question);
    const focused = ix.search(question, { context: new Map([['de', new Set(['famili', 'mai'])]]) });
    expect(units[focused[0].index].id).toBe('preise');
    // The story's words still count, at CONTEXT_WEIGHT: coverage is the share of the weighed question.
    const story = focused.find((h) => units[h.index].id === 'bewertung')!;
    expect(story.score).toBeCloseTo(plain.find((h) => units[h.index].id === 'bewertung')!.score * CONTEXT_WEIGHT, 6);
    expect(focused[0].coverage).toBeGreaterThan(plain.find((h) => units[h.index].id === 'preise')!.coverage);
  });
});

describe('everyday words the content lacks', () => {
  const unit = (id: string, ...words: string[]): IndexedUnit => ({ id, lang: 'en', terms: new Map(words.map((w) => [w, { a: 0, b: 0, d: 1 }])) });
  const ix = new SearchIndex([unit('rates', 'ebik', 'week', 'price'), unit('a', 'shop'), unit('b', 'team'), unit('c', 'rout')]);
  const question = new Map([['en', ['ebik', 'week', 'whole']]]);

  it('weigh GENERAL_WEIGHT of an unknown specific word, so chatting does not make a question look unanswered', () => {
    const plain = ix.search(question)[0];
    const [hit] = ix.search(question, { general: new Map([['en', new Set(['whole'])]]) });
    expect(hit.terms.find((t) => t.term === 'whole')!.idf).toBeCloseTo(plain.terms.find((t) => t.term === 'whole')!.idf * GENERAL_WEIGHT, 6);
    expect(hit.coverage).toBeGreaterThan(plain.coverage);
    // A word of the content keeps its own weight, everyday or not.
    const known = ix.search(question, { general: new Map([['en', new Set(['week'])]]) })[0];
    expect(known.terms.find((t) => t.term === 'week')!.idf).toBe(plain.terms.find((t) => t.term === 'week')!.idf);
  });

  it('generalWordsOf keeps the question words on the everyday lists of its languages', () => {
    expect(generalWordsOf('price for renting an ebike for a whole week?', ['en']).split(' ')).toContain('whole');
    expect(generalWordsOf('price for renting an ebike for a whole week?', ['en'])).not.toMatch(/ebike|renting/);
    expect(generalWordsOf('hab ich jetzt die ganze Woche?', ['de']).split(' ')).toEqual(expect.arrayContaining(['hab', 'jetzt', 'ganze']));
    expect(generalWordsOf('', ['de', 'en'])).toBe('');
  });

  it('counts the words of chat that the everyday lists lack ("leider", "passiert", "wondering")', () => {
    expect(generalWordsOf('Mein Kurs fängt bald an und ich muss leider absagen', ['de']).split(' ')).toContain('leider');
    expect(generalWordsOf('was passiert wenn ich krank bin', ['de']).split(' ')).toContain('passiert');
    expect(generalWordsOf('I was wondering what happens if I cancel', ['en']).split(' ')).toEqual(expect.arrayContaining(['wondering', 'happens']));
    expect(generalWordsOf('Mein Kurs fängt bald an und ich muss leider absagen', ['de'])).not.toMatch(/kurs|absagen/i);
  });
});
