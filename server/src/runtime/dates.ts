/**
 * Days a question asks about against the days a text states: "habt ihr am 30.12. offen?" is answered by
 * "geschlossen vom 23. Dezember 2026 bis 3. Januar 2027", "über Silvester" by the price "bis einschließlich
 * 6. Januar 2027", "first week of August" by "closed from 26 July to 6 August 2027". The words never meet;
 * the days do. German and English; a question's day without a year matches it in any year.
 */

/** A span of days as numbers (days since 1970); a year-less question's span is kept as month and day. */
export interface Span {
  from: number;
  to: number;
}

/** A day of the question: month and day (and the year when given), as a span over one or more days. */
export interface AskedDay {
  from: { m: number; d: number };
  to: { m: number; d: number };
  year?: number;
}

export interface QuestionDates {
  days: AskedDay[];
  /** The question's words that name the days ("30.12", "silvester", "august"), lower case. */
  words: string[];
}

const MONTHS: Record<string, number> = {
  januar: 1, jänner: 1, january: 1, jan: 1, februar: 2, february: 2, feb: 2, märz: 3, maerz: 3, march: 3, mar: 3, april: 4, apr: 4,
  mai: 5, may: 5, juni: 6, june: 6, jun: 6, juli: 7, july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9,
  oktober: 10, october: 10, okt: 10, oct: 10, november: 11, nov: 11, dezember: 12, december: 12, dez: 12, dec: 12,
};
const MONTH = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const LAST_DAY = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

/** One stated day: "23. Dezember 2026", "23 December", "December 23, 2026", "23.12.2026", "23.12.". */
const DAY = new RegExp(
  `(?<![\\d.])(\\d{1,2})\\.?\\s*(${MONTH})\\.?(?!\\p{L})(?:,?\\s+(\\d{4}))?` +
    `|(?<!\\p{L})(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+(\\d{4}))?` +
    `|(?<![\\d.])(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4}|\\d{2}(?!\\d))?`,
  'giu',
);

interface Found {
  start: number;
  end: number;
  m: number;
  d: number;
  y?: number;
}

function daysIn(text: string): Found[] {
  const out: Found[] = [];
  for (const x of text.matchAll(DAY)) {
    const [d, m, y] = x[1]
      ? [Number(x[1]), MONTHS[x[2].toLowerCase()], x[3]]
      : x[4]
        ? [Number(x[5]), MONTHS[x[4].toLowerCase()], x[6]]
        : [Number(x[7]), Number(x[8]), x[9]];
    if (!m || m > 12 || d < 1 || d > LAST_DAY[m - 1]) continue;
    const year = y === undefined ? undefined : y.length === 2 ? 2000 + Number(y) : Number(y);
    out.push({ start: x.index!, end: x.index! + x[0].length, m, d, y: year });
  }
  return out;
}

/**
 * What joins two days into a span: "bis", "–", "to", with a weekday or comma around ("…, bis Mittwoch, 6. Januar") and
 * the first day's hour before it ("Do, 24.12. ab 11:00 Uhr bis Fr, 25.12.").
 */
const JOIN = /^\s*,?\s*(?:(?:ab|von|from)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:uhr|h|am|pm)?\s*)?(?:bis(?:\s+(?:einschließlich|einschl\.|zum))?|[–-]|to|until|till|through|and)\s*(?:\p{L}+,?\s+)?$/iu;
/** A day that opens or closes an open span: "ab 7. Januar", "bis einschließlich 6. Januar", "until 6 January". */
const FROM = /(?:\bab|\bfrom|\bseit|\bsince|\bstarting)\s+(?:dem\s+|the\s+)?(?:\p{L}+,?\s+)?$/iu;
const UNTIL = /(?:\bbis(?:\s+(?:einschließlich|einschl\.|zum))?|\buntil|\btill|\bup to)\s+(?:\p{L}+,?\s+)?$/iu;
/** "2. bis 26. November 2026", "12–16 April": the first day written without its month. */
const BARE_START = /(?<![\d.])(\d{1,2})\.?\s*(?:bis|[–-]|to|and)\s*$/iu;

const FAR = 1e7;

