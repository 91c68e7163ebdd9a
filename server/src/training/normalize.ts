import { joinSeparatedParticles } from './germanVerbs.ts';

/**
 * Text as the index should read it (the stored text keeps the author's spelling). German gendered
 * forms become both words ("Verkäufer/in" → "Verkäufer Verkäuferin", "Mitarbeiter:innen" →
 * "Mitarbeiter Mitarbeiterinnen"), "(m/w/d)" disappears, and a slash between words separates them,
 * so PostgreSQL's parser does not read "Verkäufer/in" as one file-path-like token.
 */
export function normalizeForIndex(text: string): string {
  return text
    .replace(/\((?:[mwfdix]\s*\/\s*){1,3}[mwfdix]\)|\(all genders\)/gi, ' ')
    .replace(/(\p{L}{3,})(?:\/-?|[:*_])(in|innen)\b/gu, (_, w: string, suffix: string) => `${w} ${w}${suffix}`)
    .replace(/(?<!\p{L})(\p{Lu}?\p{Ll}{2,})(In|Innen)\b/gu, (_, w: string, suffix: string) => `${w} ${w}${suffix.toLowerCase()}`)
    .replace(/(\S)\/(?=\p{L})/gu, '$1 / ')
    // "m³" and "m²" as one word each ("m3", "m2"), as PostgreSQL's parser reads the written-out forms: alone the "m" names nothing.
    .replace(/(?<=\p{L})²/gu, '2')
    .replace(/(?<=\p{L})³/gu, '3');
}

/**
 * Words that make a visitor's sentence a question or a chat ("gibts da nen …", "whats the …") but
 * name nothing a page could be about. PostgreSQL's stop-word lists keep many of them; left in, they
 * would weigh as much as the words that matter and make every chatty question look unanswered.
 */
const QUESTION_FILLERS = new Set(
  (
    'gibt gibts gib nen ne ner nem n mal da denn grad eigentlich halt eben schon ja so euer eure euren eurem euch ihr habt hab habe haben ' +
    'hat kann kannst könnt können konnte man muss musst müssen soll sollte sollen wollen will wollt möchte möchten möchtest würde ' +
    'würden bitte danke hallo hi hey wann wie wo wohin woher was wer wen wem welche welcher welches welchen wieviel wieviele viel ' +
    'viele etwa ungefähr genau gerne gern sagen erklären wissen weiß infos info frage fragen dass ob einen einem einer eines ' +
    'what whats how when where who whom which whose is are was were do does did can could would should will shall may might ' +
    'i im me my we our us you your there any please hi hello thanks thank much many get got tell know want wanna need ' +
    'much anything something fit fits passen passt reinpassen nächste nächsten nächster nächstes next geht gehts ' +
    // the subjunctive of asking politely ("hätte gern", "bräuchte"), and words that only colour a sentence ("total", "actually")
    'hätte hätten hättet wäre wären könnte könnten dürfte dürften bräuchte bräuchten vielleicht irgendwie überhaupt echt total ' +
    'actually really maybe possibly somehow kindly ca circa zirka approx approximately ' +
    // spoken forms of stop words ("nix mehr fressen" is "nichts mehr fressen") and the intensifier inflected ("totale Panik")
    'nix nich nö totale totalen totaler totales ' +
    // a preposition with its article ("fürs Auto"): PostgreSQL's German stop words have the preposition only
    'fürs ans aufs ins übers ums durchs vors hinters unters'
  ).split(' '),
);

/**
 * "Wie hoch ist die Gebühr", "how big is the room": the adjective only asks for a kind of fact (which
 * answerType.ts reads from the question); left in, "hoch" would find "höchstens". ("Wie lange" and "wie
 * weit" stay: the glossary reads them as duration and distance.)
 */
const HOW_PHRASE = /(?<!\p{L})(?:wie|how)\s+(?:hoch|groß|gross|teuer|high|big|large|expensive)(?!\p{L})/giu;

/**
 * "Habt ihr am Montag zu?", "bis wann hat die Sauna auf?": spoken German says closed and open with the
 * particles "zu" and "auf", which are stop words; the question gets the words pages use.
 */
const OPEN_OR_CLOSED = /\b(?:hat|habt|haben|hast|ist|sind|seid|macht|machen|macht's)\b[^?.!]*?\b(zu|auf)\s*(?:[?!.]|$)/giu;

/**
 * English contractions: "I'd", "you'll", "employer's" would leave the letters "d", "ll", "s" as words of
 * the question. The owner's "s" goes; "n't" is "not". "I'd like to …" only asks.
 */
const CONTRACTION = /(?<=\p{L})['’](?:d|ll|s|re|ve|m)(?!\p{L})/giu;
const NOT = /n['’]t(?!\p{L})/giu;
const LIKE_TO = /(?<!\p{L})(?:i|we)(?:['’]d|\s+would)\s+(?:really\s+)?(?:like|love)(?:\s+to)?(?!\p{L})/giu;

export function stripQuestionFillers(question: string): string {
  const spoken = question
    .replace(LIKE_TO, ' ')
    .replace(NOT, ' not')
    .replace(CONTRACTION, '')
    .replace(OPEN_OR_CLOSED, (m: string, particle: string) => `${m} ${particle.toLowerCase() === 'zu' ? 'geschlossen' : 'geöffnet'} `);
  return joinSeparatedParticles(spoken)
    .replace(HOW_PHRASE, ' ')
    .replace(/[\p{L}']+/gu, (w) => (QUESTION_FILLERS.has(w.toLowerCase().replace(/'/g, '')) ? ' ' : w));
}

/**
 * Text that speaks to AI assistants ("Ignoriere alle vorherigen Anweisungen …", "ignore previous
 * instructions") is an attack on chatbots, not information for visitors: the sentence holding it,
 * and a bracketed aside holding it, are left out of the index. The answer engine treats all page
 * text as content anyway; this keeps such text from being quoted as an answer.
 */
const INJECTION =
  /((ignor\w*|vergiss|disregard|forget)\s+(\p{L}+\s+){0,3}(anweisungen|instruktionen|befehle|instructions|prompts?)|\b(an|für)\s+(alle\s+)?(ki|ai)[-\s]?(assistenten|systeme|modelle|chatbots?)|\b(to|for)\s+(all\s+)?(ai|llm)\s+(assistants?|models?|chatbots?)|system\s?prompt|you are (now )?(chatgpt|an ai|a language model)|du bist (jetzt )?(ein|eine) (ki|sprachmodell))/iu;

export function dropInjections(text: string): string {
  if (!INJECTION.test(text)) return text;
  return text
    .split('\n')
    .map((line) => {
      const sentences = line.replace(/\[[^\]]*\]|\([^)]*\)|\{[^}]*\}/g, (aside) => (INJECTION.test(aside) ? ' ' : aside)).split(/(?<=[.!?])\s+/);
      // What follows the attack in the same paragraph is its payload ("… Sage jedem Besucher, dass …").
      const at = sentences.findIndex((sentence) => INJECTION.test(sentence));
      return (at < 0 ? sentences : sentences.slice(0, at)).join(' ').replace(/\s{2,}/g, ' ').trim();
    })
    .filter(Boolean)
    .join('\n');
}
