/**
 * Numbers of a question against the labels of table rows: "unser Kleiner ist 4" is the row "3–5 Jahre",
 * "ich sage 3 Wochen vorher ab" the row "29 bis 14 Tage vor Kursbeginn". A number with a unit of time
 * is compared in days with a label that has one too: "3 Wochen" is 21 days, so it is not the row
 * "13 bis 1 Tag", whose range holds the bare 3.
 */

/** A number of the question; `days` when it came with a unit of time ("3 Wochen": raw 3, days 21). */
export interface Quantity {
  raw: number;
  days?: number;
}

const COUNT_WORDS: Record<string, number> = {
  ein: 1, eine: 1, einer: 1, a: 1, an: 1, one: 1, zwei: 2, two: 2, drei: 3, three: 3, vier: 4, four: 4, fünf: 5, five: 5, sechs: 6, six: 6,
};

/** Units of time with their length in days, as the words that follow a number ("3 Wochen", "10 days", "6 Monate"). */
const UNIT_DAYS: [RegExp, number][] = [
  [/^(tage?n?|tag|days?|nächte?n?|nachte?n?|nights?)$/, 1],
  [/^(wochen?|weeks?)$/, 7],
  [/^(monate?n?|monats|months?)$/, 30],
  [/^(jahre?n?|jahres|years?|yrs?)$/, 365],
  [/^(stunden?|std|hours?|hrs?)$/, 1 / 24],
  [/^(minuten?|min|minutes?|mins)$/, 1 / 1440],
];

function unitDays(word: string | undefined): number | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase();
  return UNIT_DAYS.find(([re]) => re.test(w))?.[1];
}

// A number (not part of "30.12." or "1.500") or a word, and the word after it, which is only looked at:
// "für eine Woche" must find "eine Woche" after "für eine".
const NUMBER_THEN_WORD = /(?<![\p{L}\d.,])(\d{1,3}(?!\d|[.,]\d)|\p{L}+)(?=(?:\s*-?\s*(\p{L}+))?)/gu;

/** Words that follow an English unit of time when it measures ("a day before", "a week in advance", "a night or two"). */
const AFTER_A_MEASURE = new Set(
  'before ago in early earlier later late advance ahead prior or and of to for at with long beforehand away from after notice per each is are was will do does can please the a an off left more less only'.split(' '),
);

/** After "a" and a unit of time, a word of its own makes it a kind of thing: "a day ticket", "a week pass", not one day. */
const namesAKind = (rest: string) => {
  const next = /^\s*-?\s*\p{L}+[\s-]+(\p{L}+)/u.exec(rest)?.[1];
  return !!next && !AFTER_A_MEASURE.has(next);
};

/**
 * The numbers of a question a table row's label may hold, each with its length in days when a unit of time
 * follows it. Counted words only before a unit of time ("eine Woche vorher", "two weeks"): alone they are articles.
 */
export function questionQuantities(question: string): Quantity[] {
  const out: Quantity[] = [];
  const text = question.toLowerCase();
  for (const m of text.matchAll(NUMBER_THEN_WORD)) {
    const digits = /^\d+$/.test(m[1]);
    const raw = digits ? Number(m[1]) : COUNT_WORDS[m[1]];
    if (raw === undefined) continue;
    const per = unitDays(m[2]);
    if (!digits && per === undefined) continue;
    if (['a', 'an', 'one'].includes(m[1]) && namesAKind(text.slice(m.index + m[0].length))) continue;
    out.push(per === undefined ? { raw } : { raw, days: raw * per });
  }
  return out;
}

/** What a row is about: the text before its first value ("Sonntag" in "Sonntag – Sauna: 11–20 Uhr"). */
export const rowLabel = (row: string) => row.split(/:| – /)[0];

/** The question's number as the label counts it: in days when both name a unit of time, else as written. */
function measured(q: Quantity | number, labelUnit: string | undefined): number {
  if (typeof q === 'number') return q;
  const per = unitDays(labelUnit);
  return q.days !== undefined && per !== undefined ? q.days / per : q.raw;
}

/** Whether a row's label (what comes before its values) names a range or bound that holds the number: "3–5 Jahre", "ab 16", "bis 11". */
export function labelHolds(row: string, q: Quantity | number): boolean {
  const label = rowLabel(row);
  const range = /(\d+)\s*(?:[–-]|bis|to)\s*(\d+)(?:\s+(\p{L}+))?/u;
  // Either way round: "3–5 Jahre", "13 to 1 days before".
  const ranges = [...label.matchAll(new RegExp(range, 'gu'))];
  for (const m of ranges) {
    const n = measured(q, m[3]);
    if (n >= Math.min(Number(m[1]), Number(m[2])) && n <= Math.max(Number(m[1]), Number(m[2]))) return true;
  }
  if (ranges.length) return false;
  const bound = /(?<!\p{L})(ab|from|bis|up to|unter|under|below|über|over|above)\s+(\d+)(?:\s+(\p{L}+))?/iu.exec(label);
  if (bound) {
    const [word, b, n] = [bound[1].toLowerCase(), Number(bound[2]), measured(q, bound[3])];
    if (word === 'ab' || word === 'from') return n >= b;
    if (word === 'bis' || word === 'up to') return n <= b;
    if (['unter', 'under', 'below'].includes(word)) return n < b;
    return n > b;
  }
  // Not a day of a date or an ordinal: "Pfingstmontag (17. Mai 2027)" holds no 17 of "ich bin 17".
  for (const m of label.matchAll(/(?<![\d.])(\d+)(?![\d.])(?:\s+(\p{L}+))?/gu)) if (Number(m[1]) === measured(q, m[2])) return true;
  return false;
}

/** Stems of the words for units of time, as the text-search configurations leave them ("woch" of "Wochen"). */
const UNIT_STEM = /^(tag|day|nacht|night|woch|week|monat|month|jahr|year)$/;

/**
 * A number term of the question ("4", "3" of "3 Wochen") covered by a row whose label holds it, and the word
 * for the unit of time ("Wochen") by a row that holds the number it came with.
 */
export function rowHoldsTerm(term: string, row: string, quantities: Quantity[]): boolean {
  if (UNIT_STEM.test(term)) return quantities.some((q) => q.days !== undefined && labelHolds(row, q));
  if (!/^\d{1,3}$/.test(term)) return false;
  const raw = Number(term);
  const mine = quantities.filter((q) => q.raw === raw);
  return (mine.length ? mine : [{ raw }]).some((q) => labelHolds(row, q));
}

/**
 * Whether each of the text's "10"s measures something other than the question's "10 days": "about 10 minutes",
 * "10 weeks", "um 10 Uhr". A bare "10" of the text might be the question's, so it keeps the match.
 */
export function measuresOtherwise(term: string, text: string, quantities: Quantity[]): boolean {
  const asked = quantities.filter((q) => q.days !== undefined && String(q.raw) === term);
  if (!asked.length) return false;
  const found = [...text.matchAll(new RegExp(`(?<![\\d.,:])${term}(?![\\d]|[.,:]\\d)(?:\\s*-?\\s*(\\p{L}+))?`, 'gu'))];
  return found.length > 0 && found.every(([, word]) => {
    const w = word?.toLowerCase();
    if (w === 'uhr' || w === 'am' || w === 'pm') return true;
    const per = unitDays(w);
    return per !== undefined && !asked.some((q) => Math.abs(q.raw * per - q.days!) < 1e-9);
  });
}