/** The spans of days a text states, in days since 1970; a day without a year takes the year of the span's other end, else 2000. */
export function textSpans(text: string): Span[] {
  const days = daysIn(text);
  const spans: Span[] = [];
  for (let i = 0; i < days.length; i++) {
    const a = days[i];
    const b = days[i + 1];
    if (b && JOIN.test(text.slice(a.end, b.start))) {
      const yb = b.y ?? a.y ?? 2000;
      const ya = a.y ?? (a.m > b.m ? yb - 1 : yb);
      spans.push({ from: dayNumber(ya, a.m, a.d), to: dayNumber(yb, b.m, b.d) });
      i++;
      continue;
    }
    // "Do, 24.12. … Fr, 25.12.2026": a day without its year is of the year the text's next (or last) dated day names.
    const y = a.y ?? days.slice(i + 1).find((x) => x.y)?.y ?? days.slice(0, i).findLast((x) => x.y)?.y ?? 2000;
    const before = text.slice(Math.max(0, a.start - 40), a.start);
    const bare = BARE_START.exec(before);
    if (bare && Number(bare[1]) < a.d) spans.push({ from: dayNumber(y, a.m, Number(bare[1])), to: dayNumber(y, a.m, a.d) });
    else if (FROM.test(before)) spans.push({ from: dayNumber(y, a.m, a.d), to: FAR });
    else if (UNTIL.test(before)) spans.push({ from: -FAR, to: dayNumber(y, a.m, a.d) });
    else spans.push({ from: dayNumber(y, a.m, a.d), to: dayNumber(y, a.m, a.d) });
  }
  return spans;
}

