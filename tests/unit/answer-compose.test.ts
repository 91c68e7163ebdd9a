/**
 * The answer without a language model (extractive.ts, answerType.ts) from hand-made ranked units.
 */
import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../server/src/runtime/extractive.ts';
import { answerCoverage, sentenceCoverage, statesAskedFact } from '../../server/src/runtime/judge.ts';
import { keywords, unitAnswer } from '../../server/src/runtime/unitText.ts';
import { glossaryParts, splitGlossaryCompounds } from '../../server/src/services/glossary.ts';
import { askedIn } from '../../server/src/runtime/asked.ts';
import { answerTypes, answeredByType, asksForType, statesType } from '../../server/src/runtime/answerType.ts';
import type { RetrievedPassage } from '../../server/src/services/retrieval.ts';

let seq = 0;
/** A ranked unit; by default a German text unit of page "p1" that covers the whole question. */
function unit(o: Partial<RetrievedPassage> & { text: string }): RetrievedPassage {
  seq++;
  return {
    id: `u${seq}`,
    score: 1,
    source: { type: 'webpage', id: 'p1', url: 'https://hotel.test/preise', title: 'Preise' },
    lang: 'de',
    heading: '',
    kind: 'text',
    coverage: 1,
    bodyMatches: 1,
    terms: [],
    ...o,
  };
}
const opts = { minCoverage: 0.45 };

describe('answerTypes / statesType', () => {
  it('recognises what a question asks for', () => {
    expect(answerTypes('Was kostet die Sauna?')).toEqual(['price']);
    expect(answerTypes('How much is breakfast?')).toEqual(['price']);
    expect(answerTypes('Wann öffnet ihr am Samstag?')).toEqual(['time', 'date']);
    expect(answerTypes('Wie viele Zimmer habt ihr?')).toEqual(['number']);
    expect(answerTypes('Gibt es einen Fahrradkeller?')).toEqual([]);
    // Words that ask for a price, and words that only begin like one.
    for (const w of ['kostet', 'pay', 'paid', 'fee', 'euro', 'teuer']) expect(asksForType(w, ['price']), w).toBe(true);
    for (const w of ['paypal', 'payment', 'feedback', 'europa', 'teufel']) expect(asksForType(w, ['price']), w).toBe(false);
    expect(asksForType('hoch', ['height'])).toBe(true);
    expect(asksForType('hochzeit', ['height'])).toBe(false);
    // "Wie lange", "dauert": a span of time.
    expect(answerTypes('wie lange dauert es bis der Anschluss gelegt ist')).toEqual(['number', 'duration']);
    expect(answerTypes('how long does it take?')).toEqual(['number', 'duration']);
    expect(answerTypes('ist das dauerhaft so?')).toEqual([]);
    for (const t of ['Das dauert drei Minuten.', 'nach 8 bis 10 Wochen', 'Dauer: 2 Stunden', 'within 30 days', 'etwa eine Woche']) expect(statesType(t, ['duration']), t).toBe(true);
    for (const t of ['Preis: 39,00 €', 'Kalkbergweg 12', 'ab 14 Uhr']) expect(statesType(t, ['duration']), t).toBe(false);
    // "Wie hoch" asks for a price as often as for a height.
    expect(answerTypes('Wie hoch ist die Anmeldegebür?')).toEqual(['price', 'height']);
    // Whether something is free asks about its price; "umsonst" is as often "in vain".
    expect(answerTypes('sind die Massagen für Hotelgäste gratis?')).toEqual(['price']);
    expect(answerTypes('is the placement test free or do i have to pay')).toEqual(['price']);
    expect(answerTypes('will nicht umsonst durch die halbe Stadt fahren')).toEqual([]);
    // The amount from which something applies is its price: "ab welchem Betrag", "minimum order value".
    expect(answerTypes('Dienstrad – ab welchem Betrag geht das?')).toEqual(['price']);
    expect(answerTypes('ab welchem Bestellwert liefert ihr versandkostenfrei?')).toEqual(['price']);
    expect(answerTypes("what's the minimum order value for delivery to Austria")).toEqual(['price']);
    expect(answerTypes('Der Betrag wird abgebucht, wann?')).toEqual(['time', 'date']);
    // "when" asks; the conjunction "when I buy …" does not.
    expect(answerTypes('until when can I cancel?')).toEqual(['time', 'date']);
    expect(answerTypes("I'd like to trade in my old bike when I buy an e-bike. What's the minimum you'll give me?")).toEqual([]);
    expect(answerTypes('when we arrive late, is there a key safe?')).toEqual([]);
    // "auf" closing the question is "open"; one Termin is an appointment to book, Termine are dates.
    expect(answerTypes('habt ihr samstags auf?')).toEqual(['time']);
    // A compound names the price too: "Gaspreis", "Versandkosten"; cents state one.
    expect(answerTypes('gaspreis basis tarif ab 1.1.?')).toEqual(['price']);
    expect(answerTypes('versandkosten nach österreich')).toEqual(['price']);
    expect(statesType('Arbeitspreis ab 1.1.2027: 12,96 ct/kWh', ['price'])).toBe(true);
    // "wo ist …" asks for an address; "wo kann ich parken" and an e-mail address do not.
    expect(answerTypes('wo ist euer Kundencenter?')).toEqual(['place']);
    expect(answerTypes('habt ihr ein büro in kassel? adresse bitte')).toEqual(['place']);
    expect(answerTypes('wo kann ich parken?')).toEqual([]);
    expect(answerTypes('wie ist eure e-mail-adresse?')).toEqual(['email']);
    expect(statesType('Im Kundencenter am Marktplatz 7, gegenüber dem Rathaus', ['place'])).toBe(true);
    expect(statesType('Friedrich-Ebert-Straße 112, 34117 Kassel', ['place'])).toBe(true);
    expect(statesType('Donnerstag: 8:30–18:00 Uhr', ['place'])).toBe(false);
    expect(answerTypes('braucht man da nen Termin')).toEqual([]);
    expect(answerTypes('welche Kurstermine gibt es im März')).toEqual(['date']);
    // A phone number or an e-mail address: the line that has it, not the one that says the channel exists.
    expect(answerTypes('telefonischer Support – unter welcher Nummer?')).toEqual(['number', 'phone']);
    expect(answerTypes('what is your phone number')).toEqual(['number', 'phone']);
    expect(answerTypes('wer ist zuständig? hätte gern direkt ne Mailadresse')).toEqual(['email']);
    expect(answerTypes('Welche Kundennummer habe ich?')).toEqual([]);
  });

  it('recognises a text stating a phone number or an e-mail address', () => {
    for (const t of ['Telefon: 0251 987654-20', 'call +49 761 2987-44', 'Tel. (030) 1234567', 'Ruf an: 04131/74820-99']) expect(statesType(t, ['phone'])).toBe(true);
    for (const t of ['am 24.12.2026', '12,50 €', 'Kalkbergweg 12, 21335 Lüneburg', 'um 09:30 Uhr', 'HRB 17385']) expect(statesType(t, ['phone'])).toBe(false);
    expect(statesType('per E-Mail an werkstatt@radhaus.example', ['email'])).toBe(true);
    expect(statesType('per E-Mail oder telefonisch', ['email'])).toBe(false);
  });

  it('counts no digits of a phone number, an e-mail or a postal address as a number asked for', () => {
    for (const t of ['Caritas-Sozialberatung (Kirchgasse 4, Telefon 07345 6612-0)', 'Kalkbergweg 12, 21335 Lüneburg, E-Mail: team4@praxis.example', 'Ruf an: +49 761 2987-44'])
      expect(statesType(t, ['number']), t).toBe(false);
    for (const t of ['bis zu 250 € pro Haushalt', 'Bei uns arbeiten fünf Tierärztinnen', 'Wir haben 3 Standorte, Telefon 0761 123456']) expect(statesType(t, ['number']), t).toBe(true);
  });

  it('recognises a text stating a price, a time, a date, a number', () => {
    expect(statesType('Eintritt 12,50 €', ['price'])).toBe(true);
    expect(statesType('Das Frühstück ist inklusive.', ['price'])).toBe(true);
    expect(statesType('Die Sauna ist schön.', ['price'])).toBe(false);
    expect(statesType('Samstag: 9:00–13:00 Uhr', ['time'])).toBe(true);
    expect(statesType('Samstag geschlossen', ['time'])).toBe(false);
    expect(statesType('bis zum 15. Oktober', ['date'])).toBe(true);
    expect(statesType('irgendwas', [])).toBe(true);
  });

  it('a word that only asks for the type is answered by a text stating it', () => {
    expect(answeredByType('kostet', 'Sauna: 12 €', ['price'])).toBe(true);
    expect(answeredByType('kostet', 'Sauna: täglich', ['price'])).toBe(false);
    expect(answeredByType('sauna', 'Sauna: 12 €', ['price'])).toBe(false);
    // "how much do I lose", "was verliere ich": the amount is the answer.
    expect(answeredByType('lose', '13 to 1 days before the start: 50 %', ['price'])).toBe(true);
    expect(answeredByType('verlier', 'bis 14 Tage vorher: 25 %', ['price'])).toBe(true);
  });
});

