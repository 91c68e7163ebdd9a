/**
 * The answer without a language model, composed from the best unit the search found: a table row
 * (with the rows of the same table the question also matches), an FAQ answer (never its question),
 * or the one to three sentences of a section that match the question best, in reading order.
 * Nothing is invented: every word of the answer is the website's.
 */
import { LRUCache } from 'lru-cache';
import type { RetrievedPassage } from '../services/retrieval.ts';
import { splitSentences } from '../training/sentences.ts';
import { HEADING_SEPARATOR } from '../training/chunk.ts';
import { answerTypes, answeredByType, asksForType, statesType, type AnswerType } from './answerType.ts';
import { labelHolds, rowLabel } from './quantities.ts';
import { asksForNext, dayOf, publishedOn, statesDayFrom, statesLastDay } from './dates.ts';
import { askedIn, holdsAsked, holdsTerm, NOTHING_ASKED, withoutOtherMeasures, type Asked } from './asked.ts';

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
const sentencesOf = (text: string) => splitOf(text).sentences;
function sentenceWordsOf(text: string) {
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

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
/** A text's words, folded. */
const wordsOf = (s: string): string[] => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];

/** How many of the question's words a piece of text contains (forms and compounds count: "kost" ~ "kostet", "sauna" ~ "Familiensauna"). */
function overlap(question: string[], text: string): number {
  const words = wordsOf(text).filter((w) => w.length > 1);
  let n = 0;
  for (const raw of question) {
    const q = fold(raw);
    if (words.some((w) => w === q || w.startsWith(q) || (q.length >= 4 && w.length >= 4 && q.startsWith(w)) || (q.length >= 5 && w.includes(q)))) n++;
  }
  return n;
}

const MAX_CHARS = 450;

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

const lastHeading = (h: string) => h.split(HEADING_SEPARATOR).pop()?.trim() ?? '';

/** The forms a unit matched the question's terms by ("gastebeitrag" for "Kurtaxe"), at least three letters long. */
const matchedForms = (unit: { terms?: RetrievedPassage['terms'] }) =>
  (unit.terms ?? []).flatMap((t) => (t.matched ? (t.vias?.length ? t.vias : t.via ? [t.via] : []) : [])).filter((w) => w.length > 2);

/**
 * Whether a row's label names what the question asks about: a word of the question, or a form the row matched it by
 * as the label writes it ("vegan", "vegane"), not as the first part of a compound ("kündig…" of "Kündigungsfrist":
 * that row is about a time limit, and "wie kündige ich" wants the sentence that says how).
 */
