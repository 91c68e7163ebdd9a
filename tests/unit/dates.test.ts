/**
 * Days a question asks about against the spans of days a text states (runtime/dates.ts).
 */
import { describe, expect, it } from 'vitest';
import { asksForNext, dayOf, firstDayFrom, holdsAskedDay, namesAskedDay, publishedOn, questionDates, statesDayFrom, statesLastDay, textSpans } from '../../server/src/runtime/dates.ts';

const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
const spans = (text: string) => textSpans(text).map((s) => [Math.abs(s.from) < 1e7 ? iso(s.from) : '…', Math.abs(s.to) < 1e7 ? iso(s.to) : '…']);
const holds = (question: string, text: string) => holdsAskedDay(questionDates(question)!, text);

describe('textSpans', () => {
  it('reads German and English spans, with the year of the other end where one end has none', () => {
    expect(spans('geschlossen vom 23. Dezember 2026 bis 3. Januar 2027, wieder geöffnet ab Montag, 4. Januar 2027')).toEqual([
      ['2026-12-23', '2027-01-03'],
      ['2027-01-04', '…'],
    ]);
    expect(spans('the office is closed from 26 July to 6 August 2027')).toEqual([['2027-07-26', '2027-08-06']]);
    expect(spans('Montag, 28. Dezember 2026, bis Mittwoch, 6. Januar 2027: geschlossen')).toEqual([['2026-12-28', '2027-01-06']]);
    expect(spans('Vom 2. bis 26. November 2026 bleibt unser Haus geschlossen.')).toEqual([['2026-11-02', '2026-11-26']]);
    expect(spans('Hauptsaison: 3. Juli – 11. September 2027')).toEqual([['2027-07-03', '2027-09-11']]);
    expect(spans('Für Aufenthalte bis einschließlich 6. Januar 2027 berechnen wir 31,00 €')).toEqual([['…', '2027-01-06']]);
    expect(spans('Anmeldung bis 23.12.2026, Beginn am 4.1.27')).toEqual([['…', '2026-12-23'], ['2027-01-04', '2027-01-04']]);
  });

  it("joins two days with the first one's hour between them, and gives a day without its year the year of the next dated day", () => {
    expect(spans('Do, 24.12. ab 11:00 Uhr bis Fr, 25.12.2026: Tierarztpraxis Dr. Hollmann')).toEqual([['2026-12-24', '2026-12-25']]);
    expect(spans('Am 24.12. nur vormittags, am 31.12.2026 bis 13 Uhr')).toEqual([['2026-12-24', '2026-12-24'], ['2026-12-31', '2026-12-31']]);
    expect(spans('Am 2.1.2027 wieder da, am 3.1. Notdienst')).toEqual([['2027-01-02', '2027-01-02'], ['2027-01-03', '2027-01-03']]);
  });

  it('reads no days in prices, times and plain numbers', () => {
    expect(spans('Ab 16 Uhr, 1.500 €, um 10.30 Uhr, 3 Tage, Zimmer 12')).toEqual([]);
  });
});