describe('row answers', () => {
  const single = unit({ kind: 'row', heading: 'Preise', text: 'Einzelzimmer – Nebensaison: 80 €; Hauptsaison: 95 €', score: 0.7, coverage: 0.5 });
  const double = unit({ kind: 'row', heading: 'Preise', text: 'Doppelzimmer – Nebensaison: 120 €; Hauptsaison: 150 €', score: 1.5 });

  it('the answer is the best row whole; a label of one row never meets a value of another', () => {
    const c = composeAnswer('Was kostet das Doppelzimmer?', [double, single], opts)!;
    expect(c.text).toBe('Doppelzimmer – Nebensaison: 120 €; Hauptsaison: 150 €');
    expect(c.used).toEqual([double]);
    expect(c.parts).toEqual([{ lang: 'de', text: double.text }]);
    expect(c.coverage).toBe(1);
  });

  it('rows of one table matching nearly as well are each given whole, on their own line', () => {
    const a = unit({ kind: 'row', heading: 'Speisekarte', text: 'Gemüsecurry (vegan): 14,50 €', score: 1 });
    const b = unit({ kind: 'row', heading: 'Speisekarte', text: 'Linsensuppe (vegan): 7,50 €', score: 0.95 });
    const c = unit({ kind: 'row', heading: 'Speisekarte', text: 'Schnitzel: 18,00 €', score: 0.3, coverage: 0.5 });
    const composed = composeAnswer('Welche veganen Gerichte gibt es?', [a, b, c], opts)!;
    expect(composed.text.split('\n')).toEqual([a.text, b.text]);
  });

  it('a row whose label holds the number of the question is the answer row', () => {
    const rows = ['0–2 Jahre: kostenlos', '3–5 Jahre: 29,00 €', '6–11 Jahre: 39,00 €', 'ab 12 Jahre: 59,00 €'].map((text) =>
      unit({ kind: 'row', heading: 'Kinderpreise', text }),
    );
    expect(composeAnswer('Was zahlt unser Kleiner, er ist 4?', rows, opts)!.text).toBe('3–5 Jahre: 29,00 €');
    expect(composeAnswer('Was zahlt unsere Tochter mit 14?', rows, opts)!.text).toBe('ab 12 Jahre: 59,00 €');
    expect(composeAnswer('Und ein Baby von 1 Jahr?', rows, opts)!.text).toBe('0–2 Jahre: kostenlos');
  });

  it('rows of another page are not mixed into the table answer', () => {
    const here = unit({ kind: 'row', text: 'Sauna: 12 €', score: 1 });
    const there = unit({ kind: 'row', text: 'Sauna: 20 €', score: 0.5, source: { type: 'webpage', id: 'p2' } });
    expect(composeAnswer('Was kostet die Sauna?', [here, there], opts)!.text).toBe('Sauna: 12 €');
  });

  it('a row is prefixed with its heading when the question names the heading and the row does not', () => {
    const row = unit({ kind: 'row', heading: 'Hotel › Sauna', text: 'Samstag: 10–20 Uhr' });
    expect(unitAnswer('Wann hat die Sauna am Samstag offen?', row)).toBe('Sauna: Samstag: 10–20 Uhr');
    expect(unitAnswer('Wann habt ihr am Samstag offen?', row)).toBe('Samstag: 10–20 Uhr');
  });
});

describe('FAQ answers', () => {
  it('an FAQ unit answers with its answer text, never the question', () => {
    const faq = unit({ kind: 'faq', heading: 'FAQ › Gibt es Parkplätze?', text: 'Ja, 20 Stellplätze hinter dem Haus.\nSie kosten 5 € pro Tag.' });
    const c = composeAnswer('Gibt es Parkplätze?', [faq], opts)!;
    expect(c.text).toBe('Ja, 20 Stellplätze hinter dem Haus. Sie kosten 5 € pro Tag.');
    expect(c.text).not.toContain('Gibt es Parkplätze');
  });

  it('a long FAQ answer is cut to its best sentences and keeps its first sentence', () => {
    const filler = 'Bitte beachten Sie die Hausordnung im Zimmer und im Restaurant. ';
    const text = `Ja, gerne. ${filler.repeat(3)}Für den Hund berechnen wir 10 € pro Nacht. ${'Der Garten ist groß und eingezäunt. '.repeat(3)}`.trim();
    expect(text.length).toBeGreaterThan(350);
    const faq = unit({ kind: 'faq', heading: 'FAQ › Darf mein Hund mit?', text });
    const answer = unitAnswer('Was kostet der Hund pro Nacht?', faq);
    expect(answer).toBe('Ja, gerne. Für den Hund berechnen wir 10 € pro Nacht.');
  });
});

describe('text answers', () => {
  it('quotes the matching sentences of a section in reading order, not the whole section', () => {
    const t = unit({
      text: 'Unser Hotel liegt am See. Die Sauna ist täglich ab 14 Uhr geöffnet. Im Winter gibt es Skikurse. Die Sauna liegt im Untergeschoss.',
    });
    expect(unitAnswer('Wo ist die Sauna?', t)).toBe('Die Sauna ist täglich ab 14 Uhr geöffnet. Die Sauna liegt im Untergeschoss.');
  });

  it('the sentence stating the asked-for fact joins the one naming the thing', () => {
    const t = unit({ text: 'Unsere Sauna bietet Blick auf den See. Der Eintritt beträgt 12 € pro Person. Handtücher gibt es an der Rezeption.' });
    expect(unitAnswer('Was kostet die Sauna?', t)).toBe('Unsere Sauna bietet Blick auf den See. Der Eintritt beträgt 12 € pro Person.');
  });

  it('a question for two kinds of fact gets the sentence stating the second one too', () => {
    const t = unit({
      text: 'Durchgekletterte Schuhe musst du nicht wegwerfen. Eine Neubesohlung kostet 39,00 € pro Paar. Nach etwa 3 Wochen kannst du die Schuhe abholen. Mitglieder bekommen Rabatt.',
    });
    expect(unitAnswer('kletterschuhe besohlen – was kostet die neubesohlung und wie lang dauerts?', t)).toBe(
      'Eine Neubesohlung kostet 39,00 € pro Paar. Nach etwa 3 Wochen kannst du die Schuhe abholen.',
    );
    // One kind asked for: the price alone.
    expect(unitAnswer('was kostet eine neubesohlung?', t)).toBe('Eine Neubesohlung kostet 39,00 € pro Paar.');
  });

  it('a word that only asks for the fact counts where the fact is stated, not where the word occurs', () => {
    const t = unit({
      text: 'Ein Trimester kostet 329 €, zuzüglich Lehrwerk. Inhaber des Stadtpasses erhalten 25 % Ermäßigung. Wer schon bei uns war, zahlt keine neue Anmeldegebühr.',
    });
    expect(unitAnswer('Was zahlt man für einen Abendkurs?', t)).toMatch(/^Ein Trimester kostet 329 €/);
  });

  it('a list unit gives its lead-in and the matching items', () => {
    const l = unit({ kind: 'list', text: 'Im Preis enthalten sind:\n- Frühstücksbuffet\n- Sauna und Dampfbad\n- Parkplatz' });
    expect(unitAnswer('Ist die Sauna im Preis enthalten?', l)).toBe('Im Preis enthalten sind: Sauna und Dampfbad');
  });

  it('keywords drops stop words and cuts long words to a stem', () => {
    expect(keywords('Wann hat die Öffnungszeiten-Seite offen?')).toEqual(['öffnungszei', 'seite', 'offen']);
  });
});

