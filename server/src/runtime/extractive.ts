/**
 * The answer without a language model: the sentences of the retrieved passages that share
 * the most meaningful words with the question, in the order they appear. Nothing is invented;
 * when no sentence matches, there is no answer.
 */
const STOP = new Set(
  (
    'der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren wird werden hat haben ich du er sie es wir ihr ' +
    'mein meine ihr ihre ihren sein seine kann können muss müssen wie was wer wo wann warum welche welcher welches mit von zu zum zur im in am an ' +
    'auf aus bei für über unter nach vor bis ob dass nicht kein keine auch noch nur so sich man mir mich dir dich uns euch gibt es gibt bitte ' +
    'the a an and or but is are was were be been being has have had do does did i you he she it we they my your his her its our their can could ' +
    'should would will shall may might must what who where when why which how of to in on at by for with from about into over under than then ' +
    'there here this that these those not no yes any some please me us them tell know'
  ).split(' '),
);

/** Lower-cased words without stop words; long words are cut to a stem so "Öffnungszeiten" meets "öffnungszeit". */
export function keywords(text: string): string[] {
  return (text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 6 ? w.slice(0, Math.max(6, w.length - 3)) : w));
}

export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"„(])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export interface ScoredSentence {
  passageIndex: number;
  sentenceIndex: number;
  text: string;
  /** Share of the question's keywords the sentence contains (0..1). */
  coverage: number;
}

/** The best sentences for the question: at most `max`, at most ~600 characters, in reading order. */
export function bestSentences(question: string, passages: { text: string }[], opts: { max?: number; maxChars?: number; minCoverage?: number } = {}) {
  const q = [...new Set(keywords(question))];
  if (q.length === 0) return [];
  const scored: ScoredSentence[] = [];
  passages.forEach((p, pi) => {
    splitSentences(p.text).forEach((s, si) => {
      const words = new Set(keywords(s));
      const hits = q.filter((w) => words.has(w) || [...words].some((x) => x.length >= 4 && w.length >= 4 && (x.startsWith(w) || w.startsWith(x))));
      if (hits.length) scored.push({ passageIndex: pi, sentenceIndex: si, text: s, coverage: hits.length / q.length });
    });
  });
  // At least half of the question's words must occur in a sentence: one shared word is not an answer.
  const min = opts.minCoverage ?? 0.5;
  const picked: ScoredSentence[] = [];
  let chars = 0;
  // Ties go to the better-ranked passage, so retrieval's order decides between equal sentences.
  const ranked = scored.filter((x) => x.coverage >= min).sort((a, b) => b.coverage - a.coverage || a.passageIndex - b.passageIndex);
  for (const s of ranked) {
    if (picked.length >= (opts.max ?? 3)) break;
    // One long sentence may stand alone; further ones must fit the budget.
    if (picked.length && chars + s.text.length > (opts.maxChars ?? 600)) continue;
    if (picked.some((p) => p.text === s.text)) continue;
    picked.push(s);
    chars += s.text.length;
  }
  return picked.sort((a, b) => a.passageIndex - b.passageIndex || a.sentenceIndex - b.sentenceIndex);
}