describe('questionDates', () => {
  it('reads dates, named days and parts of months, with the words that name them', () => {
    expect(questionDates('habt ihr am 30.12. offen?')).toEqual({ days: [{ from: { m: 12, d: 30 }, to: { m: 12, d: 30 } }], words: ['30.12'] });
    expect(questionDates('über Silvester 2026')).toEqual({ days: [{ from: { m: 12, d: 31 }, to: { m: 12, d: 31 }, year: 2026 }], words: ['silvester', '2026'] });
    expect(questionDates('in the first week of August')!.days).toEqual([{ from: { m: 8, d: 1 }, to: { m: 8, d: 7 } }]);
    expect(questionDates('wir kommen Anfang August')!.days).toEqual([{ from: { m: 8, d: 1 }, to: { m: 8, d: 10 } }]);
    expect(questionDates('zwischen den Jahren')!.days).toEqual([{ from: { m: 12, d: 27 }, to: { m: 12, d: 30 } }]);
    expect(questionDates('wer hat am 1. Weihnachtstag Notdienst?')).toEqual({ days: [{ from: { m: 12, d: 25 }, to: { m: 12, d: 25 } }], words: ['1', 'weihnachtstag'] });
    expect(questionDates('am zweiten Weihnachtsfeiertag')!.days).toEqual([{ from: { m: 12, d: 26 }, to: { m: 12, d: 26 } }]);
    expect(questionDates('open on boxing day?')!.days).toEqual([{ from: { m: 12, d: 26 }, to: { m: 12, d: 26 } }]);
    expect(questionDates('an Weihnachten')!.days).toEqual([{ from: { m: 12, d: 24 }, to: { m: 12, d: 26 } }]);
    expect(questionDates('am Tag der Deutschen Einheit')!.days).toEqual([{ from: { m: 10, d: 3 }, to: { m: 10, d: 3 } }]);
    expect(questionDates('an Allerheiligen')!.days).toEqual([{ from: { m: 11, d: 1 }, to: { m: 11, d: 1 } }]);
    expect(questionDates('on December 30th?')!.days).toEqual([{ from: { m: 12, d: 30 }, to: { m: 12, d: 30 } }]);
    expect(questionDates('Was kostet ein Zimmer für 2 Nächte?')).toBeNull();
    expect(questionDates('Was kostet 1.500 € um 10.30 Uhr?')).toBeNull();
  });

  it('knows its words by their stems', () => {
    const asked = questionDates('wann habt ihr über Silvester offen')!;
    expect(namesAskedDay(asked, 'silvest')).toBe(true);
    expect(namesAskedDay(asked, 'offen')).toBe(false);
  });
});

describe('holdsAskedDay', () => {
  const closure = 'Weihnachten – Kursbüro: geschlossen vom 23. Dezember 2026 bis 3. Januar 2027';
  it('a day inside a span is held; one outside is not', () => {
    expect(holds('am 30.12. offen?', closure)).toBe(true);
    expect(holds('am 4.1. offen?', closure)).toBe(false);
    expect(holds('zwischen den Jahren', closure)).toBe(true);
    expect(holds('first week of August', 'the office is closed from 26 July to 6 August 2027')).toBe(true);
    expect(holds('end of August', 'the office is closed from 26 July to 6 August 2027')).toBe(false);
  });

  it('withinDays: only a span of at most that many days holds the day', () => {
    const dates = questionDates('wer hat am 1. Weihnachtstag Notdienst?')!;
    expect(holdsAskedDay(dates, 'Do, 24.12. ab 11:00 Uhr bis Fr, 25.12.2026: Praxis Hollmann', 7)).toBe(true);
    expect(holdsAskedDay(dates, 'Vom 24. Dezember 2026 bis 2. Januar 2027 gelten geänderte Sprechzeiten.', 7)).toBe(false);
    expect(holdsAskedDay(dates, 'Vom 24. Dezember 2026 bis 2. Januar 2027 gelten geänderte Sprechzeiten.')).toBe(true);
  });

  it('a year-less day is tried in the years of closed spans, and on the day an open span starts or ends', () => {
    const prices = 'Der Zuschlag gilt ab dem 7. Januar 2027. Bis einschließlich 6. Januar 2027 berechnen wir 31,00 €.';
    expect(holds('über Silvester 2026', prices)).toBe(true);
    expect(holds('über Silvester 2027', 'Bis einschließlich 6. Januar 2027 berechnen wir 31,00 €.')).toBe(false);
    // Without a year "ab 7. Januar 2027" would hold Silvester of 2027, and "bis 6. Januar 2027" that of 2026.
    expect(holds('über Silvester', prices)).toBe(false);
    expect(holds('über Silvester', 'Wintersaison: 19. Dezember 2026 – 6. Januar 2027')).toBe(true);
    // The day an open span starts or ends on is that day in its year: "ab 1.1.2027" holds the "1.1." of "ab 1.1.?".
    expect(holds('gaspreis ab 1.1.?', 'Arbeitspreis bis 31.12.2026: 12,48 ct/kWh; Arbeitspreis ab 1.1.2027: 12,96 ct/kWh')).toBe(true);
    expect(holds('gaspreis ab 2.1.?', 'Arbeitspreis bis 31.12.2026: 12,48 ct/kWh; Arbeitspreis ab 1.1.2027: 12,96 ct/kWh')).toBe(false);
  });
});

