/**
 * Numbers of a question against table rows' labels (runtime/quantities.ts).
 */
import { describe, expect, it } from 'vitest';
import { labelHolds, measuresOtherwise, questionQuantities, rowHoldsTerm } from '../../server/src/runtime/quantities.ts';
import { askedIn, withoutOtherMeasures } from '../../server/src/runtime/asked.ts';

describe('labelHolds', () => {
  it('a range "3–5 Jahre" holds 3, 4, 5 and not 2 or 6', () => {
    expect(labelHolds('3–5 Jahre: 29,00 €', 4)).toBe(true);
    expect(labelHolds('3–5 Jahre: 29,00 €', 3)).toBe(true);
    expect(labelHolds('3–5 Jahre: 29,00 €', 5)).toBe(true);
    expect(labelHolds('3–5 Jahre: 29,00 €', 6)).toBe(false);
    expect(labelHolds('3–5 Jahre: 29,00 €', 2)).toBe(false);
    expect(labelHolds('Kinder 6 bis 11 Jahre – Preis: 19 €', 8)).toBe(true);
    expect(labelHolds('ages 6 to 11: 19 €', 12)).toBe(false);
  });

  it('a range counted down ("13 to 1 days before the start") holds what lies between', () => {
    expect(labelHolds('13 to 1 days before the start: 50 %', 10)).toBe(true);
    expect(labelHolds('21 bis 8 Tage vor Anreise: 50 %', 7)).toBe(false);
    expect(labelHolds('7 bis 1 Tage vor Anreise: 75 %', 7)).toBe(true);
  });

  it("a question's numbers, with their length in days where a unit of time follows", () => {
    expect(questionQuantities('was kostet stornieren eine woche vor anreise')).toEqual([{ raw: 1, days: 7 }]);
    expect(questionQuantities('Mein Kurs fängt in 3 Wochen an')).toEqual([{ raw: 3, days: 21 }]);
    expect(questionQuantities('if i cancel two weeks before')).toEqual([{ raw: 2, days: 14 }]);
    expect(questionQuantities('if i cancel 10 days before')).toEqual([{ raw: 10, days: 10 }]);
    expect(questionQuantities('unser Kleiner ist 4')).toEqual([{ raw: 4 }]);
    // Parts of dates and prices are not numbers of their own; a count word is one only before a unit.
    expect(questionQuantities('am 30.12. für eine Nacht, 1.500 € ein Zimmer')).toEqual([{ raw: 1, days: 1 }]);
    // "a day ticket", "a week pass" name a kind of thing, not one day; "a week before" measures.
    expect(questionQuantities('how much is a day ticket for an adult')).toEqual([]);
    expect(questionQuantities('is there a week pass?')).toEqual([]);
    expect(questionQuantities('can I cancel a week before')).toEqual([{ raw: 1, days: 7 }]);
    expect(questionQuantities('for a night or two')).toEqual([{ raw: 1, days: 1 }]);
  });

  it('compares in days where both the question and the label name a unit of time', () => {
    const [weeks] = questionQuantities('Mein Kurs fängt in 3 Wochen an');
    expect(labelHolds('29 bis 14 Tage vor Kursbeginn: 25 %', weeks)).toBe(true);
    expect(labelHolds('13 bis 1 Tag vor Kursbeginn: 50 %', weeks)).toBe(false);
    expect(labelHolds('3–5 Jahre: 29,00 €', weeks)).toBe(false);
    expect(labelHolds('Kinder 0–2 Jahre: frei', questionQuantities('unsere Kleine ist 6 Monate alt')[0])).toBe(true);
    // A label without a unit takes the number as written.
    expect(labelHolds('Kinder 7–11: 19 €', questionQuantities('meine Tochter ist 9 Jahre alt')[0])).toBe(true);
  });

  it('a number term is held as the question counts it: the 3 of "3 Wochen" is 21 days', () => {
    const quantities = questionQuantities('Mein Kurs fängt in 3 Wochen an');
    expect(rowHoldsTerm('3', '29 bis 14 Tage vor Kursbeginn: 25 %', quantities)).toBe(true);
    expect(rowHoldsTerm('3', '13 bis 1 Tag vor Kursbeginn: 50 %', quantities)).toBe(false);
    expect(rowHoldsTerm('4', '3–5 Jahre: 29,00 €', questionQuantities('unser Kleiner ist 4'))).toBe(true);
    expect(rowHoldsTerm('kinder', '3–5 Jahre: 29,00 €', [])).toBe(false);
  });

  it('lower bounds "ab 16" and upper bounds "bis 11"', () => {
    expect(labelHolds('ab 16 Jahre: 10 €', 16)).toBe(true);
    expect(labelHolds('ab 16 Jahre: 10 €', 40)).toBe(true);
    expect(labelHolds('ab 16 Jahre: 10 €', 15)).toBe(false);
    expect(labelHolds('bis 11 Jahre: 5 €', 11)).toBe(true);
    expect(labelHolds('bis 11 Jahre: 5 €', 2)).toBe(true);
    expect(labelHolds('bis 11 Jahre: 5 €', 12)).toBe(false);
    expect(labelHolds('from 18: 20 €', 17)).toBe(false);
  });

  it('reads the label only, never the values', () => {
    expect(labelHolds('Erwachsene: 4 €', 4)).toBe(false);
    expect(labelHolds('Sauna – Erwachsene: 16 €; Kinder: 8 €', 16)).toBe(false);
    expect(labelHolds('Zimmer 12: 95 €', 12)).toBe(true);
    expect(labelHolds('Zimmer 112: 95 €', 12)).toBe(false);
    // A day of a date is no number of the label: "ich bin 17" is not "Pfingstmontag (17. Mai 2027)".
    expect(labelHolds('Pfingstmontag (17. Mai 2027) – Kursbüro: geschlossen', 17)).toBe(false);
  });

  it('reads "unter"/"under" and "über"/"over" as exclusive bounds, "ab"/"bis" as inclusive', () => {
    expect(labelHolds('unter 3 Jahre: kostenlos', 3)).toBe(false);
    expect(labelHolds('unter 3 Jahre: kostenlos', 2)).toBe(true);
    expect(labelHolds('über 65 Jahre: 10 % Rabatt', 65)).toBe(false);
    expect(labelHolds('über 65 Jahre: 10 % Rabatt', 66)).toBe(true);
    expect(labelHolds('ab 16 Jahren: Erwachsenenpreis', 16)).toBe(true);
    expect(labelHolds('bis 11 Jahre: 50 %', 12)).toBe(false);
  });
});

