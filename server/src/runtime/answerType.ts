/**
 * What kind of fact a question asks for, in German or English: a price, a time of day, a date, or
 * a number. An answer unit that states such a fact is preferred over one that only shares words
 * with the question ("was verdient man als Koch" wants the sentence with the salary, not the one
 * with the training the cook needs).
 */
export type AnswerType = 'price' | 'time' | 'date' | 'number' | 'duration' | 'height' | 'phone' | 'email' | 'place';

/** Kinds of fact a question asks for besides another, not as another's reading ("wann": a time or a date; "wie hoch": a price or a height). */
export const DISTINCT_ASKS: AnswerType[] = ['price', 'duration', 'place', 'phone', 'email'];

/** "when" that asks ("when do you open", "until when"), not the conjunction of "I'd like to trade it in when I buy an e-bike". */
const WHEN = "when(?!\\s+(?:i|i'm|we|we're|my|our|the|a|an|it's|there's)\\b)";

const ASKS: [AnswerType, RegExp][] = [
  // "Wie hoch ist die Gebühr" asks for a price as often as "wie hoch ist der Gipfel" for a height.
  // "ist das kostenlos?" asks about the price; "der nächste kostenlose Infoabend" names a free thing and asks something else.
  ['price', /\b(wie hoch|kost(?!enlose[mnrs]?\b|enfreie[mnrs]?\b)\w*|\w+kosten|\w*preis\w*|\w*gebühr\w*|\w*zuschlag\w*|aufpreis|teuer|zahl(en|t|e)|bezahl\w*|gehalt|verdien\w*|lohn|vergütung|euro|gratis|how much|free|costs?|prices?|fees?|charge[sd]?|pay|salary|earn\w*|money|rates?|welche[mnrs]? (mindest)?(betrag|bestellwert|warenwert|einkaufswert)|(what|which|minimum) (order )?(amount|order value))\b/i],
  // "habt ihr samstags auf?": open, with the verb's particle at the end of the question.
  ['time', new RegExp(`\\b(wann|uhrzeit|wie ?viel uhr|wie spät|öffnungszeit\\w*|geöffnet|offen|aufhaben|auf(?=\\s*(?:[?!.]|$))|what time|${WHEN}|opening|open|hours)\\b`, 'i')],
  // "Termine", "Kurstermin" ask for dates; "braucht man einen Termin" asks whether to book.
  ['date', new RegExp(`\\b(wann|datum|termine|\\w+termine?|seit wann|bis wann|ab wann|${WHEN}|date|dates|since)\\b`, 'i')],
  ['number', /\b(wie ?viele?|wie lang\w*|wie groß|wie weit|wie alt|welche\w* (größe|nummer)|how (many|long|far|big|large|old)|number)\b/i],
  // "Wie lange dauert es": a span of time, which "dauert" and "lange" only ask for.
  ['duration', /\b(wie lange?|wie viel zeit|dauer[nt]?|dauerts|how long|how much time)\b/i],
  // A height is a number with a unit of length: "10 Minuten entfernt" does not say how high a mountain is.
  ['height', /\b(wie hoch|höhe|how (high|tall)|height|altitude)\b/i],
  // "unter welcher Nummer", "phone number": the line with the number, not the one that says phone support exists.
  ['phone', /\b(telefonnummer|telefonnr|rufnummer|handynummer|nummer|anrufen|phone( number)?|telephone( number)?|call (you|us))\b/i],
  ['email', /\b(e-?mail-?adresse|mailadresse|e-?mail address|email|e-mail)\b/i],
  // "wo ist euer Kundencenter": the line with the street, not the one with the opening hours. ("Wo kann ich parken" asks for no address.)
  ['place', /\b(wo\s+(ist|sind|liegt|liegen|befindet|befinden|finde ich|findet man)|(?<!e-?mail-?)adresse|anschrift|where\s+(is|are)|where's|(?<!e-?mail )address)\b/i],
];

const MONTH =
  'januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|january|february|march|may|june|july|october|december';

const NUMBER_WORDS = 'zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|hundert|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred';

/** A number (and an e-mail address) is matched from its first character only (the lookbehinds): tried from every digit of a long run, a pattern costs the run's square. */
const STATES: Record<AnswerType, RegExp> = {
  price: /((?<![\d.,])\d[\d.,]*\s?(€|eur\b|euro|ct\b|cent\b|cents\b)|€\s?\d|(?<!\d)\d+\s?%|\bkostenlos|\bkostenfrei|\bgratis|\binklusive\b|free of charge|\bincluded\b|\bfree\b)/i,
  time: /(\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(uhr|am|pm|a\.m\.|p\.m\.)\b|rund um die uhr|24\/7|\bround the clock\b)/i,
  date: new RegExp(`(\\b\\d{1,2}\\.\\s?(${MONTH})|\\b(${MONTH})\\s\\d|\\b\\d{1,2}\\.\\s?\\d{1,2}\\.|\\b(19|20)\\d{2}\\b)`, 'i'),
  height: /(?<![\d.,])\d[\d.,]*\s?(m|meter|metern|metres?|meters?|hm|höhenmeter\w*|ft|feet)\b(?![²³])/i,
  // "0251 987654-20", "+49 761 2987-44", "(030) 1234567": a leading zero or country code and six digits or more.
  phone: /(?:\+\d{1,3}[\s./-]?\(?\d{1,5}\)?|\(0\d{1,5}\)|\b0\d{2,5})[\s./-]?\d{2,}(?:[\s.-]?\d{2,})*/,
  email: /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
  // A street with its number ("Marktplatz 7", "Friedrich-Ebert-Straße 112", "12 Mill Lane") or a postcode with its town.
  place: /(\p{L}(?:straße|strasse|str\.|weg|platz|gasse|allee|ring|damm|ufer|markt|steig|chaussee)\s+\d+\s?[a-z]?\b|\b\d+\s+\p{Lu}\p{L}+\s+(?:[Ss]treet|[Rr]oad|[Ll]ane|[Aa]venue|[Ss]quare)\b|\b\d{5}\s+\p{Lu}\p{L}+)/u,
  // "3 Wochen", "8 bis 10 Wochen", "drei Minuten", "a day".
  duration: new RegExp(
    `((?<![\\d.,])\\d[\\d.,]*|\\b(${NUMBER_WORDS}|one|eine?[mnr]?|an?|half|halbe?[mnr]?))(\\s*(-|–|bis|to)\\s*\\d+)?\\s*(minuten|minute|min\\.?|stunden?|std\\.?|` +
      `(werk|arbeits)?tage?n?|wochen?|monate?n?|jahre?n?|minutes?|mins?|hours?|hrs?|(working )?days?|weeks?|months?|years?)\\b`,
    'iu',
  ),
  // Digits, or a number written as a word ("zwei bis drei Werktage").
  number: new RegExp(`\\d|\\b(${NUMBER_WORDS})\\b`, 'i'),
};

/**
 * Digits that belong to a phone number, an e-mail address or a postal address state no number asked for: "Kirchgasse 4,
 * Telefon 07345 6612-0" does not say how much the fund pays, "Kalkbergweg 12, 21335 Lüneburg" not how many vets work there.
 */
const NOT_A_COUNT = new RegExp([`${STATES.phone.source}(?:-\\d+)?`, STATES.email.source, STATES.place.source].join('|'), 'gu');

/** Whether a text states a fact of the type. */
const states = (t: AnswerType, text: string) => (t === 'number' ? STATES.number.test(text.replace(NOT_A_COUNT, ' ')) : STATES[t].test(text));

export function answerTypes(question: string): AnswerType[] {
  return ASKS.filter(([, re]) => re.test(question)).map(([t]) => t);
}

/** Whether a text states a fact of one of the types (no types: every text does). */
export function statesType(text: string, types: AnswerType[]): boolean {
  return types.length === 0 || types.some((t) => states(t, text));
}

/** Stems (as the text-search configurations leave them) of the words that ask for a type: "pay", not "PayPal"; "fee", not "feedback"; "euro", not "Europa". */
const TYPE_WORDS: Record<AnswerType, RegExp> = {
  price: /^(kost|preis|gebuhr|zuschlag|aufpreis|aufschlag|zahl|bezahl|gehalt|verdien|lohn|vergut|teu$|teuer|teur|euro$|euros$|verlier|grati|free$|cost|price|pric|fee$|fees$|charg|pay$|pays$|paid$|salari|earn|wage|rate|lose$|betrag$|bestellwert|warenwert|amount)/,
  time: /^(uhr|uhrzeit|offen|off|geoffnet|offnungszeit|aufhab|open|hour|time|clock)$/,
  date: /^(datum|termin|date)$/,
  number: /^(anzahl|number|numb)$/,
  duration: /^(dau|dauer|dauert|dauern|dauerts|lang|lange|long)$/,
  height: /^(hoch|hoh|high|tall|height|altitud)$/,
  phone: /^(telefonnumm|telefonnr|rufnumm|handynumm|numm|anruf|phone|telephon|call)$/,
  email: /^(e-mail|email|mail|mailadress|e-mailadress|emailadress)$/,
  place: /^(adress|anschrift|address)$/,
};

/**
 * A question term that only asks for the type ("kostet", "open") is answered by a unit that
 * states such a fact, even when the word itself is not there: "Hauptsaison: 122,00 €" answers
 * "was zahlen wir".
 */
export function answeredByType(term: string, text: string, types: AnswerType[]): boolean {
  return types.some((t) => TYPE_WORDS[t].test(term) && states(t, text));
}

/** Whether a word of the question (any form, any case) only asks for one of the types: "zahlt", "Kosten", "fee". */
export function asksForType(word: string, types: AnswerType[]): boolean {
  const folded = word.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  return types.some((t) => TYPE_WORDS[t].test(folded));
}