function labelNames(question: string[], row: Pick<RetrievedPassage, 'text' | 'terms'>): boolean {
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

/** The unit's coverage of the question, counting the words that only ask for a stated fact ("kostet") as covered when it states one. */
export function answerCoverage(
  hit: Pick<RetrievedPassage, 'terms' | 'coverage' | 'text' | 'kind'>,
  types: AnswerType[],
  asked: Asked = NOTHING_ASKED,
): number {
  if (!hit.terms.length) return hit.coverage;
  let total = 0;
  let covered = 0;
  for (const t of hit.terms) {
    total += t.idf;
    if (t.matched) continue;
    // A number of the question is covered by the row whose label's range holds it ("4" by "3–5 Jahre").
    if (answeredByType(t.term, hit.text, types) || holdsTerm(t.term, hit.text, hit.kind, asked)) covered += t.idf;
  }
  return total ? Math.min(1, hit.coverage + covered / total) : hit.coverage;
}

/** A news item published more than a year ago: what it announced ("ab sofort versandkostenfrei ab 50 €") may have changed since. */
const STALE_DAYS = 365;
const STALE_FACTOR = 0.6;

/** The forms the unit holds for a matched term: "Leute" is "Plätze" in one line, "Personen" in the next. */
const formsOf = (t: RetrievedPassage['terms'][number]) => (t.vias?.length ? t.vias : t.via ? [t.via] : []);

/** Whether a word of the text is a form of a stemmed lexeme ("Öffnungszeiten" of "offnungszeit", "country" of "countri"). */
function formOf(word: string, lexeme: string): boolean {
  // "e" of "E-Bike" is no start of "excess".
  if (lexeme.length < 3) return word === lexeme;
  if (word.startsWith(lexeme)) return true;
  return lexeme.length >= 4 && word.length >= lexeme.length - 1 && word.startsWith(lexeme.slice(0, -1));
}

/**
 * The best coverage of the question by one sentence of the unit (with the unit's headings and page
 * title, which the sentence stands under): words a page shares with a question only when they are
 * spread over unrelated sentences ("rent" e-bikes … cable "cars") do not make an answer.
 */
export function sentenceCoverage(hit: CoverageUnit, types: AnswerType[], asked: Asked = NOTHING_ASKED): number {
  return Math.max(0, ...sentenceCoverages(hit, types, asked).map((x) => x.coverage));
}

type CoverageUnit = Pick<RetrievedPassage, 'terms' | 'text' | 'heading' | 'source'> & { kind?: RetrievedPassage['kind'] };

/** Each sentence of the unit with its coverage of the question (under the unit's headings and page title). */
function sentenceCoverages(hit: CoverageUnit, types: AnswerType[], asked: Asked): { sentence: string; coverage: number }[] {
  const total = hit.terms.reduce((n, t) => n + t.idf, 0);
  if (!total) return [];
  const context = wordsOf(`${hit.heading} ${hit.source.title ?? ''}`);
  const sentenceWords = sentenceWordsOf(hit.text);
  return sentencesOf(hit.text).map((sentence, i) => {
    const holds = (f: string) => context.some((w) => formOf(w, f)) || sentenceWords[i].some((w) => formOf(w, f));
    let covered = 0;
    for (const t of hit.terms) {
      if (t.matched && formsOf(t).some(holds)) covered += t.idf * (t.weight ?? 1);
      else if (!t.matched && (answeredByType(t.term, sentence, types) || holdsTerm(t.term, sentence, hit.kind, asked))) covered += t.idf;
    }
    return { sentence, coverage: settled(covered / total) };
  });
}

/**
 * Whether the unit states the kind of fact the question asks for (a price, a time) in a sentence
 * that is about the question: "free of charge" for guided hikes does not answer what the cable car costs.
 */
export function statesAskedFact(hit: CoverageUnit, types: AnswerType[], minSentenceCoverage: number, asked: Asked = NOTHING_ASKED): boolean {
  return statesInSentences(sentenceCoverages(hit, types, asked), types, minSentenceCoverage, asked);
}

function statesInSentences(sentences: { sentence: string; coverage: number }[], types: AnswerType[], minSentenceCoverage: number, asked: Asked) {
  return !types.length || sentences.some((x) => x.coverage >= minSentenceCoverage && statesAsked(x.sentence, types, asked));
}

/** Whether a sentence states the kind of fact asked for; "the next" date ("wann ist der nächste Infoabend") only as a day yet to come. */
function statesAsked(sentence: string, types: AnswerType[], asked: Asked): boolean {
  if (asked.nextFrom === undefined || !types.includes('date')) return statesType(sentence, types);
  const others = types.filter((t) => t !== 'date');
  return (others.length > 0 && statesType(sentence, others)) || statesDayFrom(sentence, asked.nextFrom);
}

/**
 * A share rounded to nine places: the same weights summed in another order (the index's order of units follows
 * the order pages were crawled in) differ in the last bit, and a gate at 0.6 must not flip on that.
 */
const settled = (x: number) => Math.round(x * 1e9) / 1e9;

/**
 * The measures of one question's units, each computed once per unit: the ranking's sort asks for a
 * unit's sentence coverage at every comparison, and splitting and folding its sentences again each
 * time was a tenth of an answer's CPU.
 */
function judgeFor(question: string) {
  const types = answerTypes(question);
  const asked = askedIn(question);
  const once = <T>(f: (h: RetrievedPassage) => T) => {
    const known = new Map<RetrievedPassage, T>();
    return (h: RetrievedPassage): T => {
      if (!known.has(h)) known.set(h, f(h));
      return known.get(h)!;
    };
  };
  const sentences = once((h) => sentenceCoverages(h, types, asked));
  const today = dayOf(Date.now());
  return {
    types,
    asked,
    coverage: once((h) => settled(answerCoverage(h, types, asked))),
    sentenceCoverage: once((h) => settled(Math.max(0, ...sentences(h).map((x) => x.coverage)))),
    statesAskedFact: (h: RetrievedPassage, minSentenceCoverage: number) => statesInSentences(sentences(h), types, minSentenceCoverage, asked),
    namedCoverage: once((h) => settled(namedCoverage(h, types, asked))),
    /** A row whose label holds a number of the question ("unser Kleiner ist 4" → "3–5 Jahre"), a text that holds its day. */
    holdsAsked: once((h) => holdsAsked(h, asked)),
    /** A news item published more than STALE_DAYS before today. */
    stale: once((h) => {
      const day = publishedOn(h.text);
      return day !== null && day < today - STALE_DAYS;
    }),
    /** The rarity of the question's terms the unit holds without matching them. */
    heldWeight: once((h) => h.terms.reduce((n, t) => n + (!t.matched && holdsTerm(t.term, h.text, h.kind, asked) ? t.idf : 0), 0)),
  };
}

/**
 * How much of what the question names the unit covers, leaving out the words that only ask for the kind of
 * fact ("kostet", "pay"): a price is worth something only next to the thing it is the price of.
 */
function namedCoverage(hit: Pick<RetrievedPassage, 'terms' | 'coverage' | 'text' | 'kind'>, types: AnswerType[], asked: Asked): number {
  if (!hit.terms.length) return hit.coverage;
  let total = 0;
  let covered = 0;
  for (const t of hit.terms) {
    if (types.length && asksForType(t.term, types)) continue;
    total += t.idf;
    if (t.matched) covered += t.idf * (t.weight ?? 1);
    // "3 Wochen" is named by the row "29 bis 14 Tage" as much as by the words "3 Wochen".
    else if (holdsTerm(t.term, hit.text, hit.kind, asked)) covered += t.idf;
  }
  return total ? covered / total : 1;
}
type Judge = ReturnType<typeof judgeFor>;

/**
 * The units that may answer (enough of the question covered, something in the unit's own text),
 * those stating the kind of fact asked for moved ahead of those that only share words with it.
 */
function answerUnits(question: string, hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions): RetrievedPassage[] {
  const { types } = judge;
  // Words shared across languages are more often chance ("Uber" and "über"): content in another language must cover more.
  // Unless the visitor's language has content on the question that covers it not even half as well: the site
  // answers it in the other language. (Without any such content the question may be about something else.)
  // A row that matched only by its table's heading still answers in its own text when its label holds the question's number.
  const inBody = (h: RetrievedPassage) => h.bodyMatches > 0 || !!judge.holdsAsked(h);
  const own = Math.max(0, ...hits.filter((h) => h.lang === opts.visitorLang && inBody(h)).map(judge.coverage));
  const foreign = (h: RetrievedPassage) => !!opts.visitorLang && h.lang !== opts.visitorLang;
  const margin = (h: RetrievedPassage) => (foreign(h) && !(own > 0 && judge.coverage(h) >= 2 * own) ? (opts.foreignMargin ?? 0.1) : 0);
  const passes = (h: RetrievedPassage, extra: number) =>
    inBody(h) && judge.coverage(h) >= opts.minCoverage + extra && judge.sentenceCoverage(h) >= (opts.minSentenceCoverage ?? 0);
  // Where nothing passes, a unit in another language that names what the visitor's language has no word for at all
  // ("spricht jemand Türkisch?" on a site whose German pages never say "türkisch") needs no margin: that word is no chance.
  const missing = missingConcepts(hits.find((h) => !foreign(h)));
  const namesMissing = (h: RetrievedPassage) => h.terms.some((t) => t.matched && missing.some((m) => sameWord(m.term, t.term)));
  const gated = hits.filter((h) => passes(h, margin(h)));
  const ok = gated.length ? gated : hits.filter((h) => foreign(h) && namesMissing(h) && passes(h, 0));
  // Focused units first: the share of the question one sentence answers scales the rank.
  // A row whose label names what was asked about ("Sonntag – …" for "am Sonntag") is that thing's row.
  const words = keywords(question);
  const boost = new Map(
    ok.map((h) => [
      h,
      // Stating the asked-for fact in a sentence about the question counts as much as twice the words: "Aufpreis
      // für Halbpension?" wants the price line, not the page's sentence that says what half board includes. Only
      // next to enough of what the question names: "holt ihr mich vom Flughafen ab, was kostet das" is not "Leipzig … kostenlos".
      (types.length && judge.statesAskedFact(h, opts.minSentenceCoverage ?? 0) && judge.namedCoverage(h) >= opts.minCoverage ? 2 : 1) *
        // A row whose label holds the question's number ("unser Kleiner ist 4" → "3–5 Jahre"), a text that holds its day.
        // A day named is said more of by the line of that day than by a span of weeks that holds it.
        (judge.holdsAsked(h) === 'named' ? 1.8 : judge.holdsAsked(h) === 'within' ? 1.5 : 1) *
        // (Only a row that states the kind of fact asked for: the course's row with its price does not say when it is.)
        (h.kind === 'row' && labelNames(words, h) && judge.statesAskedFact(h, 0) ? 1.3 : 1) *
        (0.5 + judge.sentenceCoverage(h)),
    ]),
  );
  // A term the unit holds without its words ("30.12" in "vom 23. Dezember bis 3. Januar") scores as if it matched.
  const elsewhere = sectionOfOthers(ok);
  const score = (h: RetrievedPassage) => (h.score + judge.heldWeight(h)) * (1 - (elsewhere.get(h) ?? 0)) * (judge.stale(h) ? STALE_FACTOR : 1);
  return ok.sort((a, b) => score(b) * boost.get(b)! - score(a) * boost.get(a)!);
}

/**
 * Per unit, the share of its matched weight that belongs to another section of its page: a word it has only from the
 * headings it stands under ("Online shop: shipping, returns and payment › Returns") while a section of the same page
 * is headed by it ("… › Shipping"). A page whose title names several things has one section per thing.
 */
function sectionOfOthers(units: RetrievedPassage[]): Map<RetrievedPassage, number> {
  const headings = new Map(units.map((u) => [u, wordsOf(lastHeading(u.heading))]));
  const own = new Map(units.map((u) => [u, [...headings.get(u)!, ...wordsOf(u.text)]]));
  const headed = (u: RetrievedPassage, term: string) => {
    const t = u.terms.find((x) => x.term === term && x.matched);
    return !!t && formsOf(t).some((f) => headings.get(u)!.some((w) => formOf(w, f)));
  };
  const out = new Map<RetrievedPassage, number>();
  for (const u of units) {
    const matched = u.terms.filter((t) => t.matched);
    const total = matched.reduce((n, t) => n + t.idf * (t.weight ?? 1), 0);
    if (!total || u.kind === 'row' || !u.heading.includes(HEADING_SEPARATOR)) continue;
    const words = own.get(u)!;
    // A section that u stands under is no other section: "Bergblick-Zimmer › Preise" belongs to "Bergblick-Zimmer".
    const above = u.heading.split(HEADING_SEPARATOR).slice(0, -1).map((x) => x.trim());
    const others = units.filter((x) => x !== u && x.source.id === u.source.id && x.lang === u.lang && !above.includes(lastHeading(x.heading)));
    let misplaced = 0;
    for (const t of matched) {
      if (formsOf(t).some((f) => words.some((w) => formOf(w, f)))) continue;
      if (others.some((x) => headed(x, t.term))) misplaced += t.idf * (t.weight ?? 1);
    }
    if (misplaced) out.set(u, misplaced / total);
  }
  return out;
}

/**
 * The rows that answer, from the page of the best row: the row whose label holds a number of the
 * question ("unser Kleiner ist 4" → the row "3–5 Jahre") first, then rows the question matches
 * nearly as well (several vegan dishes of one menu), at most three.
 */
function tableRows({ quantities }: Asked, best: RetrievedPassage, hits: RetrievedPassage[]): RetrievedPassage[] {
  const rows = hits.filter((h) => h.kind === 'row' && h.source.id === best.source.id && h.lang === best.lang);
  const holding = quantities.length ? rows.filter((r) => quantities.some((q) => labelHolds(r.text, q))) : [];
  const first = holding[0] ?? best;
  const similar = rows.filter((r) => r !== first && r.score >= best.score * 0.85 && (!holding.length || holding.includes(r)));
  return [first, ...similar].slice(0, 3);
}

/**
 * The other variants of what the best unit answers for: "was kostet ein Kindergeburtstag" is answered by each
 * package's section ("Kindergeburtstag › Unsere Pakete › Boulder-Geburtstag", "› Kletter-Geburtstag"). Only where the
 * question names what the sections stand under, not one of them: a section of the same page under the same heading
 * whose heading shares a word with the best one's and that states the asked-for fact too, at most two. (Answers to FAQ
 * questions are no variants of each other.)
 */
function variants(question: string, best: RetrievedPassage, units: RetrievedPassage[], judge: Judge): RetrievedPassage[] {
  if (!judge.types.length || best.kind === 'row' || best.kind === 'faq' || !best.heading.includes(HEADING_SEPARATOR)) return [];
  const parent = (u: RetrievedPassage) => u.heading.slice(0, u.heading.lastIndexOf(HEADING_SEPARATOR));
  const above = wordsOf(parent(best));
  const named = best.terms.filter((t) => t.matched && !t.minor && !asksForType(t.term, judge.types));
  if (!named.length || !named.every((t) => formsOf(t).some((f) => above.some((w) => formOf(w, f))))) return [];
  const states = (u: RetrievedPassage) => statesType(unitAnswer(question, u), judge.types);
  if (!states(best)) return [];
  // Sections of one kind share a word of their headings ("Boulder-Geburtstag", "Kletter-Geburtstag"); a page on "Families and
  // dogs" has a section on each thing.
  const own = wordsOf(lastHeading(best.heading));
  const kin = (u: RetrievedPassage) => wordsOf(lastHeading(u.heading)).some((w) => own.some((x) => sharedEnding(w, x)));
  return units
    .filter(
      (u) =>
        u !== best && u.source.id === best.source.id && u.lang === best.lang && u.kind !== 'row' && u.kind !== 'faq' &&
        parent(u) === parent(best) && lastHeading(u.heading) !== lastHeading(best.heading) && kin(u) && states(u),
    )
    .slice(0, 2);
}

/** Two words with the same ending of five letters or more: "Boulder-Geburtstag" and "Klettergeburtstag", "Tarif" and "Tarif". */
const sharedEnding = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n >= 5 || (a === b && a.length >= 3);
};

