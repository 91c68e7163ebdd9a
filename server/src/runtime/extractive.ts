/**
 * The answer without a language model, composed from the best unit the search found: a table row
 * (with the rows of the same table the question also matches), an FAQ answer (never its question),
 * or the one to three sentences of a section that match the question best, in reading order, with
 * the units that complete it (a second part of the question, another language, a page pointed to).
 * Nothing is invented: every word of the answer is the website's. Which units may answer is measured
 * in judge.ts; what each one says, in unitText.ts.
 */
import type { RetrievedPassage } from '../services/retrieval.ts';
import { HEADING_SEPARATOR } from '../training/chunk.ts';
import { answerTypes, asksForType, statesType } from './answerType.ts';
import { labelHolds } from './quantities.ts';
import { holdsTerm, withoutOtherMeasures, type Asked } from './asked.ts';
import { firstDayFrom } from './dates.ts';
import { fold, formOf, formsOf, keywords, labelNames, lastHeading, overlap, POINTER, sentencesOf, wordsOf } from './unitText.ts';
import { judgeFor, STALE_FACTOR, type Judge } from './judge.ts';

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
  const ok = withSiblingChunks(gated.length ? gated : hits.filter((h) => foreign(h) && namesMissing(h) && passes(h, 0)), hits);
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
  return chunksByTheirItems(
    ok.sort((a, b) => score(b) * boost.get(b)! - score(a) * boost.get(a)!),
    judge,
  );
}

/** The list a chunk belongs to (null for a unit that is no list): its page, language and headings. */
const listOf = (u: RetrievedPassage) => (u.kind === 'list' ? `${u.source.id}\u0000${u.lang}\u0000${u.heading}` : null);

/**
 * The other chunks of a list one of whose chunks may answer: the lead-in they share counted for each alike, and
 * what tells them apart is their items (chunksByTheirItems), not a chance word that lifted one over the gate.
 */
function withSiblingChunks(ok: RetrievedPassage[], hits: RetrievedPassage[]): RetrievedPassage[] {
  const lists = new Set(ok.map(listOf).filter((k) => k !== null));
  if (!lists.size) return ok;
  const siblings = hits.filter((h) => h.bodyMatches > 0 && !ok.includes(h) && lists.has(listOf(h)!));
  return siblings.length ? [...ok, ...siblings] : ok;
}

/**
 * A long list is stored in chunks that each repeat its lead-in ("Hier finden Sie unsere nächsten Kurse …"), so the
 * lead's words match every chunk alike and a chance word of one item decides which chunk ranks first. Among the
 * chunks of one list, the one whose own items hold most of what the question names takes the best place the list
 * has in the ranking: a number ("10" of "unser Kleiner ist 10 Wochen" in "bis 10. April") counts only after the
 * words, and for "the next" one the earliest day yet to come before it.
 */
function chunksByTheirItems(ranked: RetrievedPassage[], judge: Judge): RetrievedPassage[] {
  const chunks = new Map<string, number[]>();
  ranked.forEach((u, i) => {
    const key = listOf(u);
    if (key) chunks.set(key, [...(chunks.get(key) ?? []), i]);
  });
  const groups = [...chunks.values()].filter((g) => g.length > 1);
  if (!groups.length) return ranked;
  const nextFrom = judge.types.includes('date') ? judge.asked.nextFrom : undefined;
  const evidence = (u: RetrievedPassage) => {
    const items = u.text.split('\n').filter((l) => l.startsWith('- '));
    const held = (t: RetrievedPassage['terms'][number], words: string[]) => t.matched && formsOf(t).some((f) => words.some((w) => formOf(w, f)));
    const weight = (words: string[], numbers: boolean) =>
      u.terms.reduce((n, t) => n + (/^\d+$/.test(t.term) === numbers && held(t, words) ? t.idf * (t.weight ?? 1) : 0), 0);
    const all = wordsOf(items.join(' '));
    // The soonest day of the items that name something of the question.
    const naming = items.filter((l) => u.terms.some((t) => !/^\d+$/.test(t.term) && held(t, wordsOf(l))));
    const days = nextFrom === undefined ? [] : naming.flatMap((l) => firstDayFrom(l, nextFrom) ?? []);
    return { words: weight(all, false), day: days.length ? Math.min(...days) : Infinity, numbers: weight(all, true) };
  };
  const out = [...ranked];
  for (const positions of groups) {
    const members = positions.map((i) => ({ u: ranked[i], i, e: evidence(ranked[i]) }));
    members.sort((a, b) => b.e.words - a.e.words || a.e.day - b.e.day || b.e.numbers - a.e.numbers || a.i - b.i);
    positions.forEach((p, k) => (out[p] = members[k].u));
  }
  return out;
}

