/**
 * How well a unit covers the question: as a whole (rarity-weighted terms, a stated price or time covering "was kostet"
 * or "wann"), by its best sentence under its headings, by what the question names; whether it states the asked-for
 * kind of fact. judgeFor computes each measure once per unit of one question.
 */
import type { RetrievedPassage } from '../services/retrieval.ts';
import { answerTypes, answeredByType, asksForType, statesType, type AnswerType } from './answerType.ts';
import { dayOf, publishedOn, statesDayFrom } from './dates.ts';
import { askedIn, holdsAsked, holdsTerm, NOTHING_ASKED, type Asked } from './asked.ts';
import { formOf, formsOf, sentencesOf, sentenceWordsOf, unitAnswer, wordsOf } from './unitText.ts';

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
export const STALE_FACTOR = 0.6;

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
  // The headings a term is in hold it for every sentence: looked up once per unit, not per sentence.
  const inContext = hit.terms.map((t) => t.matched && formsOf(t).some((f) => context.some((w) => formOf(w, f))));
  const sentenceWords = sentenceWordsOf(hit.text);
  return sentencesOf(hit.text).map((sentence, i) => {
    const holds = (f: string) => sentenceWords[i].some((w) => formOf(w, f));
    let covered = 0;
    for (let k = 0; k < hit.terms.length; k++) {
      const t = hit.terms[k];
      if (t.matched && (inContext[k] || formsOf(t).some(holds))) covered += t.idf * (t.weight ?? 1);
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
  const sentences = sentenceCoverages(hit, types, asked);
  return statesInSentences(sentences, types, minSentenceCoverage, (i) => statesAsked(sentences[i].sentence, types, asked));
}

/** Whether a sentence about the question (covering at least minSentenceCoverage) states the asked-for fact (`states(i)` of the i-th). */
function statesInSentences(sentences: { coverage: number }[], types: AnswerType[], minSentenceCoverage: number, states: (i: number) => boolean) {
  return !types.length || sentences.some((x, i) => x.coverage >= minSentenceCoverage && states(i));
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
export function judgeFor(question: string) {
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
  // Whether each sentence states the asked-for fact, found out once per sentence: composing asks it of a unit several times.
  const states = once((h) => {
    const known: (boolean | undefined)[] = [];
    return (i: number) => (known[i] ??= statesAsked(sentences(h)[i].sentence, types, asked));
  });
  const today = dayOf(Date.now());
  return {
    types,
    asked,
    coverage: once((h) => settled(answerCoverage(h, types, asked))),
    sentenceCoverage: once((h) => settled(Math.max(0, ...sentences(h).map((x) => x.coverage)))),
    statesAskedFact: (h: RetrievedPassage, minSentenceCoverage: number) => statesInSentences(sentences(h), types, minSentenceCoverage, states(h)),
    namedCoverage: once((h) => settled(namedCoverage(h, types, asked))),
    /** What the unit says to the question (unitAnswer): composing asks it of the same unit up to four times. */
    answerText: once((h) => unitAnswer(question, h)),
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
export type Judge = ReturnType<typeof judgeFor>;