/**
 * A unit in another language that completes a partial answer in the visitor's language: the
 * English page says "E-bikes can be rented at reception", the German one has the price.
 */
function completingUnit(question: string, used: RetrievedPassage[], answer: string, hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
  if (!opts.visitorLang || used.some((u) => u.lang !== opts.visitorLang)) return null;
  const { types } = judge;
  // Stated in a sentence about the question: "a free placement test" next to "Business English is taught in small groups" states no price of Business English.
  const stated = statesType(answer, types) && used.some((u) => judge.statesAskedFact(u, opts.minSentenceCoverage ?? 0));
  const covered = Math.max(...used.map(judge.coverage));
  // The answer leaves a part of the question unmatched ("als Koch" answered from the reception job) and the other unit matches every part.
  const incomplete = used.every((u) => u.terms.some((t) => !t.matched));
  const complete = (h: RetrievedPassage) => h.terms.length > 0 && h.terms.every((t) => t.matched);
  return (
    hits.find(
      (h) =>
        h.lang !== opts.visitorLang &&
        (types.length
          ? !stated && statesType(unitAnswer(question, h), types)
          : judge.coverage(h) >= covered + 0.15 || (incomplete && complete(h) && judge.coverage(h) >= covered)) &&
        // It must pass the gate for other languages; without a missing fact to add, it must also cover more.
        judge.coverage(h) >= Math.max(types.length ? 0 : covered, opts.minCoverage + (opts.foreignMargin ?? 0.1)),
    ) ?? null
  );
}

