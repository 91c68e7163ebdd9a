/**
 * The answer text of one unit: a table row (its heading before it where it names what was asked), an FAQ answer (never
 * its question), a list's lead-in and matching items, or the one to three sentences of a section that answer best, in
 * reading order; and the word and sentence helpers the measures of a unit's coverage share (judge.ts).
 */
import { LRUCache } from 'lru-cache';
import type { RetrievedPassage } from '../services/retrieval.ts';
import { splitSentences } from '../training/sentences.ts';
import { HEADING_SEPARATOR } from '../training/chunk.ts';
import { answerTypes, asksForType, DISTINCT_ASKS, statesType, type AnswerType } from './answerType.ts';
import { rowLabel } from './quantities.ts';
import { asksForNext, dayOf, statesDayFrom, statesLastDay } from './dates.ts';

/**
 * The sentences of texts answers were composed from lately, and each sentence's folded words once asked for: a
 * page many visitors ask about is split and folded once, not per answer.
 */
type Split = { sentences: readonly string[]; words?: readonly (readonly string[])[] };
const recentTexts = new LRUCache<string, Split>({ max: 1000 }); // passages of up to ~600 characters: a few MB in all
function splitOf(text: string): Split {
  let split = recentTexts.get(text);
  if (!split) recentTexts.set(text, (split = { sentences: Object.freeze(splitSentences(text)) }));
  return split;
}
export const sentencesOf = (text: string) => splitOf(text).sentences;
export function sentenceWordsOf(text: string) {
  const split = splitOf(text);
  return (split.words ??= split.sentences.map(wordsOf));
}

const STOP = new Set(
  (
    'der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren wird werden hat haben ich du er sie es wir ihr ' +
    'mein meine ihre ihren sein seine kann können muss müssen wie was wer wo wann warum welche welcher welches mit von zu zum zur im in am an ' +
    'auf aus bei für über unter nach vor bis ob dass nicht kein keine auch noch nur so sich man mir mich dir dich uns euch euer eure gibt bitte ' +
    'the a an and or but is are was were be been being has have had do does did i you he she it we they my your his her its our their can could ' +
    'should would will shall may might must what who where when why which how of to in on at by for with from about into over under than then ' +
    'there here this that these those not no yes any some please me us them tell know much many'
  ).split(' '),
);

/** Lower-cased content words; long words are cut to a stem so "Öffnungszeiten" meets "öffnungszeit". */
export function keywords(text: string): string[] {
  return (text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 6 ? w.slice(0, Math.max(6, w.length - 3)) : w));
}

export const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
/** A text's words, folded. */
export const wordsOf = (s: string): string[] => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];

/** How many of the question's words a piece of text contains (forms and compounds count: "kost" ~ "kostet", "sauna" ~ "Familiensauna"). */
export function overlap(question: string[], text: string): number {
  const words = wordsOf(text).filter((w) => w.length > 1);
  let n = 0;
  for (const raw of question) {
    const q = fold(raw);
    if (words.some((w) => w === q || w.startsWith(q) || (q.length >= 4 && w.length >= 4 && q.startsWith(w)) || (q.length >= 5 && w.includes(q)))) n++;
  }
  return n;
}

const MAX_CHARS = 450;

/**
 * A sentence that sends the reader to another page by its name: "siehe Rücktritt und Stornierung", "finden Sie unter
 * Massagen & Behandlungen", "see visa", "Alle Termine stehen im Kurskalender".
 */
export const POINTER =
  /(?:\bsiehe|\bsee|\bunter|\bauf der seite|\bon (?:our|the)|\b(?:steht|stehen|findest du|finden sie|findet ihr)\s+(?:im|in der|in unserem|in unserer))\s+(?:seite\s+)?(\p{L}[\p{L}&\- ,]{2,60}?)(?:\s+page)?\s*[.!)]?\s*$/iu;

