/**
 * German verbs as visitors write them and as pages do. A separable verb leaves its particle at the end of the
 * clause ("Zieht Stundenwerk die Pause automatisch ab?", "Holt ihr mich vom Bahnhof ab?"), while the page writes
 * it whole ("automatisch abgezogen", "Abholung vom Bahnhof"). Strong verbs change their stem in the participle
 * and the noun ("ziehen" → "gezogen", "Abzug"), which no ending rule finds.
 */

/** Particles a separable verb leaves at the end of its clause ("lehnt … ab"); "zusammen" and "weiter" end a clause as adverbs more often. */
const PARTICLE_WORDS = 'zurück vorbei durch statt teil fest los weg raus rein ab an auf aus bei ein her hin mit nach um vor zu'.split(' ');
const PARTICLES = PARTICLE_WORDS.join('|');
const fold = (w: string) => w.normalize('NFKD').replace(/\p{M}/gu, '');
const PREFIXES = [...PARTICLE_WORDS, 'zusammen', 'weiter'];
/** Those particles at the start of a term as the German stemmer leaves it (umlauts folded: "zurück" → "zuruck"), longest first. */
export const SEPARABLE_PREFIX = new RegExp(`^(${[...new Set([...PREFIXES, ...PREFIXES.map(fold)])].sort((a, b) => b.length - a.length).join('|')})(?=\\p{L}{3})`, 'u');
/** Prefixes that take no "ge" in the participle ("bestellt", "aufbewahrt"). */
export const INSEPARABLE_PREFIX = /^(be|emp|ent|er|ge|miss|ver|zer)/u;

/**
 * Strong verbs by their present stem (stemmed and folded as the index has them; both stems where the third person
 * changes the vowel: "nimmt", "nehmt"): the participle's stem and, where it differs from the verb, the noun's.
 */
const STRONG: Record<string, [participle: string, noun?: string]> = {
  zieh: ['gezog', 'zug'],
  komm: ['gekomm', 'kunft'],
  nimm: ['genomm', 'nahm'],
  nehm: ['genomm', 'nahm'],
  gib: ['gegeb', 'gab'],
  geb: ['gegeb', 'gab'],
  ruf: ['geruf', 'ruf'],
  schliess: ['geschloss', 'schluss'],
  fang: ['gefang', 'fang'],
  sieh: ['geseh', 'sicht'],
  seh: ['geseh', 'sicht'],
  fahr: ['gefahr', 'fahrt'],
  halt: ['gehalt'],
  geh: ['gegang', 'gang'],
  steh: ['gestand', 'stand'],
  bring: ['gebracht'],
  lad: ['gelad'],
  trag: ['getrag'],
  schreib: ['geschrieb', 'schrift'],
  biet: ['gebot', 'gebot'],
  find: ['gefund'],
  lass: ['gelass'],
  tritt: ['getret', 'tritt'],
  tret: ['getret', 'tritt'],
  wirf: ['geworf', 'wurf'],
  werf: ['geworf', 'wurf'],
  sprich: ['gesproch', 'sprach'],
  sprech: ['gesproch', 'sprach'],
  lies: ['geles'],
  les: ['geles'],
  wasch: ['gewasch'],
  leih: ['gelieh'],
  weis: ['gewies'],
  schlag: ['geschlag'],
  heb: ['gehob'],
  lauf: ['gelauf', 'lauf'],
  fall: ['gefall', 'fall'],
  schieb: ['geschob', 'schub'],
  brich: ['gebroch', 'bruch'],
  brech: ['gebroch', 'bruch'],
  triff: ['getroff'],
  treff: ['getroff'],
  bleib: ['geblieb'],
  schneid: ['geschnitt', 'schnitt'],
  gleich: ['geglich'],
  spring: ['gesprung', 'sprung'],
};

/**
 * The forms the content may write a German verb of the question in (third person, as the stemmer leaves it:
 * "ablehnt", "bucht", "abzieht"): its participles ("abgelehnt", "gebucht", "abgezog"), its noun ("Ablehnung…",
 * "Buchung…", "Abzug") and, for a verb with its particle, the verb without it: pages split it as visitors do
 * ("Fundsachen bewahren wir 6 Monate auf").
 */