export interface Composed {
  text: string;
  /** The answer's pieces with the language of the unit each comes from. */
  parts: { lang: string; text: string }[];
  used: RetrievedPassage[];
  /** How much of the question the answering unit covers (0..1): below a level the bot also offers a person. */
  coverage: number;
  /** A sentence about the question states the asked-for kind of fact (always true when the question asks for none). */
  statesFact: boolean;
}

/**
 * The answer from ranked units: the best unit; rows of the same table the question matches as
 * strongly; and a second source only when it is nearly as good (it may hold the rest of the answer).
 */
export interface ComposeOptions {
  /** Share of the question's specific content the unit must cover. */
  minCoverage: number;
  /** Share one sentence of the unit (under its headings) must cover. */
  minSentenceCoverage?: number;
  /** The visitor's base language: units in other languages need `foreignMargin` more coverage. */
  visitorLang?: string;
  foreignMargin?: number;
}

/** Two stems of one question word under different stemmers: equal, or one the other's start (but its last letter). */
const sameWord = (x: string, y: string) => {
  // Folded: the German configuration drops the umlaut ("stadtfuhr"), the English one keeps it ("stadtführung").
  const [a, b] = [fold(x), fold(y)];
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short === long || (short.length >= 4 && long.startsWith(short.slice(0, -1)));
};