/** Days of the year visitors name instead of a date. */
const NAMED: [RegExp, [number, number], [number, number]][] = [
  [/zwischen den jahren|between christmas and new year/iu, [12, 27], [12, 30]],
  [/silvester|new year'?s eve/iu, [12, 31], [12, 31]],
  [/heilig(?:abend|en abend)|christmas eve/iu, [12, 24], [12, 24]],
  [/(?:1\.|erste[nrs]?)\s*weihnachts(?:feier)?tag|christmas day/iu, [12, 25], [12, 25]],
  [/(?:2\.|zweite[nrs]?)\s*weihnachts(?:feier)?tag|boxing day|st\.? stephen'?s day/iu, [12, 26], [12, 26]],
  [/weihnacht\p{L}*|christmas|xmas/iu, [12, 24], [12, 26]],
  [/neujahr(?:stag)?|new year'?s day/iu, [1, 1], [1, 1]],
  // Public holidays on fixed days (Easter's and Whitsun's move with the year).
  [/tag der arbeit|labou?r day|may day/iu, [5, 1], [5, 1]],
  [/tag der deutschen einheit|german unity day/iu, [10, 3], [10, 3]],
  [/reformationstag|reformation day/iu, [10, 31], [10, 31]],
  [/allerheiligen|all saints'? day/iu, [11, 1], [11, 1]],
  // Seasons as the calendar months visitors mean by them ("im Frühjahr 2027", "in spring").
  [/(?<!\p{L})(?:frühling|frühjahr|spring)(?!\p{L})/iu, [3, 1], [5, 31]],
  [/(?<!\p{L})(?:sommer|summer)(?!\p{L})/iu, [6, 1], [8, 31]],
  [/(?<!\p{L})(?:herbst|autumn|in the fall)(?!\p{L})/iu, [9, 1], [11, 30]],
];
/** Part of a month: "Anfang August", "first week of August", "Mitte Mai", "end of July", "im Juni". */
const PART_OF_MONTH = new RegExp(
  `(anfang|beginning of|early|(?:the )?first week (?:of|in)|erste[nr]? (?:woche|tage?) (?:im|in|des)|mitte|mid|middle of|ende|end of|late|(?:the )?last week (?:of|in)|letzte[nr]? woche (?:im|in|des)|im|in|während|during)\\s+(${MONTH})(?!\\p{L})(?:\\s+(\\d{4}))?`,
  'giu',
);

/** The days a question asks about, and the words that name them; null when it names none. */
export function questionDates(question: string): QuestionDates | null {
  const q = question.toLowerCase();
  const days: AskedDay[] = [];
  const words: string[] = [];
  const yearAfter = (end: number) => /^\s+(\d{4})\b/.exec(q.slice(end))?.[1];
  const stated = daysIn(q);
  for (const x of stated) {
    days.push({ from: { m: x.m, d: x.d }, to: { m: x.m, d: x.d }, year: x.y });
    words.push(...(q.slice(x.start, x.end).match(/[\p{L}\d.]+/gu) ?? []).map((w) => w.replace(/\.+$/, '')));
  }
  const taken = (i: number) => stated.some((x) => i >= x.start && i < x.end);
  for (const x of q.matchAll(PART_OF_MONTH)) {
    if (taken(x.index! + x[0].length - 1)) continue;
    const part = x[1];
    const m = MONTHS[x[2]];
    const [from, to] = /first|erste/.test(part) ? [1, 7] : /anfang|beginning|early/.test(part) ? [1, 10] : /mitte|mid|middle/.test(part) ? [11, 20] : /ende|end|late|last|letzte/.test(part) ? [21, LAST_DAY[m - 1]] : [1, LAST_DAY[m - 1]];
    days.push({ from: { m, d: from }, to: { m, d: to }, year: x[3] ? Number(x[3]) : undefined });
    words.push(...(x[0].match(/\p{L}+|\d+/gu) ?? []).filter((w) => !/^(im|in|of|the|des)$/.test(w)));
  }
  for (const [re, from, to] of NAMED) {
    const x = re.exec(q);
    if (!x) continue;
    const y = yearAfter(x.index + x[0].length);
    days.push({ from: { m: from[0], d: from[1] }, to: { m: to[0], d: to[1] }, year: y ? Number(y) : undefined });
    words.push(...(x[0].match(/[\p{L}\d]+/gu) ?? []).filter((w) => !/^(den|and)$/.test(w)), ...(y ? [y] : []));
    break;
  }
  return days.length ? { days, words: [...new Set(words)] } : null;
}

/**
 * Whether a span of the text holds (overlaps) a day the question asks about; `withinDays`: only a span of at most
 * that many days ("Fr, 25.12.: Praxis Hollmann" names the day, "vom 24. Dezember bis 4. Januar" only holds it).
 */
export function holdsAskedDay(asked: QuestionDates, text: string, withinDays = Infinity): boolean {
  return spansHoldAskedDay(asked, textSpans(text), withinDays);
}

/** holdsAskedDay over a text's spans read once (textSpans), for a caller that asks more than one thing of them. */
export function spansHoldAskedDay(asked: QuestionDates, all: Span[], withinDays = Infinity): boolean {
  const spans = all.filter((s) => s.to - s.from < withinDays);
  if (!spans.length) return false;
  const closed = spans.filter((s) => Math.abs(s.from) < FAR && Math.abs(s.to) < FAR);
  const open = spans.filter((s) => !closed.includes(s));
  return asked.days.some((a) => {
    // A day without a year is tried in the years the text's spans name. An open span ("ab 7. Januar 2027") would hold
    // it in some year or other: only the day it starts or ends on is that day ("Preis ab 1.1.2027" for "ab 1.1.?").
    const [years, among, bounds] = a.year !== undefined ? [[a.year], spans, []] : [yearsOf(spans), closed, open.map((s) => (s.to < FAR ? s.to : s.from))];
    return years.some((y) => {
      const from = dayNumber(y, a.from.m, a.from.d);
      // A span over the turn of the year ("27.–30.12." does not, "Dezember bis Januar" may) ends in the next year.
      const to = dayNumber(a.to.m < a.from.m ? y + 1 : y, a.to.m, a.to.d);
      return among.some((s) => s.from <= to && s.to >= from) || bounds.some((d) => d >= from && d <= to);
    });
  });
}

/** The years a text's spans touch (a question's year-less day is tried in each). */
function yearsOf(spans: Span[]): number[] {
  const years = new Set<number>();
  for (const s of spans) for (const d of [s.from, s.to]) if (Math.abs(d) < FAR) years.add(new Date(d * 86_400_000).getUTCFullYear());
  return [...years];
}

/** Whether a question term (a lexeme: "silvest", "30.12", "august") is one of the words that name the asked days. */
export function namesAskedDay(asked: QuestionDates, term: string): boolean {
  return asked.words.some((w) => w === term || (term.length >= 3 && w.startsWith(term)));
}

/** Words by which a question asks for the next of several dates: "wann ist der nächste Infoabend", "next open day". */
const NEXT = /(?<!\p{L})(nächste[nmrs]?|naechste[nmrs]?|kommende[nmrs]?|next|upcoming)(?!\p{L})/iu;
export const asksForNext = (question: string) => NEXT.test(question);

/** The day number (days since 1970) of a moment: what "today" is for "the next" date. */
export const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/**
 * Whether a text states a day on or after `today`: the date the question "wann ist der nächste …" asks for. A day
 * without a year may be this year's or next year's, so it counts; "1. September 2026" on 29 November 2026 does not.
 */
export function statesDayFrom(text: string, today: number): boolean {
  return daysIn(text).some((x) => x.y === undefined || dayNumber(x.y, x.m, x.d) >= today);
}

/** The earliest day on or after `today` that a text names with its year (null: none), for the soonest of several dates. */
export function firstDayFrom(text: string, today: number): number | null {
  const days = daysIn(text).flatMap((x) => (x.y === undefined ? [] : [dayNumber(x.y, x.m, x.d)])).filter((d) => d >= today);
  return days.length ? Math.min(...days) : null;
}

/**
 * The day a dated text was published: a full date (with its year) that opens it, as a news item opens with
 * "3. Juni 2024 · Paula Wendt …". Null for a text that does not open with one.
 */
export function publishedOn(text: string): number | null {
  const first = daysIn(text.slice(0, 40))[0];
  return first && first.start <= 2 && first.y !== undefined ? dayNumber(first.y, first.m, first.d) : null;
}

/** Whether a text names a last day: "Winteraktion bis 31. Januar 2027", "12.–16. April", "am 3. Mai" (not "ab 7. Januar"). */
export const statesLastDay = (text: string) => textSpans(text).some((x) => x.to < FAR);