/**
 * Per unit, the share of its matched weight that belongs to another section of its page: a word it has only from the
 * headings it stands under ("Online shop: shipping, returns and payment › Returns") while a section of the same page
 * is headed by it ("… › Shipping"). A page whose title names several things has one section per thing.
 */
function sectionOfOthers(units: RetrievedPassage[]): Map<RetrievedPassage, number> {
  const headings = new Map(units.map((u) => [u, wordsOf(lastHeading(u.heading))]));
  const headed = (u: RetrievedPassage, term: string) => {
    const t = u.terms.find((x) => x.term === term && x.matched);
    return !!t && formsOf(t).some((f) => headings.get(u)!.some((w) => formOf(w, f)));
  };
  const out = new Map<RetrievedPassage, number>();
  for (const u of units) {
    const matched = u.terms.filter((t) => t.matched);
    const total = matched.reduce((n, t) => n + t.idf * (t.weight ?? 1), 0);
    if (!total || u.kind === 'row' || !u.heading.includes(HEADING_SEPARATOR)) continue;
    // A section that u stands under is no other section: "Bergblick-Zimmer › Preise" belongs to "Bergblick-Zimmer".
    const above = u.heading.split(HEADING_SEPARATOR).slice(0, -1).map((x) => x.trim());
    const others = units.filter((x) => x !== u && x.source.id === u.source.id && x.lang === u.lang && !above.includes(lastHeading(x.heading)));
    if (!others.length) continue;
    // The unit's own words are folded only where another section is headed by a word it matched (most units have none).
    let words: string[] | undefined;
    let misplaced = 0;
    for (const t of matched) {
      if (!others.some((x) => headed(x, t.term))) continue;
      words ??= [...headings.get(u)!, ...wordsOf(u.text)];
      if (!formsOf(t).some((f) => words!.some((w) => formOf(w, f)))) misplaced += t.idf * (t.weight ?? 1);
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
function variants(best: RetrievedPassage, units: RetrievedPassage[], judge: Judge): RetrievedPassage[] {
  if (!judge.types.length || best.kind === 'row' || best.kind === 'faq' || !best.heading.includes(HEADING_SEPARATOR)) return [];
  const parent = (u: RetrievedPassage) => u.heading.slice(0, u.heading.lastIndexOf(HEADING_SEPARATOR));
  const above = wordsOf(parent(best));
  const named = best.terms.filter((t) => t.matched && !t.minor && !asksForType(t.term, judge.types));
  if (!named.length || !named.every((t) => formsOf(t).some((f) => above.some((w) => formOf(w, f))))) return [];
  const states = (u: RetrievedPassage) => statesType(judge.answerText(u), judge.types);
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
function completingUnit(used: RetrievedPassage[], answer: string, hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
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
          ? !stated && statesType(judge.answerText(h), types)
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
 * described on our German website", "The full price list is available in German", "nur auf Englisch", and the
 * language a link's page is in: "on our terminal page (in German)", "(nur auf Englisch)".
 */
const OTHER_LANGUAGE =
  /\b(?:(?:on|in) our (?:german|english)(?:-language)? (?:website|site|pages?)|(?:only |is |are )?(?:available|described|written) in (?:german|english)|auf unserer (?:deutschen|englischen) (?:website|webseite|seite)|nur auf (?:deutsch|englisch))\b|\((?:only |nur )?(?:in |auf )?(?:german|english|deutsch|englisch)(?: only)?\)/iu;

/**
 * The best unit of the visitor's language only says that the matter is written up in the other language, and it
 * states none of the fact asked for, or says that this kind of fact is written up there ("Prices and specifications
 * are on our terminal page (in German)" beside "a free kiosk app"): the other language's best unit that states it (and
 * covers the question as the gate for other languages asks) answers, not the pointer.
 */
function leftToOtherLanguage(best: RetrievedPassage, hits: RetrievedPassage[], judge: Judge, opts: ComposeOptions) {
  if (!opts.visitorLang || best.lang !== opts.visitorLang) return null;
  const min = opts.minSentenceCoverage ?? 0;
  const pointing = sentencesOf(best.text).filter((s) => OTHER_LANGUAGE.test(s));
  if (!pointing.length) return null;
  const sendsAskedKind = pointing.some((s) => wordsOf(s).some((w) => asksForType(w, judge.types)));
  if (judge.types.length && !sendsAskedKind && judge.statesAskedFact(best, min)) return null;
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
 * and state the asked-for fact. A unit of another page answers only a part that asks for a kind of fact the answer
 * does not state, and must name half the part's weight.
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
  const answerText = used.map(judge.answerText).join(' ');
  for (const { words, types } of parts) {
    const own = ownTerms(words);
    const mentioned = own.some((t) => inAnswer(t.term) || holdsTerm(t.term, first.text, first.kind, judge.asked));
    if (!own.length || (mentioned && statesType(answerText, types))) continue;
    const weight = own.reduce((n, t) => n + t.idf, 0);
    const names = (h: RetrievedPassage) => own.reduce((n, l) => n + (h.terms.some((t) => t.term === l.term && t.matched && (t.weight ?? 1) >= 0.7) ? l.idf : 0), 0);
    // The answer's own page first. Another page only for a kind of fact the part asks for and the answer does not state,
    // and naming more of the part: "wo ist der neue Schnelllader" → the news of its opening, with the street.
    const samePage = (h: RetrievedPassage) => used.some((u) => u.source.id === h.source.id);
    const elsewhere = types.length > 0 && !statesType(answerText, types);
    const answers = (h: RetrievedPassage) =>
      !used.includes(h) && h.bodyMatches > 0 && (samePage(h) ? names(h) >= weight * 0.45 : elsewhere && names(h) >= weight * 0.5) &&
      judge.statesAskedFact(h, opts.minSentenceCoverage ?? 0) && statesType(judge.answerText(h), types);
    const found = hits.find((h) => samePage(h) && answers(h)) ?? hits.find(answers);
    if (found) return found;
  }
  return null;
}

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
  const used = best.kind === 'row' ? tableRows(judge.asked, best, hits) : [best, ...variants(best, units, judge)];
  // A second source must match the question in its own text: an FAQ answer that only stands under a matching section heading answers another question.
  // And by what the question names: "Das dauert drei Minuten" says how long something else takes.
  const q = keywords(question).filter((w) => !asksForType(w, judge.types));
  // Nor is an old news item a second source for a current page: what it announced may have changed since.
  const second = hits
    .slice(1)
    .find((h) => !used.includes(h) && h.source.id !== used[0].source.id && overlap(q, h.text) > 0 && (judge.stale(used[0]) || !judge.stale(h)));
  if (second && second.score >= used[0].score * 0.92) used.push(second);
  const rest = restOfQuestion(question, used, hits, judge, opts);
  if (rest) used.push(rest);
  const parts: { lang: string; text: string }[] = [];
  const addPart = (u: RetrievedPassage, t = judge.answerText(u)) => {
    if (t && !parts.some((p) => p.text === t)) parts.push({ lang: u.lang, text: t });
  };
  const firstText = judge.answerText(used[0]);
  used.forEach((u, i) => addPart(u, i === 0 ? firstText : undefined));
  // Any ranked unit of the page pointed to: its sentences need not cover the question, the pointing one did.
  const pointed = pointedTo(firstText, used, units, judge, opts);
  if (pointed) {
    used.push(pointed);
    addPart(pointed);
  }
  const foreign = completingUnit(used, parts.map((p) => p.text).join(' '), hits, judge, opts);
  if (foreign) {
    used.push(foreign);
    addPart(foreign);
  }
  const text = parts.map((p) => p.text).join('\n');
  if (!text) return null;
  const statesFact = used.some((u) => judge.statesAskedFact(u, opts.minSentenceCoverage ?? 0));
  return { text, parts, used, coverage: judge.coverage(used[0]), statesFact };
}