/** The question's words a unit's language has no word for at all (numbers, everyday words like "leider" and the story around the question name no concept). */
const missingConcepts = (unit: RetrievedPassage | undefined) =>
  (unit?.terms ?? []).filter((t) => !t.matched && !t.known && !t.minor && !/^\d+$/.test(t.term));

/**
 * The visitor's language has no word at all for part of the question ("Flughafentransfer" on a site
 * whose German pages never mention one): a unit in another language that names it and covers the rest
 * of the question at least as well is the better answer, however much the visitor's language ranks first.
 */
function conceptElsewhere(best: RetrievedPassage, hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
  if (!opts.visitorLang || best.lang !== opts.visitorLang) return null;
  // It must name a missing word (each language's parse of the question spells it its own way: "flughafentransf", "flughafentransfer").
  const names = (h: RetrievedPassage, words: RetrievedPassage['terms']) => h.terms.some((t) => t.matched && words.some((m) => sameWord(m.term, t.term)));
  const missing = missingConcepts(best);
  if (missing.length) {
    // It covers as much, not counting the missing words themselves: no unit of the visitor's language can have them.
    const total = best.terms.reduce((n, t) => n + t.idf, 0);
    const need = judge.coverage(best) - (total ? missing.reduce((n, t) => n + t.idf, 0) / total : 0);
    return hits.find((h) => h.lang !== opts.visitorLang && judge.coverage(h) >= need && names(h, missing)) ?? null;
  }
  // A word the visitor's language has, but none of its units that answer ("Schwimmkurse auf Englisch" where only the
  // English page says the course is taught in English): the other language's unit that names it and covers clearly more.
  const own = hits.filter((h) => h.lang === best.lang);
  const unanswered = best.terms.filter(
    (t) => !t.matched && !t.minor && !/^\d+$/.test(t.term) && !own.some((h) => h.terms.some((x) => x.term === t.term && x.matched)),
  );
  if (!unanswered.length) return null;
  return hits.find((h) => h.lang !== opts.visitorLang && judge.coverage(h) >= judge.coverage(best) + 0.1 && names(h, unanswered)) ?? null;
}