describe('coverage gates', () => {
  it('below minCoverage there is no answer', () => {
    expect(composeAnswer('Gibt es einen Shuttle?', [unit({ text: 'Der Bahnhof ist nah.', coverage: 0.44 })], opts)).toBeNull();
    expect(composeAnswer('Gibt es einen Shuttle?', [unit({ text: 'Der Bahnhof ist nah.', coverage: 0.45 })], opts)!.text).toBe('Der Bahnhof ist nah.');
    expect(composeAnswer('Egal?', [], opts)).toBeNull();
  });

  it('a unit that matches only in the page title (no body match) does not answer', () => {
    expect(composeAnswer('Preise?', [unit({ text: 'Willkommen.', bodyMatches: 0 })], opts)).toBeNull();
  });

  it('answerCoverage counts a type word ("kostet") as covered when the unit states such a fact', () => {
    const terms = [
      { term: 'sauna', idf: 2, known: true, matched: true, via: 'sauna', weight: 1 },
      { term: 'kostet', idf: 1, known: true, matched: false },
    ];
    const stating = unit({ text: 'Sauna: 12 € pro Person.', terms, coverage: 2 / 3 });
    const silent = unit({ text: 'Sauna: im Keller.', terms, coverage: 2 / 3 });
    expect(answerCoverage(stating, ['price'])).toBeCloseTo(1, 6);
    expect(answerCoverage(silent, ['price'])).toBeCloseTo(2 / 3, 6);
    expect(answerCoverage(stating, [])).toBeCloseTo(2 / 3, 6);
    expect(composeAnswer('Was kostet die Sauna?', [silent], { minCoverage: 0.9 })).toBeNull();
    expect(composeAnswer('Was kostet die Sauna?', [stating], { minCoverage: 0.9 })!.text).toBe('Sauna: 12 € pro Person.');
  });

  it('sentenceCoverage: words spread over unrelated sentences cover less than words in one sentence', () => {
    const terms = [
      { term: 'rent', idf: 1, known: true, matched: true, via: 'rent', weight: 1 },
      { term: 'car', idf: 1, known: true, matched: true, via: 'car', weight: 1 },
    ];
    const source = { type: 'webpage' as const, id: 'p', title: 'Activities' };
    const spread = unit({ text: 'You can rent e-bikes at reception. The cable cars run hourly.', terms, source });
    const together = unit({ text: 'You can rent cars at reception. The cable runs hourly.', terms, source });
    expect(sentenceCoverage(spread, [])).toBeCloseTo(0.5, 6);
    expect(sentenceCoverage(together, [])).toBeCloseTo(1, 6);
    // a word in the heading counts for every sentence under it
    expect(sentenceCoverage({ ...spread, heading: 'Car rental' }, [])).toBeCloseTo(1, 6);
    expect(composeAnswer('Can I rent a car?', [spread], { minCoverage: 0.45, minSentenceCoverage: 0.6 })).toBeNull();
    expect(composeAnswer('Can I rent a car?', [together], { minCoverage: 0.45, minSentenceCoverage: 0.6 })).not.toBeNull();
  });
});

describe('preferences', () => {
  it('a price question prefers the unit stating a price about it over a better-ranked one that does not', () => {
    const terms = [hit('sauna', 2, 'sauna'), hit('kostet', 1)];
    const about = unit({ text: 'Die Sauna ist ein Ort der Ruhe mit Blick auf den See.', score: 1, terms, source: { type: 'webpage', id: 'a' } });
    const price = unit({ text: 'Der Eintritt in die Sauna kostet 12 € pro Person.', score: 0.6, terms, source: { type: 'webpage', id: 'b' } });
    const c = composeAnswer('Was kostet die Sauna?', [about, price], opts)!;
    expect(c.used[0]).toBe(price);
    expect(c.text.split('\n')[0]).toBe('Der Eintritt in die Sauna kostet 12 € pro Person.');
    // without a price in the question, the rank decides
    expect(composeAnswer('Erzählen Sie von der Sauna', [about, price], opts)!.used[0]).toBe(about);
    // a price in a sentence about something else does not count
    const sentences = { ...opts, minSentenceCoverage: 0.3 };
    const sauna = [hit('sauna', 4, 'sauna'), hit('kostet', 1)];
    const elsewhere = unit({ text: 'Die Sauna liegt im Keller. Parken kostet 5 € am Tag.', score: 0.6, terms: sauna, source: { type: 'webpage', id: 'c' } });
    const calm = { ...about, terms: sauna };
    expect(composeAnswer('Was kostet die Sauna?', [calm, elsewhere], sentences)!.used[0]).toBe(calm);
    expect(composeAnswer('Was kostet die Sauna?', [calm, { ...price, terms: sauna }], sentences)!.used[0].text).toBe(price.text);
    // nor does a price next to little of what the question names: "Leipzig" is not the airport pick-up
    const pickup = [hit('flughaf', 5, 'flughaf'), hit('leipzig', 2, 'leipzig'), hit('kostet', 3)];
    const way = unit({ text: 'Vom Flughafen Leipzig fahren Sie mit der S-Bahn zu uns.', coverage: 0.7, terms: pickup });
    const test = unit({ text: 'In Leipzig ist der Einstufungstest kostenlos.', score: 0.7, coverage: 0.2, terms: [hit('flughaf', 5), hit('leipzig', 2, 'leipzig'), hit('kostet', 3)] });
    expect(composeAnswer('Holt ihr mich vom Flughafen Leipzig ab und was kostet das?', [way, test], sentences)!.used[0]).toBe(way);
  });

  it('a clearly weaker second source is not added; a nearly as good one is', () => {
    const a = unit({ text: 'Der Parkplatz liegt hinter dem Haus.', score: 1, source: { type: 'webpage', id: 'a' } });
    const far = unit({ text: 'Parken an der Straße ist verboten.', score: 0.5, source: { type: 'webpage', id: 'b' } });
    const near = unit({ text: 'Parken an der Straße ist verboten.', score: 0.95, source: { type: 'webpage', id: 'b' } });
    expect(composeAnswer('Wo kann ich parken?', [a, far], opts)!.used).toEqual([a]);
    expect(composeAnswer('Wo kann ich parken?', [a, near], opts)!.used).toEqual([a, near]);
  });

  it('a second source shares more with the question than a word that only asks for the kind of fact', () => {
    const resole = unit({ text: 'Eine Neubesohlung kostet 39,00 € und dauert etwa 3 Wochen.', score: 1, source: { type: 'webpage', id: 'shop' } });
    const register = unit({ text: 'Die Registrierung dauert drei Minuten.', score: 0.95, source: { type: 'webpage', id: 'safety' } });
    const sameThing = unit({ text: 'Die Neubesohlung übernimmt eine Partner-Besohlerei; das dauert drei Wochen.', score: 0.95, source: { type: 'webpage', id: 'news' } });
    const q = 'wie lange dauert eine neubesohlung?';
    expect(composeAnswer(q, [resole, register], opts)!.used).toEqual([resole]);
    expect(composeAnswer(q, [resole, sameThing], opts)!.used).toEqual([resole, sameThing]);
  });

  it('a unit in another language needs foreignMargin more coverage', () => {
    const en = (coverage: number) => [unit({ lang: 'en', text: 'Bikes can be rented at reception.', coverage })];
    const de = { minCoverage: 0.45, visitorLang: 'de' };
    expect(composeAnswer('Fahrradverleih?', en(0.5), de)).toBeNull();
    expect(composeAnswer('Fahrradverleih?', en(0.56), de)!.parts).toEqual([{ lang: 'en', text: 'Bikes can be rented at reception.' }]);
    expect(composeAnswer('Fahrradverleih?', en(0.5), { ...de, foreignMargin: 0 })).not.toBeNull();
    expect(composeAnswer('Fahrradverleih?', en(0.6), { ...de, foreignMargin: 0.2 })).toBeNull();
    // the same coverage in the visitor's language answers
    expect(composeAnswer('Fahrradverleih?', [unit({ text: 'Räder gibt es an der Rezeption.', coverage: 0.5 })], de)).not.toBeNull();
  });

  it('the margin falls away where the visitor language covers the question not even half as well as the other', () => {
    const de = { minCoverage: 0.45, visitorLang: 'de' };
    const en = unit({ lang: 'en', text: 'Guided tours in English: €260 per group.', coverage: 0.5 });
    const own = (coverage: number) => unit({ text: 'Geführte Touren von April bis Oktober.', coverage });
    expect(composeAnswer('Geführte Touren auf Englisch?', [own(0.2), en], de)!.used).toEqual([en]);
    // half as good or better: the other language still needs the margin
    expect(composeAnswer('Geführte Touren auf Englisch?', [own(0.3), en], de)).toBeNull();
    // no content at all in the visitor language: the question may be about something else, the margin holds
    expect(composeAnswer('Geführte Touren auf Englisch?', [en], de)).toBeNull();
  });

  it('where nothing passes, a unit in another language naming a word the visitor language has none for needs no margin', () => {
    const de = { minCoverage: 0.3, visitorLang: 'de' };
    const q = 'spricht jemand türkisch? meine mutter muss ihren vertrag ummelden';
    const ownTerms = (known: boolean) => [{ term: 'turkisch', idf: 6, known, matched: false }, { term: 'sprich', idf: 5, known: true, matched: false }];
    const own = (known: boolean) => unit({ text: 'Ihren Vertrag melden Sie online um.', coverage: 0.2, terms: ownTerms(known) });
    const en = unit({ lang: 'en', text: 'Aylin Demir speaks English and Turkish.', coverage: 0.33, terms: [{ term: 'türkisch', idf: 3, known: true, matched: true, via: 'turkish', vias: ['turkish'], weight: 1 }] });
    expect(composeAnswer(q, [own(false), en], de)!.used).toEqual([en]);
    // The German pages have the word: the match in English may be chance, the margin holds.
    expect(composeAnswer(q, [own(true), en], de)).toBeNull();
  });

  it('a partial answer in the visitor language is completed by a foreign unit stating the asked-for fact', () => {
    const deUnit = unit({ text: 'E-Bikes verleihen wir an der Rezeption.', coverage: 0.6, score: 1, source: { type: 'webpage', id: 'de' } });
    const enUnit = unit({ lang: 'en', text: 'E-bike rental costs 25 € per day.', coverage: 0.6, score: 0.3, source: { type: 'webpage', id: 'en' } });
    const c = composeAnswer('Was kostet der E-Bike-Verleih?', [deUnit, enUnit], { minCoverage: 0.45, visitorLang: 'de' })!;
    expect(c.parts).toEqual([
      { lang: 'de', text: 'E-Bikes verleihen wir an der Rezeption.' },
      { lang: 'en', text: 'E-bike rental costs 25 € per day.' },
    ]);
  });
});