export function germanVerbForms(term: string): { participles: string[]; noun: string | null; verb: string | null } {
  const separable = SEPARABLE_PREFIX.exec(term)?.[1] ?? '';
  const rest = term.slice(separable.length);
  const verb = separable ? rest : null;
  const present = rest.replace(/(?<=\p{L}{2})(?:e?t|st)$/u, '');
  const strong = STRONG[rest] ?? STRONG[present];
  if (strong) return { participles: [separable + strong[0]], noun: strong[1] ? separable + strong[1] : null, verb };
  if (term.length < 5 || !/(?<=\p{L}{3})t$/u.test(term)) return { participles: [], noun: null, verb };
  const stem = term.replace(/e?t$/u, '');
  // "aufbewahrt" is its own participle: a prefix that takes no "ge" follows the particle.
  const participles = INSEPARABLE_PREFIX.test(rest) ? (separable ? [term] : []) : [`${separable}ge${rest}`];
  return { participles, noun: `${stem}ung`, verb };
}

/** Question words and their companions before the verb: "wann fängt …", "wie lange bewahrt …", "welche Nummer ruf …". */
const NOT_THE_VERB = new Set(
  (
    'wann wo wie was warum wieso weshalb wer wen wem wessen welche welcher welches welchen welchem woher wohin womit wozu wofür ' +
    'worauf wieviel wieviele bis ab seit mit bei an auf für von zu in um nach lange oft spät früh weit viel viele genau ' +
    'ich du er sie es wir ihr man mein meine meinen meinem meiner unser unsere unseren unserem euer eure der die das den dem des ' +
    'ein eine einen einem einer dieser diese dieses jetzt heute morgen gestern erst noch schon auch mal denn eigentlich bitte gerne ' +
    'gern nicht nächste nächsten letzte erste ersten'
  ).split(' '),
);
/** Auxiliary and modal verbs: their clause's particle belongs to no verb of theirs ("ist da zu?", "kann ich das zurück…"). */
const AUXILIARY =
  /^(?:hat|habt|haben|hast|habe|hab|ist|sind|seid|bin|bist|wird|werden|wirst|kann|kannst|können|könnt|muss|musst|müssen|müsst|darf|darfst|dürfen|dürft|soll|sollst|sollen|sollt|will|willst|wollen|wollt|möchte|möchten|möchtest|mag|gibt|gibts)$/iu;
const SUBJECT = /^(?:ich|du|er|sie|es|wir|ihr|man)$/iu;
const CLAUSE_BREAK = '[,;:?!.–]|\\s(?:und|oder|aber|wenn|weil|dass|falls|ob|bevor|nachdem|sobald|damit)\\s';
/** A clause that ends in a particle (the clause's words before it in group 1, the particle in group 2). */
const CLAUSE_WITH_PARTICLE = new RegExp(`(^|${CLAUSE_BREAK})([^,;:?!.–]*?[\\p{L}\\p{N}]\\s+)(${PARTICLES})(?=\\s*(?:${CLAUSE_BREAK}|$))`, 'giu');

/** The finite verb of a clause: the word before its subject pronoun ("holt ihr"), else the first word that reads as a verb. */
function verbAt(words: string[]): number {
  const near = words.slice(0, 5);
  const inverted = near.findIndex((w, i) => i + 1 < words.length && SUBJECT.test(words[i + 1]) && !NOT_THE_VERB.has(w.toLowerCase()));
  if (inverted >= 0) return inverted;
  // Past the first word a capital is a noun's ("Mein Kurs fängt …").
  return near.findIndex((w, i) => !NOT_THE_VERB.has(w.toLowerCase()) && (i === 0 || !/^\p{Lu}/u.test(w)) && /^\p{L}+(?:t|st|en|e)$/u.test(w));
}

const CONJUNCTION = /\s(?:und|oder|aber|wenn|weil|dass|falls|ob|bevor|nachdem|sobald|damit)\s/giu;

/**
 * The particle a separable verb leaves at the end of a clause is put back in front of the verb: "Zieht Stundenwerk
 * die Pause ab?" asks about "abzieht". Where the clause's verb is an auxiliary or not found, the particle goes:
 * alone it names nothing and would find "ab 99 €" or "an der Rezeption".
 */
export function joinSeparatedParticles(question: string): string {
  return question.replace(CLAUSE_WITH_PARTICLE, (_m, start: string, text: string, particle: string) => {
    // The clause is what follows its last conjunction: "wann habt ihr offen und holt ihr mich ab".
    const cut = [...text.matchAll(CONJUNCTION)].pop();
    const head = cut ? text.slice(0, cut.index + cut[0].length) : '';
    const words = text.slice(head.length).trim().split(/\s+/);
    const at = verbAt(words);
    if (at < 0 || AUXILIARY.test(words[at]) || particle.toLowerCase() === 'zu') return `${start}${text}`;
    words[at] = `${particle.toLowerCase()}${words[at]}`;
    return `${start}${head || text.match(/^\s*/)![0]}${words.join(' ')} `;
  });
}