/**
 * Words by which a page says that the matter is written up in another language: "Business English and Spanish are
 * described on our German website", "The full price list is available in German", "nur auf Englisch".
 */
const OTHER_LANGUAGE =
  /\b(?:(?:on|in) our (?:german|english)(?:-language)? (?:website|site|pages?)|(?:only |is |are )?(?:available|described|written) in (?:german|english)|auf unserer (?:deutschen|englischen) (?:website|webseite|seite)|nur auf (?:deutsch|englisch))\b/iu;

/**
 * The best unit of the visitor's language only says that the matter is written up in the other language, and it
 * states none of the fact asked for: the other language's best unit that states it (and covers the question as the
 * gate for other languages asks) answers, not the pointer.
 */
function leftToOtherLanguage(best: RetrievedPassage, hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
  if (!opts.visitorLang || best.lang !== opts.visitorLang) return null;
  const min = opts.minSentenceCoverage ?? 0;
  if (judge.types.length && judge.statesAskedFact(best, min)) return null;
  const pointing = sentencesOf(best.text).some((s) => OTHER_LANGUAGE.test(s));
  if (!pointing) return null;
  return (
    hits.find(
      (h) =>
        h.lang !== opts.visitorLang &&
        h.bodyMatches > 0 &&
        judge.coverage(h) >= opts.minCoverage + (opts.foreignMargin ?? 0.1) &&
        (!judge.types.length || (judge.statesAskedFact(h, min) && judge.namedCoverage(h) >= opts.minCoverage)),
    ) ?? null
  );
}

