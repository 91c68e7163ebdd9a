/**
 * The values a question names that a unit can hold without sharing its words: a number a table row's label
 * holds ("unser Kleiner ist 4" → "3–5 Jahre") and a day a stated span holds ("am 30.12." → "vom 23. Dezember
 * bis 3. Januar"). Read once per question.
 */
import { asksForNext, dayOf, holdsAskedDay, namesAskedDay, questionDates, spansHoldAskedDay, textSpans, type QuestionDates } from './dates.ts';
import { labelHolds, measuresOtherwise, questionQuantities, rowHoldsTerm, type Quantity } from './quantities.ts';
import type { RetrievedPassage } from '../services/retrieval.ts';

export interface Asked {
  quantities: Quantity[];
  dates: QuestionDates | null;
  /** "wann ist der nächste Infoabend": the day (days since 1970) from which a stated date answers; else undefined. */
  nextFrom?: number;
}

export const NOTHING_ASKED: Asked = { quantities: [], dates: null };

/** `now`: the moment the question is asked (what "the next" date is counted from). */
export const askedIn = (question: string, now = Date.now()): Asked => ({
  quantities: questionQuantities(question),
  dates: questionDates(question),
  ...(asksForNext(question) ? { nextFrom: dayOf(now) } : {}),
});

/** Whether the text (a row, a sentence) holds the value a question term names: the "3" of "3 Wochen", the "30.12" of "am 30.12.". */
export function holdsTerm(term: string, text: string, kind: string | undefined, asked: Asked): boolean {
  if (kind === 'row' && rowHoldsTerm(term, text, asked.quantities)) return true;
  return !!asked.dates && namesAskedDay(asked.dates, term) && holdsAskedDay(asked.dates, text);
}

/** How a unit holds a value the question names: its row label the number or its text the day in a span of a week at most ('named'), its text the day in a longer span ('within'). */
export function holdsAsked(unit: { kind: string; text: string }, asked: Asked): 'named' | 'within' | null {
  if (unit.kind === 'row' && asked.quantities.some((q) => labelHolds(unit.text, q))) return 'named';
  if (!asked.dates) return null;
  const spans = textSpans(unit.text);
  if (!spansHoldAskedDay(asked.dates, spans)) return null;
  return spansHoldAskedDay(asked.dates, spans, 7) ? 'named' : 'within';
}

/**
 * The unit without the matches of numbers it measures otherwise than the question: "10 days before" does not
 * match the "10" of "about 10 minutes". Score and coverage lose what the number gave.
 */
export function withoutOtherMeasures<T extends Pick<RetrievedPassage, 'terms' | 'text' | 'score' | 'coverage'>>(unit: T, asked: Asked): T {
  if (!asked.quantities.some((q) => q.days !== undefined)) return unit;
  const wrong = unit.terms.filter((t) => t.matched && measuresOtherwise(t.term, unit.text, asked.quantities));
  if (!wrong.length) return unit;
  const total = unit.terms.reduce((n, t) => n + t.idf, 0) || 1;
  const lost = wrong.reduce((n, t) => n + t.idf * (t.weight ?? 1), 0);
  return {
    ...unit,
    terms: unit.terms.map((t) => (wrong.includes(t) ? { ...t, matched: false, via: undefined, vias: [], weight: 0 } : t)),
    score: Math.max(0, unit.score - lost),
    coverage: Math.max(0, unit.coverage - lost / total),
  };
}