describe('a number the text measures otherwise than the question', () => {
  const tenDays = questionQuantities('if i cancel my course 10 days before it starts');

  it('"10 days" is not the "10" of "10 minutes", "10 weeks" or "10 Uhr"', () => {
    expect(measuresOtherwise('10', 'a short interview of about 10 minutes by video', tenDays)).toBe(true);
    expect(measuresOtherwise('10', 'Abendkurs, 10 Wochen', tenDays)).toBe(true);
    expect(measuresOtherwise('10', 'Check-out bis 10 Uhr', tenDays)).toBe(true);
    expect(measuresOtherwise('10', 'ein 10-Minuten-Gespräch', tenDays)).toBe(true);
  });

  it('keeps the match where one "10" may be the question\'s: the same length, a bare number, a range', () => {
    expect(measuresOtherwise('10', 'up to 10 days before the start', tenDays)).toBe(false);
    expect(measuresOtherwise('10', 'höchstens 10 Personen; 10 Wochen', tenDays)).toBe(false);
    expect(measuresOtherwise('10', '10–14 Tage vorher: 25 %', tenDays)).toBe(false);
    expect(measuresOtherwise('10', 'about 10 minutes', questionQuantities('Zimmer 10 bitte'))).toBe(false);
    expect(measuresOtherwise('10', 'Preis: 110 €, 10.5 km', tenDays)).toBe(false); // no "10" of its own
  });

  it('a unit loses the match, its weight and its share of the coverage', () => {
    const unit = {
      text: 'Afterwards we arrange a short interview of about 10 minutes.',
      score: 9,
      coverage: 0.5,
      terms: [
        { term: '10', idf: 3, known: true, matched: true, weight: 1, via: '10', vias: ['10'] },
        { term: 'cancel', idf: 3, known: true, matched: true, weight: 1, via: 'cancel', vias: ['cancel'] },
      ],
    };
    const asked = askedIn('if i cancel 10 days before, how much do i lose?');
    const without = withoutOtherMeasures(unit, asked);
    expect(without.terms.map((t) => t.matched)).toEqual([false, true]);
    expect(without.score).toBe(6);
    expect(without.coverage).toBe(0);
    expect(withoutOtherMeasures(unit, askedIn('was kostet ein Einzelzimmer'))).toBe(unit);
  });
});