/**
 * Where a message asks a second thing: "Was kostet das und kommen da noch Gebühren dazu?", "shipping cost? and from what
 * amount is it free", or asks for a second thing's fact: "was kostet Chip setzen + Heimtierausweis", "cost of microchip and
 * EU pet passport".
 */
const SECOND_ASK =
  /[?;]\s*|\s[+&]\s*|\s(?:und|and|sowie)\s+|\s(?:oder|or)\s+(?=(?:was|wie|wann|wo|welche\w*|gibt|kommen?|kann|muss|ist|sind|habt|what|how|when|where|which|is|are|do|does|can)\b)/iu;

/**
 * A unit for the part of a two-part question the answer leaves out: "was kostet das und kommen da noch Gebühren
 * dazu?" is answered by the course's price row and the registration fee. The part's words must be missing from
 * the answer's own text; the unit must name nearly half their weight ("Chip setzen": "Mikrochip inkl. Implantation")
 * and state the asked-for fact.
 */
function restOfQuestion(question: string, used: RetrievedPassage[], hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
  const parts = question
    .split(SECOND_ASK)
    .map((text) => ({ words: wordsOf(text), types: answerTypes(text) }))
    .filter((p) => p.words.length > 0);
  if (parts.length < 2) return null;
  const first = used[0];
  const textWords = new Map(used.map((u) => [u, wordsOf(u.text)]));
  const inText = (term: string) =>
    used.some((u) => u.lang === first.lang && u.terms.some((t) => t.term === term && t.matched && formsOf(t).some((f) => textWords.get(u)!.some((w) => formOf(w, f)))));
  const inUnits = (term: string) => used.some((u) => u.lang === first.lang && u.terms.some((t) => t.term === term && t.matched));
  const named = first.terms.filter((t) => !t.minor && !asksForType(t.term, judge.types) && !/^\d+$/.test(t.term));
  const ownTerms = (words: string[]) => named.filter((t) => words.some((w) => formOf(w, t.term)));
  // Where the answer's own text answers one part, a part named only by the headings above it is another thing: the
  // caption "Microchip and travel documents" stands over the passport's row too. Where no part is in its text, the
  // headings are what the answer is about ("Kinderermäßigung › 3–6 Jahre").
  const inAnswer = parts.some(({ words }) => ownTerms(words).some((t) => inText(t.term))) ? inText : inUnits;
  // A part that asks for a kind of fact the answer does not state is open however much the answer names its thing:
  // "was kostet die Welpenschule und bis zu welchem Alter …" answered with the puppy class's age limit alone.
  const answerText = used.map((u) => unitAnswer(question, u)).join(' ');
  for (const { words, types } of parts) {
    const own = ownTerms(words);
    const mentioned = own.some((t) => inAnswer(t.term) || holdsTerm(t.term, first.text, first.kind, judge.asked));
    if (!own.length || (mentioned && statesType(answerText, types))) continue;
    const weight = own.reduce((n, t) => n + t.idf, 0);
    const names = (h: RetrievedPassage) => own.reduce((n, l) => n + (h.terms.some((t) => t.term === l.term && t.matched && (t.weight ?? 1) >= 0.7) ? l.idf : 0), 0);
    const found = hits.find(
      (h) =>
        !used.includes(h) && used.some((u) => u.source.id === h.source.id) && h.bodyMatches > 0 && names(h) >= weight * 0.45 &&
        judge.statesAskedFact(h, opts.minSentenceCoverage ?? 0) && statesType(unitAnswer(question, h), types),
    );
    if (found) return found;
  }
  return null;
}