describe('the next date', () => {
  const today = dayOf(Date.UTC(2026, 10, 29)); // 29 November 2026

  it('is asked for by "nächste", "kommende", "next" and "upcoming"', () => {
    expect(asksForNext('wann ist der nächste kostenlose Infoabend?')).toBe(true);
    expect(asksForNext('Wann ist der kommende Workshop')).toBe(true);
    expect(asksForNext('when is the next open day')).toBe(true);
    expect(asksForNext('wann ist der Infoabend')).toBe(false);
    expect(asksForNext('Nächstenliebe')).toBe(false);
  });

  it('is stated by a day yet to come, or one without a year; not by a past one', () => {
    expect(statesDayFrom('Infoabend, Donnerstag, 14. Januar 2027, 18:00 Uhr', today)).toBe(true);
    expect(statesDayFrom('1. September 2026 Auch 2027 gibt es wieder Infoabende.', today)).toBe(false);
    expect(statesDayFrom('Infoabend am 29.11.2026', today)).toBe(true);
    expect(statesDayFrom('jeden ersten Donnerstag, zum Beispiel am 14. Januar', today)).toBe(true);
  });

  it('the soonest of the days yet to come that a text names with their year', () => {
    expect(firstDayFrom('Samstag, 9. Januar 2027, bis einschließlich 13. Februar 2027; Rückblick: 3. Mai 2026', today)).toBe(dayOf(Date.UTC(2027, 0, 9)));
    expect(firstDayFrom('am 29.11.2026 und am 1.12.2026', today)).toBe(today);
    expect(firstDayFrom('1. September 2026', today)).toBeNull();
    expect(firstDayFrom('jeden ersten Donnerstag, zum Beispiel am 14. Januar', today)).toBeNull();
  });
});

describe('seasons', () => {
  it('"im Sommer", "in spring 2027" and "im Herbst" are their months', () => {
    expect(holds('wir fliegen im sommer nach spanien', 'Samstag, 5. Juni, und Samstag, 12. Juni 2027')).toBe(true);
    expect(holds('when can i start in spring 2027?', '1 March 2027 – End: 26 March 2027')).toBe(true);
    expect(holds('when can i start in spring 2027?', '24 August 2027 – End: 18 September 2027')).toBe(false);
    expect(holds('habt ihr im Herbst offen?', 'Betriebsferien vom 2. bis 13. November 2026')).toBe(true);
    // A word that only contains one is none: "Sommerreifen", "Frühjahrsputz" name no days.
    expect(questionDates('was kosten sommerreifen')).toBeNull();
  });
});

describe('publishedOn', () => {
  it('is the full date a text opens with, as a news item does', () => {
    expect(publishedOn('3. Juni 2024 · Paula Wendt Unser Sommer-Geschenk: ab 50 € versandkostenfrei!')).toBe(dayOf(Date.UTC(2024, 5, 3)));
    expect(publishedOn('12 November 2026 New prices from January.')).toBe(dayOf(Date.UTC(2026, 10, 12)));
    // a date later in the text, or one without its year, dates nothing
    expect(publishedOn('Ab sofort versandkostenfrei, seit dem 3. Juni 2024.')).toBeNull();
    expect(publishedOn('3. Juni: Sommerfest')).toBeNull();
  });
});

describe('statesLastDay', () => {
  it('is a text naming the day something ends or happens, not one that only opens a span', () => {
    expect(statesLastDay('Winteraktion bis 31. Januar 2027')).toBe(true);
    expect(statesLastDay('Wartung vom 12. bis 16. April')).toBe(true);
    expect(statesLastDay('Sommerfest am 3. Mai')).toBe(true);
    expect(statesLastDay('Neue Preise ab 7. Januar 2027')).toBe(false);
    expect(statesLastDay('Jahreswechsel 2026/27')).toBe(false);
  });
});