/** A matched term as the search reports it. */
const hit = (term: string, idf: number, via?: string) => ({ term, idf, known: true, matched: !!via, ...(via ? { via, vias: [via], weight: 1 } : {}) });

describe('rules learnt on the development set', () => {
  it('a unit holding the day the question names comes first, its date word counted as matched', () => {
    const terms = [hit('30.12', 6), hit('off', 5, 'offnungszeit')];
    const hours = unit({ text: 'Offene Sprechstunde: dienstags 10:00–12:00 Uhr.', score: 2.5, terms: [hit('30.12', 6), hit('off', 5, 'offen')] });
    const closed = unit({ kind: 'row', text: 'Weihnachten – Kursbüro: geschlossen vom 23. Dezember 2026 bis 3. Januar 2027', score: 1, bodyMatches: 0, terms });
    const c = composeAnswer('Habt ihr am 30.12. offen?', [hours, closed], { ...opts, minCoverage: 0.3 })!;
    expect(c.used[0]).toBe(closed);
    expect(answerCoverage(closed, ['time'], askedIn('Habt ihr am 30.12. offen?'))).toBeCloseTo(1);
    // a day outside the span is not held
    expect(composeAnswer('Habt ihr am 4.1. offen?', [hours, { ...closed, terms: [hit('4.1', 6), hit('off', 5, 'offnungszeit')] }], { ...opts, minCoverage: 0.3 })!.used[0]).toBe(hours);
  });

  it("among the chunks of one list, the one whose own items name what was asked comes first; for the next one, the soonest", () => {
    const lead = 'Hier finden Sie unsere nächsten Kurse und kostenlosen Infoabende.';
    const chunk = (items: string[], score: number, terms: ReturnType<typeof hit>[], coverage = 1) =>
      unit({ kind: 'list', heading: 'Kurstermine', text: [lead, ...items.map((i) => `- ${i}`)].join('\n'), score, terms, coverage });
    // Both chunks' lead names the Infoabend and "kostenlos"; only the second one's items hold an Infoabend.
    const terms = [hit('infoab', 4, 'infoabende'), hit('kostenlos', 2.6, 'kostenlosen')];
    const tasting = chunk(['Spanisch-Schnupperstunde, Mittwoch, 7. April 2099, 18:00 Uhr. Kostenlos.'], 7.4, terms);
    const evening = chunk(['Infoabend „Deutsch lernen“, Donnerstag, 14. Januar 2099, 18:00 Uhr. Eintritt frei.'], 6.8, terms);
    expect(composeAnswer('wann ist der nächste kostenlose Infoabend?', [tasting, evening], opts)!.used[0]).toBe(evening);
    // A number of the question that one chunk holds by chance ("10 Wochen", "bis 10. April") lifted it over the gate; its
    // sibling, below the gate alone, has the sooner course.
    const spring = chunk(['Welpenkurs Frühjahr, Samstag, 6. März 2099, samstags bis 10. April 2099'], 4.8, [hit('welpenkur', 3.2, 'welpenkurs'), hit('10', 1.9, '10')], 0.5);
    const winter = chunk(['Welpenkurs Winter, Samstag, 9. Januar 2099'], 3.1, [hit('welpenkur', 3.2, 'welpenkurs'), hit('10', 1.9)], 0.4);
    const c = composeAnswer('wann fängt der nächste Welpenkurs an? unser Kleiner ist 10 Wochen', [spring, winter], opts)!;
    expect(c.used[0]).toBe(winter);
    expect(c.text).toContain('9. Januar 2099');
    // Not asked for the next one: the words decide, then the number.
    expect(composeAnswer('was kostet der Welpenkurs? unser Kleiner ist 10 Wochen', [spring, winter], opts)!.used[0]).toBe(spring);
  });

  it('a row naming the thing asked about but not the kind of fact asked for does not come first', () => {
    const terms = [hit('pannenkur', 4, 'pannenkurs')];
    const row = unit({ kind: 'row', text: 'Pannenkurs – Dauer: 2 Stunden; Preis: 29,00 €', score: 1.7, terms });
    const list = unit({ kind: 'list', text: 'Alle Termine:\n- Pannenkurs, Donnerstag, 14. Januar 2027, 18:30 Uhr\n- Bremsenkurs, 28. Januar 2027', score: 1, terms });
    expect(composeAnswer('Wann ist der nächste Pannenkurs?', [row, list], opts)!.used[0]).toBe(list);
    // asked for the price, the row comes first
    expect(composeAnswer('Was kostet der Pannenkurs?', [row, list], opts)!.used[0]).toBe(row);
  });

  it('a row whose label names what was asked about comes first ("am Sonntag" → the Sonntag row)', () => {
    const terms = [hit('sauna', 2, 'sauna'), hit('sonntag', 2, 'sonntag')];
    const text = unit({ text: 'Samstags und sonntags von 11 bis 14 Uhr ist die Sauna für Familien reserviert.', score: 1.1, terms });
    const row = unit({ kind: 'row', text: 'Sonntag – Sauna: 11:00–20:00 Uhr; Hallenbad: 7:00–20:00 Uhr', score: 1, terms });
    expect(composeAnswer('Wann hat die Sauna am Sonntag offen?', [text, row], opts)!.used[0]).toBe(row);
  });

  it('a row label naming the thing by the word the unit matched counts too ("Kurtaxe" → "Gästebeitrag")', () => {
    const terms = [hit('kurtax', 4, 'gastebeitrag'), hit('nacht', 2, 'nacht')];
    const text = unit({ text: 'Den Gästebeitrag pro Nacht erhebt die Gemeinde mit der Zimmerrechnung.', score: 1.1, terms });
    const row = unit({ kind: 'row', text: 'Gästebeitrag der Gemeinde: 3,10 € pro Nacht', score: 1, terms });
    expect(composeAnswer('Kurtaxe pro Nacht?', [text, row], opts)!.used[0]).toBe(row);
  });

  it('a number of the question covered by the row label\'s range counts for one sentence too ("4" in "3–6 Jahre")', () => {
    const terms = [hit('kind', 2, 'kind'), hit('4', 2)];
    const row = unit({ kind: 'row', text: '3–6 Jahre – Festpreis 29,00 € pro Nacht', terms, coverage: 0.5 });
    expect(sentenceCoverage(row, [])).toBeCloseTo(0.5, 6);
    const withKind = { ...row, text: 'Kinder 3–6 Jahre – Festpreis 29,00 € pro Nacht' };
    expect(sentenceCoverage(withKind, [])).toBeCloseTo(1, 6);
    expect(answerCoverage(withKind, [])).toBeCloseTo(1, 6);
  });

  it('a second source must match the question in its own text, not only through a section heading', () => {
    const best = unit({ kind: 'faq', heading: 'Stornieren', text: 'Bitte stornieren Sie schriftlich per E-Mail.', score: 1 });
    const underHeading = unit({ kind: 'faq', heading: 'Bezahlen und Stornieren › Kann ich mein Elektroauto laden?', text: 'Ja, an zwei Ladestationen.', score: 0.99, source: { type: 'webpage', id: 'faq' } });
    const matching = { ...underHeading, id: 'm', text: 'Stornieren können Sie bis 45 Tage vor Anreise kostenfrei.' };
    expect(composeAnswer('Wie kann ich stornieren?', [best, underHeading], opts)!.used).toEqual([best]);
    expect(composeAnswer('Wie kann ich stornieren?', [best, matching], opts)!.used).toEqual([best, matching]);
  });

  it('a German unit answering an English question quotes the sentence holding the matched forms', () => {
    const terms = [hit('licenc', 3, 'fuhrerschein'), hit('apprentic', 2, 'azubi')];
    const u = unit({ text: 'Die Vergütung beträgt 1.050 € im Monat. Azubis bekommen 500 € Zuschuss zum Führerschein. Die Berufsschule ist in Kempten.', terms });
    expect(unitAnswer('Do apprentices get money towards a driving licence?', u)).toBe('Azubis bekommen 500 € Zuschuss zum Führerschein.');
  });

  it('the sentence stating the price joins from further away only under a heading naming the thing asked about', () => {
    const text = '7 Nächte mit Halbpension und drei geführten Wanderungen. Anreise samstags. Ab 849 € pro Person.';
    expect(unitAnswer('Was kostet die Wanderwoche?', unit({ heading: 'Pauschalen › Wanderwoche', text }))).toContain('849 €');
    expect(unitAnswer('Was kostet die geführte Wanderung?', unit({ heading: 'Pauschalen › Sommer', text }))).not.toContain('849 €');
  });

  it('an answer from a section whose heading dates it says when it holds', () => {
    const text = 'Beim Kauf eines E-Bikes zahlen wir für jedes Altrad mindestens 150,00 €.';
    expect(unitAnswer('wieviel gibts für mein altes rad?', unit({ heading: 'Inzahlungnahme › Winteraktion bis 31. Januar 2027', text }))).toBe(
      `Winteraktion bis 31. Januar 2027: ${text}`,
    );
    expect(unitAnswer('wieviel gibts für mein altes rad?', unit({ heading: 'Inzahlungnahme › Winteraktion', text }))).toBe(text);
  });

  it('a unit states the asked-for fact only in a sentence that is about the question', () => {
    const terms = [hit('seilbahn', 3, 'seilbahn'), hit('fellhorn', 3, 'fellhorn'), hit('kostet', 1)];
    const u = unit({ text: 'Geführte Wanderungen sind kostenlos. Die Seilbahn zum Fellhorn ist 10 Minuten entfernt.', terms });
    expect(statesAskedFact(u, ['price'], 0.35)).toBe(false);
    expect(statesAskedFact({ ...u, text: 'Die Seilbahn zum Fellhorn kostet 32 €.' }, ['price'], 0.35)).toBe(true);
    expect(statesAskedFact(u, [], 0.35)).toBe(true);
    expect(composeAnswer('Was kostet die Seilbahn zum Fellhorn?', [u], { ...opts, minSentenceCoverage: 0.35 })!.statesFact).toBe(false);
  });

  it('a concept the visitor\'s language has no word for is answered from the language that has it', () => {
    const de = unit({ text: 'Reisen Sie früher an, nutzen Sie den Spa ab 12 Uhr.', score: 2, coverage: 0.55, terms: [hit('fruh', 2, 'fruh'), { ...hit('flughafentransf', 3), known: false }] });
    const en = unit({ lang: 'en', text: 'Please book the airport transfer at least 72 hours before your flight.', score: 0.8, coverage: 0.7, terms: [hit('flughafen', 2, 'airport'), hit('transfer', 2, 'transfer')] });
    const c = composeAnswer('Wie früh muss ich den Flughafentransfer buchen?', [de, en], { ...opts, visitorLang: 'de' })!;
    expect(c.used[0]).toBe(en);
    // With the word known to the German content (but in none of its answering units), the other language's unit must cover clearly more.
    const known = { ...de, terms: [hit('fruh', 2, 'fruh'), hit('flughafentransf', 3)] };
    expect(composeAnswer('Wie früh muss ich den Flughafentransfer buchen?', [known, en], { ...opts, visitorLang: 'de' })!.used[0]).toBe(en);
    const near = { ...en, coverage: 0.6 };
    expect(composeAnswer('Wie früh muss ich den Flughafentransfer buchen?', [known, near], { ...opts, visitorLang: 'de' })!.used[0]).toBe(known);
    // A German unit that answers has the word: no other language is needed.
    const answering = unit({ text: 'Den Flughafentransfer buchen Sie an der Rezeption.', score: 1, coverage: 0.5, terms: [hit('fruh', 2), hit('flughafentransf', 3, 'flughafentransf')] });
    expect(composeAnswer('Wie früh muss ich den Flughafentransfer buchen?', [known, answering, en], { ...opts, visitorLang: 'de' })!.used[0]).toBe(known);
  });

  it('a unit saying the matter is written up in the other language leaves the answer to that language', () => {
    const terms = [hit('busi', 3, 'business'), hit('english', 3, 'english'), hit('cours', 1, 'courses')];
    const pointer = unit({
      lang: 'en',
      text: 'Evening courses, integration courses, Business English and Spanish are described on our German website.',
      score: 5,
      terms,
      source: { type: 'webpage', id: 'en' },
    });
    const price = unit({ kind: 'row', text: 'Business English, 10 Wochen – Preis: 490 €', score: 1, coverage: 0.7, terms: terms.slice(0, 2) });
    const en = { ...opts, visitorLang: 'en' };
    expect(composeAnswer('how much is the business english course', [pointer, price], en)!.used[0]).toBe(price);
    // without the pointer's words, the visitor's own language answers first
    const plain = { ...pointer, text: 'Evening courses, integration courses, Business English and Spanish are taught in small groups.' };
    expect(composeAnswer('how much is the business english course', [plain, price], en)!.used[0]).toBe(plain);
    // nor when the pointing unit states the asked-for fact itself
    const stating = { ...pointer, text: `${pointer.text} Business English costs €490.` };
    expect(composeAnswer('how much is the business english course', [stating, price], en)!.used[0]).toBe(stating);
    // A link's language in brackets points too; a pointer naming the kind of fact asked for sends it there, whatever
    // price the unit states of something else ("a free placement test").
    const linked = { ...pointer, text: 'Business English includes a free placement test. Prices and dates are on our course page (in German).' };
    expect(composeAnswer('how much is the business english course', [linked, price], en)!.used[0]).toBe(price);
    const datesOnly = { ...linked, text: 'Business English includes a free placement test. Dates are on our course page (in German).' };
    expect(composeAnswer('how much is the business english course', [datesOnly, price], en)!.used[0]).toBe(datesOnly);
  });

  it('a word a section has only from the page title it stands under belongs to the section headed by it', () => {
    const page = 'Online shop: shipping, returns and payment';
    const returns = unit({ heading: `${page} › Returns`, text: 'Returns from Austria are free.', score: 2, terms: [hit('ship', 2, 'shipping'), hit('austria', 2, 'austria')] });
    const shipping = unit({ heading: `${page} › Shipping`, text: 'We deliver to all EU countries.', score: 1.6, terms: [hit('ship', 2, 'shipping'), hit('austria', 2)] });
    expect(composeAnswer('Do you ship to Austria?', [returns, shipping], opts)!.used[0]).toBe(shipping);
    // without a section headed by the word, the page title's words are the section's own
    expect(composeAnswer('Do you ship to Austria?', [returns, { ...shipping, heading: `${page} › Delivery` }], opts)!.used[0]).toBe(returns);
    // nor does the section a unit stands under take the word away: "Shipping › Austria" is about shipping
    const nested = { ...returns, heading: `${page} › Shipping › Austria` };
    expect(composeAnswer('Do you ship to Austria?', [nested, shipping], opts)!.used[0]).toBe(nested);
  });

  it('a news item more than a year old gives way to a current page, and joins it as no second source', () => {
    const terms = [hit('versandkostenfrei', 4, 'versandkostenfrei'), hit('bestellwert', 3, 'warenwert')];
    const year = new Date().getUTCFullYear();
    const news = unit({ text: `3. Juni ${year - 2} · Ab sofort liefern wir ab 50 € Warenwert versandkostenfrei!`, score: 1.4, terms, source: { type: 'webpage', id: 'news' } });
    const faq = unit({ kind: 'faq', text: 'Innerhalb Deutschlands versandkostenfrei ab 99,00 € Warenwert.', score: 1, terms, source: { type: 'webpage', id: 'faq' } });
    const c = composeAnswer('ab welchem Bestellwert versandkostenfrei?', [news, faq], opts)!;
    expect(c.used).toEqual([faq]);
    // a news item of this year is as current as any page
    const fresh = { ...news, text: news.text.replace(String(year - 2), String(year)) };
    expect(composeAnswer('ab welchem Bestellwert versandkostenfrei?', [fresh, faq], opts)!.used[0]).toBe(fresh);
  });

  it('a unit naming the missing word needs to cover only the rest of the question as well', () => {
    const terms = [hit('guid', 3, 'guid'), hit('hike', 3, 'hike'), { ...hit('snowsho', 4), known: false }];
    const en = unit({ lang: 'en', text: 'We offer guided hikes on Tuesdays, free of charge for guests.', score: 2, coverage: 0.6, terms });
    const de = unit({ text: 'Freitags geht unser Bergführer auf Schneeschuhtour. Die Teilnahme kostet 25,00 €.', coverage: 0.4, terms: [hit('guided', 3), hit('hik', 3, 'wander'), hit('snowsho', 4, 'schneeschuhtour')] });
    expect(composeAnswer('is there a guided snowshoe hike?', [en, de], { ...opts, minCoverage: 0.3, visitorLang: 'en' })!.used[0]).toBe(de);
    // without the missing word named, it must cover as much as the visitor's own unit
    const other = { ...de, terms: [hit('guided', 3), hit('hik', 3, 'wander'), hit('snowsho', 4)] };
    expect(composeAnswer('is there a guided snowshoe hike?', [en, other], { ...opts, minCoverage: 0.3, visitorLang: 'en' })!.used[0]).toBe(en);
  });

  it('another language answers only where its unit names the word the visitor\'s language lacks', () => {
    // "drop" (by) is in no English unit; the German one covering as much does not name it either.
    const en = unit({ lang: 'en', text: 'The office is closed from 26 July to 6 August 2027.', coverage: 0.4, terms: [hit('offic', 2, 'offic'), { ...hit('drop', 3), known: false }] });
    const de = unit({ text: 'Vom 19. Juli bis 6. August 2027 ist kein Unterricht.', score: 0.9, coverage: 0.45, terms: [hit('drop', 3), hit('offic', 2, 'unterricht')] });
    expect(composeAnswer('can i drop by the office?', [en, de], { ...opts, minCoverage: 0.3, visitorLang: 'en' })!.used[0]).toBe(en);
    // Numbers and everyday words name no concept: "3" unknown to the German content does not send the visitor elsewhere.
    const own = unit({ text: 'Müssen wir absagen, erhalten Sie alles zurück.', coverage: 0.5, terms: [hit('absag', 4, 'absag'), { ...hit('3', 2), known: false }] });
    const other = unit({ lang: 'en', text: 'Cancel 3 weeks before: 25 %.', score: 0.5, coverage: 0.6, terms: [hit('absag', 2, 'cancel'), hit('3', 2, '3')] });
    expect(composeAnswer('ich sage 3 wochen vorher ab', [own, other], { ...opts, minCoverage: 0.3, visitorLang: 'de' })!.used[0]).toBe(own);
  });

  it('the word the visitor\'s language lacks is named in the other language however each configuration spells it', () => {
    // The German configuration folds the umlaut ("stadtfuhr"), the English one keeps it ("stadtführung").
    const de = unit({ text: 'Das neue Programm ist online.', coverage: 0.5, terms: [hit('neu', 3, 'neu'), { ...hit('stadtfuhr', 3), known: false }] });
    const en = unit({ lang: 'en', text: 'On the first Friday we offer a guided walk through the city centre.', score: 0.2, coverage: 0.6, terms: [hit('neuen', 2), hit('stadtführung', 3, 'citi')] });
    expect(composeAnswer('gibt es eine stadtführung für die neuen?', [de, en], { ...opts, minCoverage: 0.3, visitorLang: 'de' })!.used[0]).toBe(en);
  });

  it('a unit in another language matching every part of the question completes an answer that misses a part', () => {
    const de = unit({ text: 'Für die Rezeption: sehr gutes Deutsch.', coverage: 0.73, terms: [hit('deutsch', 5, 'deutsch'), hit('gut', 4, 'gut'), hit('koch', 4)] });
    const en = unit({ lang: 'en', text: 'For the kitchen you need German at level B1.', score: 0.3, coverage: 0.8, terms: [hit('deutsch', 2, 'german'), hit('gut', 3, 'good'), hit('koch', 3, 'kitchen')] });
    const c = composeAnswer('Muss ich als Koch gut Deutsch können?', [de, en], { ...opts, visitorLang: 'de' })!;
    expect(c.used).toEqual([de, en]);
    expect(c.parts.map((p) => p.lang)).toEqual(['de', 'en']);
    // a foreign unit that also misses a part adds nothing
    const partial = { ...en, terms: [hit('deutsch', 2, 'german'), hit('gut', 3, 'good'), hit('koch', 3)] };
    expect(composeAnswer('Muss ich als Koch gut Deutsch können?', [de, partial], { ...opts, visitorLang: 'de' })!.used).toEqual([de]);
  });

  it('a price stated beside the question, not about it, leaves the price to another language', () => {
    // "a free placement test" is a price, but of another thing than the Business English course the list sentence names.
    const en = unit({
      lang: 'en',
      text: 'Business English and Spanish are taught in small groups. Everyone starts with a free placement test.',
      coverage: 1,
      terms: [hit('busi', 4, 'busi'), hit('english', 3, 'english')],
    });
    const de = unit({ text: 'Der Business-English-Kurs kostet 490 € für 10 Wochen.', score: 0.4, coverage: 1, terms: [hit('busi', 2, 'business'), hit('english', 2, 'english')] });
    const gates = { ...opts, minSentenceCoverage: 0.3, visitorLang: 'en' };
    expect(composeAnswer('how much is the business english course', [en, de], gates)!.used).toEqual([en, de]);
    // Stated about the question: nothing to complete.
    const priced = { ...en, text: 'Business English costs €490 for 10 weeks.' };
    expect(composeAnswer('how much is the business english course', [priced, de], gates)!.used).toEqual([priced]);
  });

  it('"the next" date is one yet to come; "kostenlose" before a noun asks for no price', () => {
    expect(answerTypes('wann ist der nächste kostenlose Infoabend?')).toEqual(['time', 'date']);
    expect(answerTypes('ist der Infoabend kostenlos?')).toEqual(['price']);
    const now = Date.UTC(2026, 10, 29);
    const news = unit({ text: '1. September 2026 Auch 2027 gibt es wieder kostenlose Infoabende.', terms: [hit('infoab', 4, 'infoab')] });
    const dates = unit({ text: 'Infoabend „Deutsch lernen“, Donnerstag, 14. Januar 2027.', terms: [hit('infoab', 4, 'infoab')] });
    const next = askedIn('wann ist der nächste Infoabend?', now);
    expect(statesAskedFact(news, ['date'], 0.3, next)).toBe(false);
    expect(statesAskedFact(dates, ['date'], 0.3, next)).toBe(true);
    // Without "nächste" any date answers "wann".
    expect(statesAskedFact(news, ['date'], 0.3, askedIn('wann ist der Infoabend?', now))).toBe(true);
  });

  it('a two-part question gets a unit of the same page for the part the answer leaves out', () => {
    const q = 'Ich überlege 12 Wochen Intensivkurs. Was kostet das und kommen da noch Gebühren dazu?';
    const terms = (...matched: string[]) => ['12', 'woch', 'intensivkur', 'kostet', 'komm', 'gebuhr'].map((t) => hit(t, 3, matched.includes(t) ? t : undefined));
    // The row matched "Gebühren" by the glossary's "Preis": the part left out is "kommen … dazu".
    const row = unit({ kind: 'row', text: '12 Wochen – Preis: 1.560 €', score: 2, terms: terms('12', 'woch', 'intensivkur', 'kostet', 'gebuhr') });
    const fee = unit({ text: 'Dazu kommen die einmalige Anmeldegebühr von 40 € und das Lehrwerk.', terms: terms('komm', 'gebuhr') });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    expect(composeAnswer(q, [row, fee], gates)!.used).toEqual([row, fee]);
    // One part only: the answer is the row.
    expect(composeAnswer('Was kosten 12 Wochen Intensivkurs, kommen Gebühren dazu?', [row, fee], gates)!.used).toEqual([row]);
    // Another page's unit does not join: the answer states the price the part asks for.
    const elsewhere = { ...fee, source: { ...fee.source, id: 'p2' } };
    expect(composeAnswer(q, [row, elsewhere], gates)!.used).toEqual([row]);
  });

  it('"wie lange dauert" only asks for a span of time: the unit naming the thing ranks over units that only say how long something else takes', () => {
    const q = 'kletterschuhe besohlen lassen bei euch – was kostet das und wie lang dauerts?';
    const idf: Record<string, number> = { besohl: 4.6, dauert: 4.6, kletterschuh: 3.7, kostet: 3.7, lang: 3.5, lass: 4.3 };
    const terms = (...matched: string[]) => Object.keys(idf).map((t) => hit(t, idf[t], matched.includes(t) ? t : undefined));
    // "lang" matched by its glossary kin "dauert".
    const register = unit({
      heading: 'Sicherheit › Registrierung',
      text: 'Vor dem ersten Besuch registrierst du dich online. Das dauert drei Minuten.',
      score: 7.8,
      terms: terms('dauert').map((t) => (t.term === 'lang' ? hit('lang', 3.5, 'dauert') : t)),
    });
    const resole = unit({
      heading: 'Kletter-Shop › Besohlservice',
      text: 'Eine Besohlung kostet 39,00 € pro Paar. Nach etwa 3 Wochen kannst du die Schuhe abholen.',
      score: 7.5,
      terms: terms('besohl', 'kostet'),
      source: { type: 'webpage', id: 'shop', url: 'https://climb.test/shop.html', title: 'Kletter-Shop' },
    });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    expect(composeAnswer(q, [register, resole], gates)!.used[0]).toBe(resole);
  });

  it("another page's unit answers a part whose kind of fact the answer does not state, when it names most of that part", () => {
    const q = 'wo ist der neue schnelllader und was kostet da die kwh mit eurer ladekarte';
    const idf: Record<string, number> = { neu: 2.6, schnelllad: 3.5, kostet: 3.7, kwh: 2.5, ladekart: 3.7 };
    const terms = (...matched: string[]) => Object.keys(idf).map((t) => hit(t, idf[t], matched.includes(t) ? t : undefined));
    const prices = unit({
      kind: 'row',
      heading: 'Laden in Hohenau › Preise',
      text: 'mit Ladekarte – AC (Normalladen): 0,49 €/kWh; DC (Schnellladen): 0,59 €/kWh',
      score: 13,
      terms: terms('kostet', 'kwh', 'ladekart', 'schnelllad'),
      source: { type: 'webpage', id: 'laden', url: 'https://stadtwerke.test/emobilitaet/', title: 'Laden in Hohenau' },
    });
    const news = unit({
      text: 'Seit heute können Elektroautos schnell laden: In der Dieselstraße 9 haben wir den ersten Schnelllader eröffnet. Er kostet mit Ladekarte 0,59 €/kWh.',
      score: 11,
      terms: terms('kostet', 'kwh', 'ladekart', 'schnelllad'),
      source: { type: 'webpage', id: 'news', url: 'https://stadtwerke.test/aktuelles/schnelllader.html', title: 'Erster Schnelllader in Betrieb' },
    });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    expect(composeAnswer(q, [prices, news], gates)!.used).toEqual([prices, news]);
    // Without a street the other page says nothing the answer lacks.
    const noStreet = { ...news, text: 'Seit heute können Elektroautos schnell laden: der erste Schnelllader ist eröffnet. Er kostet mit Ladekarte 0,59 €/kWh.' };
    expect(composeAnswer(q, [prices, noStreet], gates)!.used).toEqual([prices]);
  });

  it("a part that asks for a price the answer does not state is open, though the answer names the part's thing", () => {
    const q = 'was kostet die welpenschule und bis zu welchem alter kann man mitmachen';
    const idf: Record<string, number> = { kostet: 3, welpenschul: 3, alt: 4, mitmach: 6 };
    const terms = (...matched: string[]) => Object.keys(idf).map((t) => hit(t, idf[t], matched.includes(t) ? t : undefined));
    const page = { source: { type: 'webpage' as const, id: 'welpen', url: 'https://vet.test/welpenschule/', title: 'Welpenschule' } };
    const age = unit({ ...page, heading: 'Welpenschule › Für wen?', text: 'Welpen im Alter von 9 bis 16 Wochen, Welpenschule für alle Rassen', score: 3, terms: terms('welpenschul', 'alt') });
    const price = unit({ ...page, heading: 'Welpenschule › Preis', text: 'Die Welpenschule kostet 129,00 € für den ganzen Kurs.', score: 2, terms: terms('welpenschul', 'kostet') });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    expect(composeAnswer(q, [age, price], gates)!.used).toEqual([age, price]);
    // The answer states a price: no part is open.
    const withPrice = { ...age, text: 'Welpen im Alter von 9 bis 16 Wochen, Welpenschule für alle Rassen: 129,00 €' };
    expect(composeAnswer(q, [withPrice, price], gates)!.used).toEqual([withPrice]);
  });

  it('a price asked for what sections stand under brings the sections of its kind: each package of a birthday party', () => {
    const q = 'was kostet ein kindergeburtstag bei euch?';
    const terms = [hit('kindergeburtstag', 3, 'kindergeburtstag'), hit('kostet', 3, 'preis')];
    const page = { source: { type: 'webpage' as const, id: 'kg', url: 'https://climb.test/kindergeburtstag', title: 'Kindergeburtstag' } };
    const climb = unit({ ...page, kind: 'list', heading: 'Kindergeburtstag › Unsere Pakete › Kletter-Geburtstag', text: '- ab 8 Jahren - Preis: 229,00 € für bis zu 8 Kinder', score: 5, terms });
    const boulder = unit({ ...page, kind: 'list', heading: 'Kindergeburtstag › Unsere Pakete › Boulder-Geburtstag', text: '- ab 6 Jahren - 189,00 € für bis zu 8 Kinder', score: 3, terms });
    const room = unit({ ...page, heading: 'Kindergeburtstag › Unsere Pakete › Raum', text: 'Der Geburtstagsraum kostet 20,00 € extra.', score: 3, terms });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    expect(composeAnswer(q, [climb, boulder, room], gates)!.used).toEqual([climb, boulder]);
    // The question names one package: that one alone.
    const named = [hit('klettergeburtstag', 4, 'klettergeburtstag'), hit('kostet', 3, 'preis')];
    expect(composeAnswer('was kostet ein klettergeburtstag?', [{ ...climb, terms: named }, boulder], gates)!.used).toEqual([{ ...climb, terms: named }]);
  });

  it('a question for two things\' facts gets the row of each, though the table\'s caption names both', () => {
    const caption = 'Fees and payment › Example prices › Microchip and travel documents';
    const terms = (...matched: string[]) => ['cost', 'microchip', 'eu', 'passport', 'pet'].map((t) => hit(t, 2, matched.includes(t) ? t : undefined));
    const base = { lang: 'en', kind: 'row' as const, heading: caption, source: { type: 'webpage' as const, id: 'fees', url: 'https://vet.test/en/fees', title: 'Fees' } };
    const passport = unit({ ...base, text: 'EU pet passport: €24', score: 3, terms: terms('cost', 'microchip', 'eu', 'passport', 'pet') });
    const chip = unit({ ...base, text: 'Pet microchip including implantation: €45', score: 2, terms: terms('microchip', 'pet') });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    for (const q of ['cost of microchip and eu pet passport?', 'price microchip + eu pet passport', 'eu pet passport & microchip, what do they cost']) {
      expect(composeAnswer(q, [passport, chip], gates)!.used, q).toEqual([passport, chip]);
    }
    // One thing asked for: its row only.
    expect(composeAnswer('cost of the eu pet passport?', [passport, chip], gates)!.used).toEqual([passport]);
  });

  it("a row's label names the question's word as itself or a compound's head, not as a compound's first part", () => {
    const q = 'wie kündige ich meinen monatsvertrag?';
    const terms = (kundig: string) => [hit('kundig', 3, kundig), hit('monatsvertrag', 6, 'vertrag')];
    const heading = 'Vertrag, Kündigung und Zahlung › Laufzeit und Kündigung';
    const row = unit({ kind: 'row', heading, text: 'Kündigungsfrist – Monatliche Zahlung: jederzeit zum Monatsende; Jährliche Zahlung: 3 Monate', score: 6.8, terms: terms('kundigungsfrist') });
    const how = unit({ heading, text: 'Kündigen Sie im Konto unter Einstellungen › Abonnement › Vertrag kündigen oder per E-Mail.', score: 7, terms: terms('kundig') });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    expect(composeAnswer(q, [how, row], gates)!.used[0]).toBe(how);
    // A label that is the question's own word names it: "Monatsvertrag".
    const head = { ...row, text: 'Monatsvertrag – jederzeit zum Monatsende kündbar', terms: terms('kundig') };
    expect(composeAnswer(q, [how, head], gates)!.used[0]).toBe(head);
  });

  it('"the next" date brings the sentence with a day yet to come, whatever words it shares', () => {
    const status = {
      kind: 'text' as const,
      heading: 'Systemstatus › Geplante Wartung',
      text: 'Sonntag, 6. Dezember 2099, 02:00–04:00 Uhr: Datenbank-Upgrade. Die Web-App ist in dieser Zeit nicht erreichbar. Stempeln per App und Terminal funktioniert weiter. Regelmäßige Wartungsarbeiten legen wir auf Sonntag zwischen 02:00 und 04:00 Uhr.',
    };
    expect(unitAnswer('wann ist die nächste Wartung? können die Leute dann trotzdem stempeln', status)).toContain('6. Dezember 2099');
    expect(unitAnswer('wann ist Wartung? können die Leute dann trotzdem stempeln', status)).not.toContain('6. Dezember 2099');
  });

  it('a lexeme of one or two letters is held only by that word, not by every word it begins', () => {
    // "e" of "E-Bike" (PostgreSQL parses "e-bike" into "e-bik", "e" and "bike").
    const u = unit({ lang: 'en', text: 'The care package lowers your excess.', terms: [hit('e', 1, 'e'), hit('theft', 1)] });
    expect(sentenceCoverage(u, [])).toBe(0);
    expect(sentenceCoverage({ ...u, text: 'An e bike is stolen.' }, [])).toBe(0.5);
  });

  it('a share at a gate passes whichever order its weights were summed in', () => {
    // 0.3 + 0.2 + 0.1 is 0.6, 0.1 + 0.2 + 0.3 is 0.6000000000000001; the order follows the order pages were crawled in.
    const at = (coverage: number) => composeAnswer('Sauna?', [unit({ text: 'Die Sauna ist offen.', coverage })], { minCoverage: 0.6 });
    expect(at(0.3 + 0.2 + 0.1 - 1e-12)?.coverage).toBe(0.6);
    expect(at(0.59)).toBeNull();
  });

  it('an answer that points to another page by its name brings that page\'s unit along', () => {
    const faq = unit({
      kind: 'faq',
      text: 'Nein, verpasster Unterricht wird nicht nachgeholt. Bei längerer Krankheit gibt es eine Gutschrift, siehe Rücktritt und Stornierung.',
      score: 2,
      terms: [hit('krank', 3, 'krankheit'), hit('verpasst', 3, 'verpasst')],
    });
    const rules = unit({
      kind: 'list',
      source: { type: 'webpage', id: 'p2', url: 'https://school.test/ruecktritt', title: 'Rücktritt, Stornierung und Umbuchung' },
      text: '- Bei Krankheit ab 5 Unterrichtstagen schreiben wir Ihnen gegen ärztliches Attest die Tage gut.',
      coverage: 0.5,
      terms: [hit('krank', 3, 'krankheit'), hit('verpasst', 3)],
    });
    const gates = { minCoverage: 0.3, minSentenceCoverage: 0.3 };
    const q = 'ich war krank und hab den kurs verpasst, krieg ich was zurück?';
    expect(composeAnswer(q, [faq, rules], gates)!.used).toEqual([faq, rules]);
    // A page of another name is not the one pointed to.
    const other = { ...rules, source: { ...rules.source, title: 'Preise 2027' } };
    expect(composeAnswer(q, [faq, other], gates)!.used).toEqual([faq]);
  });

  it('a sentence naming the thing without the asked fact brings along the next one when it points to the page stating it', () => {
    const section = unit({
      text: 'Als Ergänzung empfehlen wir unser Sturztraining. Alle Termine stehen im Kurskalender. Der Kurs findet in der Seilhalle statt.',
      score: 3,
      terms: [hit('sturztraining', 4.6, 'sturztraining'), hit('kostet', 3.7)],
    });
    const calendar = unit({
      kind: 'list',
      source: { type: 'webpage', id: 'p2', url: 'https://climb.test/kurse/termine', title: 'Kurskalender' },
      text: 'Die nächsten Kurse:\n- Sturztraining im Vorstieg, Donnerstag, 10. Dezember 2099, 19:00 Uhr, 35,00 €',
      coverage: 0.56,
      terms: [hit('sturztraining', 4.6, 'sturztraining'), hit('kostet', 3.7)],
    });
    const q = 'wann ist das nächste Sturztraining und was kostet das?';
    expect(unitAnswer(q, section)).toBe('Als Ergänzung empfehlen wir unser Sturztraining. Alle Termine stehen im Kurskalender.');
    const c = composeAnswer(q, [section, calendar], { minCoverage: 0.3, minSentenceCoverage: 0.3 })!;
    expect(c.used).toEqual([section, calendar]);
    expect(c.text).toContain('10. Dezember 2099');
    // Asked for nothing a sentence states ("gibt es ein Sturztraining?"), the pointing sentence stays out.
    expect(unitAnswer('gibt es bei euch ein Sturztraining?', section)).toBe('Als Ergänzung empfehlen wir unser Sturztraining.');
  });

  it('a height is a number with a unit of length', () => {
    // German "wie hoch" may also ask for a price ("wie hoch ist die Gebühr"): a unit stating either answers.
    expect(answerTypes('Wie hoch ist das Nebelhorn?')).toEqual(['price', 'height']);
    expect(answerTypes('how high is the mountain')).toEqual(['height']);
    expect(statesType('Der Gipfel liegt auf 2.224 m.', ['height'])).toBe(true);
    expect(statesType('Die Bahn ist 10 Minuten entfernt.', ['height'])).toBe(false);
    expect(statesType('Unser Zimmer hat 29 m².', ['height'])).toBe(false);
    expect(answeredByType('high', '2.224 m', ['height'])).toBe(true);
  });

  it('a compound of two glossary words is split for content in other languages', () => {
    expect(glossaryParts('Flughafentransfer')).toEqual(['flughafen', 'transfer']);
    expect(glossaryParts('flughafen')).toBeNull();
    // Only one part is a glossary word: the compound stays whole.
    expect(glossaryParts('Panoramaterrasse')).toBeNull();
    // Both are (the everyday glossary has the sun): "sun terrace".
    expect(glossaryParts('Sonnenterrasse')).toEqual(['sonne', 'terrasse']);
    expect(splitGlossaryCompounds('wie früh den flughafentransfer buchen')).toBe('wie früh den flughafen transfer buchen');
  });
});
