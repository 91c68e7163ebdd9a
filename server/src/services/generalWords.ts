/**
 * Everyday words of a language ("whole", "ganze", "jetzt", "hab"): stopwords-iso's lists, which are
 * longer than PostgreSQL's stop words. A question word the chatbot's content does not have weighs like
 * its rarest word, because an unknown noun ("Motorroller") is what makes a question one the site cannot
 * answer; an unknown everyday word ("the whole week") is only how the visitor talks, and weighs
 * GENERAL_WEIGHT of that (searchIndex.ts, expandQuery).
 */
import { createRequire } from 'node:module';

/** The weight of an everyday word the content lacks, relative to an unknown specific word. */
export const GENERAL_WEIGHT = 0.35;

/**
 * Words of chat, not of content, that stopwords-iso's lists lack ("leider", "passiert", "brauche", "wondering"):
 * how visitors write to a chatbot rather than what they ask about.
 */
const CHAT_WORDS: Record<string, string[]> = {
  de: (
    'leider passiert passieren bekomme bekommt bekommen kriege krieg kriegt einfach direkt brauche brauch brauchen braucht ' +
    'gerne eigentlich irgendwie irgendwas irgendwann echt bitte danke hallo bisschen ziemlich super okay ungefähr genau sowieso jemand jemanden'
  ).split(' '),
  en: 'happen happens happened wondering quick roughly someone somebody'.split(' '),
};

let lists: Record<string, string[]> | null = null;
const sets = new Map<string, Set<string>>();

function generalWordsIn(lang: string): Set<string> {
  let set = sets.get(lang);
  if (!set) {
    lists ??= createRequire(import.meta.url)('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;
    set = new Set([...(lists[lang] ?? []), ...(CHAT_WORDS[lang] ?? [])].map((w) => w.toLowerCase()));
    sets.set(lang, set);
  }
  return set;
}

/** The question's everyday words in any of the languages, space-separated (for stemming in each configuration). */
export function generalWordsOf(question: string, langs: string[]): string {
  const words = question.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const general = langs.map(generalWordsIn);
  return [...new Set(words.filter((w) => general.some((s) => s.has(w))))].join(' ');
}