/** A sentence that sends the reader to another page by its name: "siehe Rücktritt und Stornierung", "finden Sie unter Massagen & Behandlungen", "see visa". */
const POINTER = /(?:\bsiehe|\bsee|\bunter|\bauf der seite|\bon (?:our|the))\s+(?:seite\s+)?(\p{L}[\p{L}&\- ,]{2,60}?)(?:\s+page)?\s*[.!)]?\s*$/iu;
const NOT_A_NAME = new Set(['und', 'and', 'der', 'die', 'das', 'den', 'our', 'the', 'unsere', 'unserer']);

/**
 * The unit of the page the first unit's answer text (`firstText`) points to ("Bei längerer Krankheit gibt es
 * eine Gutschrift, siehe Rücktritt und Stornierung"): a ranked unit whose page title or heading has every word of
 * the name, that matches the question in its own text and covers as much of it as the gate asks. It holds what the
 * pointing sentence leaves to that page.
 */
function pointedTo(firstText: string, used: RetrievedPassage[], hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
  const names = sentencesOf(firstText)
    .map((s) => POINTER.exec(s)?.[1])
    .filter((n): n is string => !!n)
    .map((n) => wordsOf(n).filter((w) => w.length >= 3 && !NOT_A_NAME.has(w)))
    .filter((w) => w.length > 0);
  if (!names.length) return null;
  const titled = (h: RetrievedPassage, name: string[]) => {
    const words = wordsOf(`${h.source.title ?? ''} ${h.heading}`);
    return name.every((n) => words.some((w) => w.startsWith(n)));
  };
  return (
    hits.find(
      (h) =>
        !used.includes(h) &&
        used.every((u) => u.source.id !== h.source.id) &&
        !judge.stale(h) &&
        h.bodyMatches > 0 &&
        judge.coverage(h) >= opts.minCoverage &&
        names.some((name) => titled(h, name)),
    ) ?? null
  );
}

export function composeAnswer(question: string, ranked: RetrievedPassage[], opts: ComposeOptions): Composed | null {
  const judge = judgeFor(question);
  const units = ranked.map((h) => withoutOtherMeasures(h, judge.asked));
  const hits = answerUnits(question, units, judge, opts);
  if (!hits[0]) return null;
  const best = conceptElsewhere(hits[0], hits, judge, opts) ?? leftToOtherLanguage(hits[0], hits, judge, opts) ?? hits[0];
  const used = best.kind === 'row' ? tableRows(judge.asked, best, hits) : [best, ...variants(question, best, units, judge)];
  // A second source must match the question in its own text: an FAQ answer that only stands under a matching section heading answers another question.
  const q = keywords(question);
  // Nor is an old news item a second source for a current page: what it announced may have changed since.
  const second = hits
    .slice(1)
    .find((h) => !used.includes(h) && h.source.id !== used[0].source.id && overlap(q, h.text) > 0 && (judge.stale(used[0]) || !judge.stale(h)));
  if (second && second.score >= used[0].score * 0.92) used.push(second);
  const rest = restOfQuestion(question, used, hits, judge, opts);
  if (rest) used.push(rest);
  const parts: { lang: string; text: string }[] = [];
  const addPart = (u: RetrievedPassage, t = unitAnswer(question, u)) => {
    if (t && !parts.some((p) => p.text === t)) parts.push({ lang: u.lang, text: t });
  };
  const firstText = unitAnswer(question, used[0]);
  used.forEach((u, i) => addPart(u, i === 0 ? firstText : undefined));
  // Any ranked unit of the page pointed to: its sentences need not cover the question, the pointing one did.
  const pointed = pointedTo(firstText, used, units, judge, opts);
  if (pointed) {
    used.push(pointed);
    addPart(pointed);
  }
  const foreign = completingUnit(question, used, parts.map((p) => p.text).join(' '), hits, judge, opts);
  if (foreign) {
    used.push(foreign);
    addPart(foreign);
  }
  const text = parts.map((p) => p.text).join('\n');
  if (!text) return null;
  const statesFact = used.some((u) => judge.statesAskedFact(u, opts.minSentenceCoverage ?? 0));
  return { text, parts, used, coverage: judge.coverage(used[0]), statesFact };
}
