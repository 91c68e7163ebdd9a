/**
 * Sentence segmentation for German and English web text. A full stop ends a sentence only when it
 * is not part of an abbreviation ("ca.", "inkl.", "z. B.", "approx.", "p. P."), an ordinal or date
 * ("bis zum 15. Oktober", "1. OG") or a number ("3.50"), and the next word starts like a sentence.
 * Intl.Segmenter alone splits German ordinals ("15. Oktober"), so its candidates are checked here.
 */
const ABBREVIATIONS = new Set(
  (
    // German
    'ca bzw ggf evtl inkl exkl zzgl zzt usw etc vgl sog bspw insb max min mind tel fax nr str hr fr frau dr prof dipl ing ' +
    'mo di mi fr sa jan feb mär märz apr jun jul aug sep sept okt nov dez abs abt allg bzgl ggü gem jh jhd kl ' +
    'lt mwst pers pkt std tägl verh vllt zb zt ua od bzgl orig geb gest incl ' +
    // English
    'approx appt apt ave dept est etc inc incl ltd mr mrs ms nos vs jr sr st mt ft oz lb lbs hrs min mins sec tues thurs ' +
    'mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e cf ca'
  ).split(/\s+/),
);

const MONTHS =
  /^(januar|jänner|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jan|feb|mär|apr|jun|jul|aug|sep|sept|okt|nov|dez)\b/i;

/** Words that start a new sentence after a number ("… kostet 15. Danach …"), so the number was not an ordinal. */
const STARTERS =
  /^(der|die|das|den|dem|des|ein|eine|wir|sie|es|er|ich|du|ihr|bitte|danach|dann|auch|bei|für|im|in|am|an|ab|zum|zur|mit|the|we|you|it|this|there|please|for|in|on|at|our|a|an)$/i;

/** The word that starts at a position of a text (sticky: read there, not searched for). */
const WORD_AT = /\p{L}+/uy;

/** Whether the text before a full stop ends in something that does not end a sentence; `next` is where the text after it starts. */
function noBreakBefore(before: string, text: string, next: number): boolean {
  const word = /([\p{L}\p{N}.]+)\.$/u.exec(before)?.[1] ?? '';
  const bare = word.replace(/\.$/, '');
  if (!bare) return false;
  if (ABBREVIATIONS.has(bare.toLowerCase())) return true;
  // Street names: "Hauptstr. 5", "Bahnhofstr. 12".
  if (/str$/i.test(bare) && bare.length > 3) return true;
  // Single letters and initials: "z. B.", "p. P.", "u. a.", "J. Smith".
  if (/^\p{L}$/u.test(bare) || /^(\p{L}\.)+\p{L}?$/u.test(bare)) return true;
  // An ordinal or a day number: "15. Oktober", "3. Etage", "am 1. Mai".
  if (/^\d{1,3}$/.test(bare)) {
    WORD_AT.lastIndex = next;
    const following = WORD_AT.exec(text)?.[0] ?? '';
    if (MONTHS.test(following)) return true;
    if (following && !STARTERS.test(following) && /^\p{Lu}/u.test(following)) return true;
  }
  return false;
}

const count = (text: string, ch: string) => text.split(ch).length - 1;

/** How far back (in characters) an open quotation mark keeps a sentence going: a quoted title or slogan. */
const QUOTE_REACH = 120;

/** Whether a quotation opened in the text is still open at its end: German „…“, English “…”, «…» or »…«, "…". */
function insideQuote(text: string): boolean {
  const german = count(text, '„');
  if (german) return german > count(text, '“');
  return count(text, '“') > count(text, '”') || (count(text, '«') + count(text, '»')) % 2 === 1 || count(text, '"') % 2 === 1;
}

/** Sentences of a text, in order. Line breaks always end a sentence (table rows, list items, addresses). */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    // Most lines have single spaces only: they are not copied.
    const s = (/[^\S ]| {2}/.test(line) ? line.replace(/\s+/g, ' ') : line).trim();
    if (!s) continue;
    let start = 0;
    // A candidate end: . ! ? … (with closing quotes or brackets) followed by a space and a sentence start.
    const re = /([.!?…]+["'»«“”‘’)\]]*)\s+(?=["'„“»«([]?[\p{Lu}\p{N}])/gu;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s))) {
      const end = m.index + m[1].length;
      const before = s.slice(start, end);
      if (m[1].startsWith('.') && m[1].length === 1 && noBreakBefore(before, s, re.lastIndex)) continue;
      // Inside a quotation the sentence goes on: Pannenkurs „Platten? Kein Problem!“, Donnerstag, 14. Januar. Only a
      // quotation opened shortly before: a stray „ must not join a page's sentences into one (nor cost a scan of each).
      if (!/["'»«“”‘’]/.test(m[1]) && insideQuote(before.slice(-QUOTE_REACH))) continue;
      const sentence = before.trim();
      if (sentence) out.push(sentence);
      start = re.lastIndex;
    }
    const rest = s.slice(start).trim();
    if (rest) out.push(rest);
  }
  return out;
}