/** The sentences of a unit that answer the question: the best one and, within the budget, its best neighbours. */
function bestSentences(question: string[], text: string, types: AnswerType[], keepFirst = false, heading = '', nextFrom?: number): string {
  const sentences = sentencesOf(text);
  if (sentences.length <= 1) return text.length <= MAX_CHARS ? text : `${text.slice(0, text.lastIndexOf(' ', MAX_CHARS))} …`;
  // A sentence stating the kind of fact asked for (a price, a time) gets half a shared word more; more sentences join only by shared words.
  // The words that only ask for that kind ("zahlt", "kostet") count where it is stated, not where they occur:
  // "… zahlt keine neue Anmeldegebühr" does not answer "was zahlt man für den Abendkurs", "… kostet 329 €" does.
  const typeWords = types.length ? question.filter((w) => asksForType(w, types)) : [];
  const named = typeWords.length ? question.filter((w) => !typeWords.includes(w)) : question;
  const scored = sentences.map((s, i) => {
    const words = overlap(named, s);
    const states = types.length > 0 && statesType(s, types);
    return { s, i, words, n: words + (states ? (typeWords.length ? 1 : 0.5) : 0) };
  });
  const best = [...scored].sort((a, b) => b.n - a.n || a.i - b.i)[0];
  const picked = new Set([best.i]);
  let chars = best.s.length;
  const add = (i: number) => {
    picked.add(i);
    chars += sentences[i].length;
  };
  // An FAQ answer's first sentence is the direct answer ("Ja, samstags …"), whatever words it shares.
  if (keepFirst && best.i !== 0) add(0);
  if (best.n === 0) {
    // Nothing matches word for word (an FAQ answer under its question): the answer's opening sentences.
    for (let i = 1; i < sentences.length && chars + sentences[i].length <= 300; i++) add(i);
  } else {
    // The best sentence names the thing but not the asked-for fact: the sentence that states it joins.
    if (types.length && !statesType(best.s, types)) {
      // Under a heading that names what was asked about ("Allgäu hiking week") the whole short section is about it; else only the next sentence.
      const reach = overlap(question, lastHeading(heading)) > 0 ? 2 : 1;
      const stating = scored.filter((x) => x.i !== best.i && statesType(x.s, types) && (x.words > 0 || Math.abs(x.i - best.i) <= reach)).sort((a, b) => b.words - a.words || Math.abs(a.i - best.i) - Math.abs(b.i - best.i))[0];
      if (stating && chars + stating.s.length <= MAX_CHARS) add(stating.i);
    }
    // A question asking for two kinds of fact ("was kostet das und wie lange dauert es"): the sentence stating the one
    // nothing picked states joins, if it shares a word or stands next to the best one.
    for (const t of types.length > 1 ? types.filter((x) => DISTINCT_ASKS.includes(x)) : []) {
      if ([...picked].some((i) => statesType(sentences[i], [t]))) continue;
      const stating = scored
        .filter((x) => !picked.has(x.i) && statesType(x.s, [t]) && (x.words > 0 || Math.abs(x.i - best.i) <= 1))
        .sort((a, b) => b.words - a.words || Math.abs(a.i - best.i) - Math.abs(b.i - best.i))[0];
      if (stating && picked.size < 3 && chars + stating.s.length <= MAX_CHARS) add(stating.i);
    }
    // Nothing picked states it, and the next sentence sends the reader to the page that does ("Alle Termine stehen im
    // Kurskalender"): it joins, and the answer brings that page (extractive.ts pointedTo).
    const after = best.i + 1;
    if (types.length && after < sentences.length && ![...picked].some((i) => statesType(sentences[i], types)) && POINTER.test(sentences[after]) && chars + sentences[after].length <= MAX_CHARS) add(after);
    // "Wann ist die nächste Wartung": the sentence with a day yet to come, whatever words it shares.
    if (nextFrom !== undefined && ![...picked].some((i) => statesDayFrom(sentences[i], nextFrom))) {
      const coming = scored.find((x) => !picked.has(x.i) && statesDayFrom(x.s, nextFrom));
      if (coming && chars + coming.s.length <= MAX_CHARS) add(coming.i);
    }
    for (const c of scored.filter((x) => x.i !== best.i && x.words > 0).sort((a, b) => b.n - a.n || Math.abs(a.i - best.i) - Math.abs(b.i - best.i))) {
      if (picked.size >= 3 || chars + c.s.length > MAX_CHARS) continue;
      add(c.i);
    }
  }
  return [...picked].sort((a, b) => a - b).map((i) => sentences[i]).join(' ');
}

/** A list unit: its lead-in and the items that match (all of them when none matches on its own). */
function listText(question: string[], text: string, types: AnswerType[]): string {
  const lines = text.split('\n');
  const lead = lines.filter((l) => !l.startsWith('- '));
  const items = lines.filter((l) => l.startsWith('- '));
  const matching = items.filter((l) => overlap(question, l) > 0 || (types.length > 0 && statesType(l, types)));
  const chosen = (matching.length ? matching : items).slice(0, 6).map((l) => l.slice(2));
  const leadText = lead.length ? bestSentences(question, lead.join(' '), types) : '';
  const body = chosen.join('; ');
  return [leadText, body].filter(Boolean).join(' ').slice(0, 700);
}

