/**
 * The answer without a language model, composed from the best unit the search found: a table row
 * (with the rows of the same table the question also matches), an FAQ answer (never its question),
 * or the one to three sentences of a section that match the question best, in reading order.
 * Nothing is invented: every word of the answer is the website's.
 */
import type { RetrievedPassage } from '../services/retrieval.ts';
import { splitSentences } from '../training/sentences.ts';
import { HEADING_SEPARATOR } from '../training/chunk.ts';
import { answerTypes, answeredByType, statesType, type AnswerType } from './answerType.ts';

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

/** How many of the question's words a piece of text contains (prefix matches count: "kost" ~ "kostet"). */
function overlap(question: string[], text: string): number {
  const words = keywords(text);
  let n = 0;
  for (const q of question) {
    if (words.some((w) => w === q || (q.length >= 4 && w.length >= 4 && (w.startsWith(q) || q.startsWith(w)) ) || (q.length >= 5 && w.includes(q))))
      n++;
  }
  return n;
}

const MAX_CHARS = 450;

/** The sentences of a unit that answer the question: the best one and, within the budget, its best neighbours. */
function bestSentences(question: string[], text: string, types: AnswerType[]): string {
  if (text.length <= 280) return text;
  const sentences = splitSentences(text);
  if (sentences.length <= 1) return text.length <= MAX_CHARS ? text : `${text.slice(0, text.lastIndexOf(' ', MAX_CHARS))} …`;
  // A sentence stating the kind of fact asked for (a price, a time) counts like one more shared word.
  const scored = sentences.map((s, i) => ({ s, i, n: overlap(question, s) + (types.length && statesType(s, types) ? 1 : 0) }));
  const best = [...scored].sort((a, b) => b.n - a.n || a.i - b.i)[0];
  const picked = new Set([best.i]);
  let chars = best.s.length;
  // Neighbours keep the context ("Ja, bis 18:00 Uhr." needs the sentence before it only when it matched nothing).
  const candidates = scored.filter((x) => x.i !== best.i && x.n > 0).sort((a, b) => b.n - a.n || Math.abs(a.i - best.i) - Math.abs(b.i - best.i));
  for (const c of candidates) {
    if (picked.size >= 3 || chars + c.s.length > MAX_CHARS) continue;
    picked.add(c.i);
    chars += c.s.length;
  }
  if (picked.size === 1 && best.i + 1 < sentences.length && chars + sentences[best.i + 1].length <= 220) picked.add(best.i + 1);
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

/** The answer text of one unit for the question. */
export function unitAnswer(question: string, unit: Pick<RetrievedPassage, 'text' | 'kind' | 'heading'>): string {
  const q = [...new Set(keywords(question))];
  const types = answerTypes(question);
  switch (unit.kind) {
    case 'row': {
      const h = lastHeading(unit.heading);
      return h && overlap(q, h) > 0 && !unit.text.includes(h) ? `${h}: ${unit.text}` : unit.text;
    }
    case 'list':
      return listText(q, unit.text, types);
    default:
      return bestSentences(q, unit.text.replace(/\n+/g, ' '), types);
  }
}

/** The unit's coverage of the question, counting the words that only ask for a stated fact ("kostet") as covered when it states one. */
export function answerCoverage(hit: Pick<RetrievedPassage, 'terms' | 'coverage' | 'text'>, types: AnswerType[]): number {
  if (!types.length || !hit.terms.length) return hit.coverage;
  let total = 0;
  let covered = 0;
  for (const t of hit.terms) {
    total += t.idf;
    if (!t.matched && answeredByType(t.term, hit.text, types)) covered += t.idf;
  }
  return total ? Math.min(1, hit.coverage + covered / total) : hit.coverage;
}

const fold = (s: string) => s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

/** Whether a word of the text is a form of a stemmed lexeme ("Öffnungszeiten" of "offnungszeit", "country" of "countri"). */
function formOf(word: string, lexeme: string): boolean {
  if (word.startsWith(lexeme)) return true;
  return lexeme.length >= 4 && word.length >= lexeme.length - 1 && word.startsWith(lexeme.slice(0, -1));
}

/**
 * The best coverage of the question by one sentence of the unit (with the unit's headings and page
 * title, which the sentence stands under): words a page shares with a question only when they are
 * spread over unrelated sentences ("rent" e-bikes … cable "cars") do not make an answer.
 */
export function sentenceCoverage(hit: Pick<RetrievedPassage, 'terms' | 'text' | 'heading' | 'source'>, types: AnswerType[]): number {
  const total = hit.terms.reduce((n, t) => n + t.idf, 0);
  if (!total) return 0;
  const context = fold(`${hit.heading} ${hit.source.title ?? ''}`).match(/[\p{L}\p{N}]+/gu) ?? [];
  let best = 0;
  for (const sentence of splitSentences(hit.text)) {
    const words = [...context, ...(fold(sentence).match(/[\p{L}\p{N}]+/gu) ?? [])];
    let covered = 0;
    for (const t of hit.terms) {
      if (t.matched && t.via && words.some((w) => formOf(w, t.via!))) covered += t.idf * (t.weight ?? 1);
      else if (!t.matched && answeredByType(t.term, sentence, types)) covered += t.idf;
    }
    best = Math.max(best, covered / total);
  }
  return best;
}

/**
 * The units that may answer (enough of the question covered, something in the unit's own text),
 * those stating the kind of fact asked for moved ahead of those that only share words with it.
 */
function answerUnits(question: string, hits: RetrievedPassage[], minCoverage: number, minSentenceCoverage: number): RetrievedPassage[] {
  const types = answerTypes(question);
  const ok = hits.filter((h) => h.bodyMatches > 0 && answerCoverage(h, types) >= minCoverage && sentenceCoverage(h, types) >= minSentenceCoverage);
  if (!types.length) return ok;
  const boost = (h: RetrievedPassage) => (statesType(h.text, types) ? 1.3 : 1);
  return ok.sort((a, b) => b.score * boost(b) - a.score * boost(a));
}

export interface Composed {
  text: string;
  used: RetrievedPassage[];
}

/**
 * The answer from ranked units: the best unit; rows of the same table the question matches as
 * strongly; and a second source only when it is nearly as good (it may hold the rest of the answer).
 */
export function composeAnswer(
  question: string,
  ranked: RetrievedPassage[],
  opts: { minCoverage: number; minSentenceCoverage?: number },
): Composed | null {
  const hits = answerUnits(question, ranked, opts.minCoverage, opts.minSentenceCoverage ?? 0);
  const best = hits[0];
  if (!best) return null;
  const used = [best];
  if (best.kind === 'row') {
    for (const h of hits.slice(1)) {
      if (used.length >= 3) break;
      if (h.kind === 'row' && h.source.id === best.source.id && h.heading === best.heading && h.score >= best.score * 0.9) used.push(h);
    }
  }
  const second = hits.slice(1).find((h) => !used.includes(h) && h.source.id !== best.source.id);
  if (second && second.score >= best.score * 0.92) used.push(second);
  const parts: string[] = [];
  for (const u of used) {
    const t = unitAnswer(question, u);
    if (t && !parts.includes(t)) parts.push(t);
  }
  const text = parts.join('\n');
  return text ? { text, used } : null;
}
