/**
 * The part of a visitor's message that asks. Visitors write around their question: "Hallo! Wir sind
 * im Mai mit der Familie in Freiburg (zwei Kinder, 8 und 11). Was kostet ein Kinderrad am Tag?" The
 * greeting and the story name things the site may never mention (the month, the family, the ages),
 * and weighed like the asking sentence's words they make the question look unanswered or about
 * something else. Retrieval weighs the words found only outside the asking sentences less
 * (CONTEXT_WEIGHT), without dropping them: they still tell two equally good answers apart.
 *
 * Pure: no database, no index. Null when there is nothing to tell apart (one sentence, every sentence
 * asks, or none does) or when an asking sentence points back at the story ("Was kostet das?").
 */

/** The weight of a question word that occurs only in the sentences around the asking ones. */
export const CONTEXT_WEIGHT = 0.5;

const INTERROGATIVE = new Set(
  (
    'was wann wie wo wohin woher wer wen wem wessen welche welcher welches welchen welchem wieviel wieviele wieso weshalb warum ' +
    'weswegen womit wofür worauf wozu woran wodurch ob what whats when where who whom whose which why how'
  ).split(' '),
);

/** Verbs that open a yes/no question when the sentence does not end as a statement ("habt ihr …", "can i …"). */
const QUESTION_VERBS = new Set(
  (
    'kann könnt können kannst habt hat haben gibt gibts ist sind muss müssen musst darf dürfen macht machen bietet bietest ' +
    'seid nehmt nehmen soll sollte verkauft repariert liefert holt ' +
    'do does did is are can could would will should may have has'
  ).split(' '),
);

/** Openings of a request: "hätte gern …", "ich brauche …", "I'd like …". */
const REQUEST = /^(?:ich\s+)?(?:hätte|möchte|würde|wüsste)\s+gerne?\b|^(?:ich\s+)?(?:brauche|suche)\b|^bitte\b|^(?:i'd|i would)\s+like\b|^i\s+need\b|^please\b/u;

/** Words by which an asking sentence points back at the story around it: then the story is the subject. */
const ANAPHORA = new Set('das dies diese dieser dieses diesen dafür dazu davon damit dort da dann es it that this these those there them they'.split(' '));

/**
 * An article standing for a noun said before ("was kostet die ungefähr?", "was kostet der"): followed by
 * nothing or by one of these words rather than by its noun.
 */
const ARTICLES = new Set('der die den dem'.split(' '));
const NOT_A_NOUN = new Set('ungefähr etwa denn dann so noch auch eigentlich genau überhaupt jetzt im in am an pro bei für mich mir uns euch'.split(' '));
/** Determiners of a noun: an "it" after "my course" in the same sentence stands for the course, not for the story. */
const DETERMINERS = new Set('my your our his her their the a an mein meine meinen meinem meiner unser unsere unseren unserem dein deine ein eine einen einem'.split(' '));
const pointsBack = (words: string[]) => {
  const named = words.findIndex((w, i) => DETERMINERS.has(w) && i + 1 < words.length && !ANAPHORA.has(words[i + 1]));
  return words.some(
    (w, i) => (ANAPHORA.has(w) && (named < 0 || i < named)) || (ARTICLES.has(w) && (i === words.length - 1 || NOT_A_NOUN.has(words[i + 1]))),
  );
};

/** Words a sentence may start with before its question word ("und wann …", "and from what …"). */
const LEAD = new Set('und aber also oder and but so or'.split(' '));

const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}']+/gu) ?? [];

/**
 * The message's sentences: split after ?, ! and newlines, and after a full stop that does not follow a
 * digit ("am 1. Februar", "am 30.12. vorbeikommen" stay whole).
 */
export function sentencesOfQuestion(question: string): string[] {
  return question
    .split(/(?<=[?!])\s*|(?<=[^\d\s]\.)\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
}

function asks(sentence: string): boolean {
  if (/\?\s*$/.test(sentence)) return true;
  const words = wordsOf(sentence).map((w) => w.replace(/'/g, ''));
  while (words.length && LEAD.has(words[0])) words.shift();
  if (!words.length) return false;
  // "und wann …", "and from what amount …"
  if (words.slice(0, 3).some((w) => INTERROGATIVE.has(w))) return true;
  if (REQUEST.test(sentence.toLowerCase().replace(/^(?:und|and)\s+/, ''))) return true;
  return QUESTION_VERBS.has(words[0]) && !/[.!]\s*$/.test(sentence);
}

/** The asking sentences of the message, or null when all of it counts alike (see the file's comment). */
export function questionFocus(question: string): string | null {
  const sentences = sentencesOfQuestion(question);
  if (sentences.length < 2) return null;
  const asking = sentences.filter(asks);
  if (!asking.length || asking.length === sentences.length) return null;
  if (asking.some((s) => pointsBack(wordsOf(s)))) return null;
  return asking.join(' ');
}