export const lastHeading = (h: string) => h.split(HEADING_SEPARATOR).pop()?.trim() ?? '';

/** The forms a unit matched the question's terms by ("gastebeitrag" for "Kurtaxe"), at least three letters long. */
const matchedForms = (unit: { terms?: RetrievedPassage['terms'] }) =>
  (unit.terms ?? []).flatMap((t) => (t.matched ? (t.vias?.length ? t.vias : t.via ? [t.via] : []) : [])).filter((w) => w.length > 2);

/**
 * Whether a row's label names what the question asks about: a word of the question, or a form the row matched it by
 * as the label writes it ("vegan", "vegane"), not as the first part of a compound ("kündig…" of "Kündigungsfrist":
 * that row is about a time limit, and "wie kündige ich" wants the sentence that says how).
 */
export function labelNames(question: string[], row: Pick<RetrievedPassage, 'text' | 'terms'>): boolean {
  const words = wordsOf(rowLabel(row.text));
  // The word itself, inflected (`extra` letters more: a keyword is cut by up to three), or as a compound's head ("Winterreifenwechsel").
  const names = (stem: string, extra: number) =>
    words.some((w) => (w.startsWith(stem) && w.length - stem.length <= extra) || (stem.length >= 4 && (w.endsWith(stem) || (w.length >= 4 && stem.startsWith(w)))));
  // A form the row matched by that begins with the question's word and goes on ("kündig" → "Kündigungsfrist") is a compound of it, not it.
  const forms = (row.terms ?? []).flatMap((t) => (t.matched ? formsOf(t).filter((f) => f.length > 2 && !(f.startsWith(t.term) && f.length - t.term.length > 4)) : []));
  return question.some((q) => names(fold(q), 6)) || forms.some((f) => names(f, 3));
}

/**
 * The answer text of one unit for the question. The forms the unit matched the question by
 * (`terms`) count as the question's words: a German unit that answers an English question
 * ("driving licence" → "Führerschein") quotes the sentence holding them, and "Kreditkarte" brings
 * the sentence naming Visa and Mastercard.
 */
export function unitAnswer(question: string, unit: Pick<RetrievedPassage, 'text' | 'kind' | 'heading'> & { terms?: RetrievedPassage['terms'] }): string {
  const matched = matchedForms(unit);
  const own = keywords(question);
  const q = [...new Set([...own, ...matched])];
  const types = answerTypes(question);
  switch (unit.kind) {
    case 'row': {
      const h = lastHeading(unit.heading);
      // The heading leads the row only when it names what the question itself asked about ("Sauna: Samstag: 10–20 Uhr").
      return h && overlap(own, h) > 0 && !unit.text.includes(h) ? `${h}: ${unit.text}` : unit.text;
    }
    case 'list':
      return listText(q, unit.text, types);
    case 'faq': {
      // An FAQ answer is written to be read whole; only a long one is cut to its best sentences.
      const text = unit.text.replace(/\n+/g, ' ');
      return text.length <= 350 ? text : bestSentences(q, text, types, true);
    }
    default: {
      const nextFrom = types.includes('date') && asksForNext(question) ? dayOf(Date.now()) : undefined;
      const text = bestSentences(q, unit.text.replace(/\n+/g, ' '), types, false, unit.heading, nextFrom);
      // A section whose heading dates it ("Winteraktion bis 31. Januar 2027") holds only in those days: the answer says so.
      const h = lastHeading(unit.heading);
      return h && !text.includes(h) && statesLastDay(h) ? `${h}: ${text}` : text;
    }
  }
}

/** The forms the unit holds for a matched term: "Leute" is "Plätze" in one line, "Personen" in the next. */
export const formsOf = (t: RetrievedPassage['terms'][number]) => (t.vias?.length ? t.vias : t.via ? [t.via] : []);

/** Whether a word of the text is a form of a stemmed lexeme ("Öffnungszeiten" of "offnungszeit", "country" of "countri"). */
export function formOf(word: string, lexeme: string): boolean {
  // "e" of "E-Bike" is no start of "excess".
  if (lexeme.length < 3) return word === lexeme;
  if (word.startsWith(lexeme)) return true;
  return lexeme.length >= 4 && word.length >= lexeme.length - 1 && word.startsWith(lexeme.slice(0, -1));
}
