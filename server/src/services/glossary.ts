/**
 * Words visitors and websites use for the same thing, in German and English: a visitor asks "wann
 * habt ihr offen", the page says "Öffnungszeiten"; an English visitor asks about a "dog sitter",
 * the German page offers a "Hundesitter". Each group is one concept; a question word that belongs
 * to a group also finds the group's other words (a little weaker than itself).
 *
 * This is general vocabulary of small-business websites (shops, trades, restaurants, hotels,
 * practices, schools), not any one site's. It is what lets a chatbot without a translation
 * provider answer from content in the other language; with a provider configured the question is
 * also translated (see retrieval).
 */
import { ANIMALS_GLOSSARY } from './glossary/animals.ts';
import { CARE_GLOSSARY } from './glossary/care.ts';
import { DIGITAL_GLOSSARY } from './glossary/digital.ts';
import { EDUCATION_GLOSSARY } from './glossary/education.ts';
import { EVERYDAY_GLOSSARY } from './glossary/everyday.ts';
import { HEALTH_GLOSSARY } from './glossary/health.ts';
import { MOBILITY_GLOSSARY } from './glossary/mobility.ts';
import { RETAIL_GLOSSARY } from './glossary/retail.ts';
import { SPORTS_GLOSSARY } from './glossary/sports.ts';
import { TOURISM_GLOSSARY } from './glossary/tourism.ts';
import { TRADES_GLOSSARY } from './glossary/trades.ts';
import { UTILITIES_GLOSSARY } from './glossary/utilities.ts';

const CORE: string[][] = [
  // When, how long, opening hours
  ['offen', 'geöffnet', 'öffnet', 'öffnen', 'öffnungszeiten', 'öffnungszeit', 'aufhaben', 'open', 'opens', 'opening', 'hours'],
  ['geschlossen', 'schließt', 'ruhetag', 'betriebsferien', 'closed', 'closes', 'closing'],
  ['montag', 'montags', 'monday', 'mondays'], ['dienstag', 'dienstags', 'tuesday', 'tuesdays'],
  ['mittwoch', 'mittwochs', 'wednesday', 'wednesdays'], ['donnerstag', 'donnerstags', 'thursday', 'thursdays'],
  ['freitag', 'freitags', 'friday', 'fridays'], ['samstag', 'samstags', 'sonnabend', 'saturday', 'saturdays'],
  ['sonntag', 'sonntags', 'sunday', 'sundays'], ['feiertag', 'feiertags', 'feiertage', 'holiday', 'holidays', 'bank holiday', 'bank holidays', 'public holiday', 'public holidays'],
  ['wochenende', 'weekend'], ['morgens', 'vormittags', 'morning'], ['abends', 'evening', 'night'], ['mittags', 'noon', 'lunch', 'mittagessen'],
  ['januar', 'january'], ['februar', 'february'], ['märz', 'march'], ['april'], ['mai', 'may'], ['juni', 'june'], ['juli', 'july'],
  ['august'], ['september'], ['oktober', 'october'], ['november'], ['dezember', 'december'],
  ['weihnachten', 'weihnachtszeit', 'feiertage', 'festtage', 'christmas', 'xmas', 'christmas time'], ['silvester', 'neujahr', 'jahreswechsel', "new year's eve", 'new years eve', 'new year'],
  ['ostern', 'osterfeiertage', 'easter', 'easter holidays'], ['sommer', 'summer'], ['winter'], ['ferien', 'schulferien', 'urlaub', 'holidays', 'vacation'],
  ['dauer', 'dauert', 'lange', 'duration', 'long', 'takes'], ['früh', 'vorher', 'rechtzeitig', 'advance', 'early', 'beforehand'],
  ['stunde', 'stunden', 'hour', 'hours'], ['tag', 'tage', 'tages', 'day', 'days', 'daily', 'täglich'], ['woche', 'wochen', 'week', 'weeks', 'weekly'],
  ['monat', 'monate', 'monatlich', 'month', 'months', 'monthly'], ['jahr', 'jahre', 'jährlich', 'year', 'years', 'annual'],
  ['seit', 'gegründet', 'gründung', 'founded', 'since', 'established'],
  // Money
  ['kosten', 'kostet', 'preis', 'preise', 'gebühr', 'gebühren', 'tarif', 'tarife', 'aufpreis', 'euro', 'cost', 'costs', 'price', 'prices', 'fee', 'fees', 'charge', 'rate', 'rates'],
  ['zuschlag', 'aufpreis', 'aufschlag', 'surcharge', 'supplement', 'extra'],
  ['kostenlos', 'kostenfrei', 'gebührenfrei', 'gratis', 'umsonst', 'inklusive', 'inbegriffen', 'free', 'free of charge', 'included', 'complimentary'],
  ['bezahlen', 'zahlen', 'zahlung', 'bezahlung', 'zahlungsarten', 'zahlungsmittel', 'pay', 'payment', 'paying'],
  ['kreditkarte', 'karte', 'ec-karte', 'girocard', 'visa', 'mastercard', 'credit card', 'card', 'cards'],
  ['überweisung', 'vorkasse', 'transfer', 'bank transfer'], ['bar', 'bargeld', 'cash'], ['rechnung', 'invoice', 'bill'],
  ['anzahlung', 'vorauszahlung', 'deposit', 'down payment'], ['ermäßigung', 'rabatt', 'nachlass', 'vergünstigung', 'ermäßigt', 'discount', 'reduction', 'reduced'],
  ['gutschein', 'gutscheine', 'geschenkgutschein', 'voucher', 'vouchers', 'gift card'],
  ['gehalt', 'lohn', 'verdienst', 'verdienen', 'verdient', 'vergütung', 'bezahlung', 'brutto', 'salary', 'wage', 'pay', 'earn', 'earnings'],
  ['steuer', 'mehrwertsteuer', 'mwst', 'ust', 'tax', 'vat'], ['kaution', 'pfand', 'deposit'], ['trinkgeld', 'tip', 'tips'],
  // Booking and orders
  ['buchen', 'buchung', 'reservieren', 'reservierung', 'bestellen', 'book', 'booking', 'reserve', 'reservation'],
  ['stornieren', 'storno', 'stornierung', 'absagen', 'stornogebühr', 'stornobedingungen', 'rücktritt', 'cancel', 'cancellation', 'cancelling'],
  ['umbuchen', 'umbuchung', 'verschieben', 'change', 'rebook', 'rebooking', 'reschedule'],
  ['bestellung', 'bestellen', 'order', 'ordering'], ['lieferung', 'liefern', 'lieferzeit', 'versand', 'versandkosten', 'delivery', 'shipping', 'deliver'],
  ['rückgabe', 'zurückgeben', 'umtausch', 'widerruf', 'rücksendung', 'return', 'returns', 'refund', 'exchange'],
  ['garantie', 'gewährleistung', 'warranty', 'guarantee'], ['reparatur', 'reparieren', 'repair', 'fix'],
  ['termin', 'termine', 'terminvereinbarung', 'appointment', 'appointments'],
  ['ohne termin', 'ohne anmeldung', 'ohne voranmeldung', 'offene sprechstunde', 'offene sprechstunden', 'einfach vorbeikommen', 'einfach so vorbeikommen', 'spontan vorbeikommen', 'walk-in', 'drop-in', 'drop-in session', 'drop by', 'without an appointment', 'no appointment necessary', 'no appointment needed'], ['anmeldung', 'anmelden', 'registration', 'register', 'sign up'],
  ['mindestaufenthalt', 'mindestens', 'minimum stay', 'minimum'], ['nacht', 'nächte', 'übernachtung', 'übernachten', 'schlafen', 'night', 'nights', 'overnight', 'sleep', 'sleeps', 'stay overnight'],
  ['einchecken', 'check-in', 'anreise', 'ankunft', 'ankommen', 'anreisetag', 'check in', 'arrival', 'arrive', 'arriving'],
  ['auschecken', 'check-out', 'abreise', 'abreisetag', 'abfahrt', 'check out', 'departure', 'leave', 'leaving'],
  // Contact, place, company
  ['kontakt', 'kontaktieren', 'erreichen', 'contact', 'reach'],
  ['telefon', 'telefonnummer', 'rufnummer', 'telefonnr', 'anrufen', 'tel', 'phone', 'telephone', 'call', 'number'],
  ['e-mail', 'email', 'mail', 'mailadresse'], ['adresse', 'anschrift', 'standort', 'lage', 'address', 'location', 'located'],
  ['anfahrt', 'anreise', 'weg', 'route', 'directions', 'getting here', 'how to get'],
  ['parken', 'parkplatz', 'parkplätze', 'stellplatz', 'garage', 'tiefgarage', 'parkhaus', 'parking', 'car park', 'park'],
  ['bahnhof', 'zug', 'bahn', 'station', 'train', 'railway'], ['bus', 'bushaltestelle', 'haltestelle', 'skibus', 'stop'],
  ['flughafen', 'flug', 'airport', 'flight'], ['transfer', 'shuttle', 'abholen', 'abholung', 'abholservice', 'pick up', 'pickup'],
  ['entfernung', 'entfernt', 'weit', 'km', 'kilometer', 'distance', 'far', 'away'], ['auto', 'pkw', 'car'], ['taxi', 'cab'],
  ['elektroauto', 'e-auto', 'ladestation', 'laden', 'wallbox', 'electric car', 'charging', 'charger', 'ev'],
  ['fahrrad', 'rad', 'bike', 'bicycle', 'cycling'], ['e-bike', 'ebike', 'pedelec', 'e-mountainbike'],
  ['impressum', 'imprint', 'legal notice'], ['handelsregister', 'registergericht', 'hra', 'hrb', 'register', 'commercial register', 'registration number'],
  ['geschäftsführer', 'geschäftsführerin', 'geschäftsführung', 'inhaber', 'inhaberin', 'chef', 'chefin', 'leitung', 'managing director', 'owner', 'manager', 'director', 'ceo'],
  ['firma', 'unternehmen', 'betrieb', 'gesellschaft', 'company', 'business', 'firm'], ['datenschutz', 'privacy', 'data protection'],
  ['team', 'mitarbeiter', 'mitarbeiterinnen', 'personal', 'staff', 'employees'],
  // Jobs
  ['job', 'jobs', 'stelle', 'stellen', 'stellenangebot', 'stellenangebote', 'karriere', 'arbeit', 'arbeiten', 'vacancy', 'vacancies', 'career', 'careers', 'position', 'work'],
  ['bewerbung', 'bewerben', 'bewerbungsunterlagen', 'lebenslauf', 'application', 'apply', 'cv', 'resume'],
  ['ausbildung', 'azubi', 'auszubildende', 'auszubildender', 'lehre', 'lehrling', 'apprenticeship', 'apprentice', 'apprentices', 'trainee'],
  ['praktikum', 'praktikant', 'internship', 'intern'], ['vollzeit', 'full-time', 'full time'], ['teilzeit', 'part-time', 'part time'],
  ['urlaubstage', 'urlaubsanspruch', 'urlaub', 'vacation days', 'paid leave', 'leave'],
  ['führerschein', 'fahrerlaubnis', 'driving licence', "driver's license", 'driving license'],
  ['deutschkenntnisse', 'deutsch', 'sprachkenntnisse', 'sprachniveau', 'deutschniveau', 'german', 'language', 'language skills', 'language level'],
  ['niveau', 'stufe', 'level', 'grade'], ['voraussetzung', 'voraussetzungen', 'anforderungen', 'brauchen', 'brauche', 'braucht', 'benötigen', 'benötigt', 'erforderlich', 'need', 'needs', 'require', 'required', 'requirement', 'requirements'],
  ['gut', 'gute', 'guten', 'gutes', 'good', 'well'], ['sehr gut', 'fließend', 'excellent', 'fluent', 'very good'],
  ['englisch', 'english'], ['visum', 'visa', 'aufenthaltserlaubnis', 'arbeitserlaubnis', 'work permit', 'visas'],
  ['koch', 'köchin', 'küche', 'cook', 'chef', 'kitchen'], ['rezeption', 'empfang', 'rezeptionist', 'reception', 'receptionist', 'front desk'],
  ['zuschuss', 'zuschüsse', 'förderung', 'bonus', 'allowance', 'subsidy', 'contribution', 'money towards'],
  // Food and drink
  ['essen', 'speisen', 'gericht', 'gerichte', 'mahlzeit', 'food', 'meal', 'meals', 'dish', 'dishes'],
  ['speisekarte', 'karte', 'menü', 'menu'], ['frühstück', 'frühstücksbuffet', 'breakfast'], ['abendessen', 'abendmenü', 'dinner', 'supper'],
  ['halbpension', 'half board', 'half-board'], ['vollpension', 'full board'], ['getränke', 'trinken', 'drinks', 'beverages'],
  ['vegan', 'vegane', 'veganes', 'pflanzlich', 'plant-based'], ['vegetarisch', 'vegetarier', 'fleischlos', 'vegetarian'],
  ['allergie', 'allergien', 'allergene', 'unverträglichkeit', 'glutenfrei', 'allergy', 'allergies', 'allergens', 'gluten-free', 'intolerance'],
  ['hauptgericht', 'hauptgang', 'hauptspeise', 'main course', 'main dish', 'mains'], ['vorspeise', 'starter', 'starters', 'appetizer'],
  ['nachtisch', 'dessert', 'desserts', 'nachspeise'], ['portion', 'portionen', 'kleine portion', 'seniorenteller', 'smaller portion', 'half portion'],
  ['kinderteller', 'kinderkarte', 'kids menu', "children's menu"], ['tisch', 'tischreservierung', 'table'],
  ['feier', 'feiern', 'party', 'fest', 'veranstaltung', 'private party', 'celebration', 'event', 'events'],
  ['personen', 'gäste', 'leute', 'plätze', 'sitzplätze', 'teilnehmer', 'teilnehmende', 'people', 'guests', 'persons', 'seats', 'participants'],
  ['kamin', 'kaminzimmer', 'kaminstube', 'fireplace', 'fireplace room'], ['terrasse', 'terrace', 'patio'],
  // Rooms and stay
  ['zimmer', 'room', 'rooms'], ['einzelzimmer', 'single room', 'single'], ['doppelzimmer', 'double room', 'double'],
  ['suite', 'suiten', 'suites'], ['ferienwohnung', 'ferienwohnungen', 'fewo', 'apartment', 'appartement', 'holiday flat', 'holiday flats', 'holiday apartment', 'holiday apartments'], ['chalet', 'chalets', 'hütte', 'cabin'],
  ['bett', 'betten', 'bed', 'beds'], ['kinderbett', 'babybett', 'cot', 'crib'], ['balkon', 'balcony'], ['aussicht', 'blick', 'bergblick', 'view', 'mountain view'],
  ['wlan', 'wifi', 'wi-fi', 'internet'], ['klimaanlage', 'klimatisiert', 'air conditioning', 'air-conditioned'], ['aufzug', 'lift', 'fahrstuhl', 'elevator'],
  ['rollstuhl', 'rollstuhlgerecht', 'barrierefrei', 'behindertengerecht', 'wheelchair', 'accessible', 'barrier-free'],
  ['nichtraucher', 'rauchen', 'rauchfrei', 'non-smoking', 'smoking', 'smoke'], ['wäsche', 'waschmaschine', 'laundry', 'washing machine'],
  ['handtuch', 'handtücher', 'bademantel', 'towel', 'towels', 'bathrobe'], ['safe', 'tresor'], ['schlüssel', 'key', 'keys', 'code'],
  ['gepäck', 'koffer', 'luggage', 'baggage'], ['fundsachen', 'fundbüro', 'vergessen', 'verloren', 'lost property', 'forgotten', 'lost'],
  ['hausordnung', 'nachtruhe', 'ruhe', 'quiet hours', 'house rules'],
  // Family, pets, wellness, leisure
  ['kinder', 'kind', 'kids', 'kid', 'children', 'child', 'tochter', 'sohn', 'daughter', 'son', 'baby', 'babys', 'babies'],
  ['kinderbetreuung', 'kinderclub', 'kinderprogramm', 'kids club', 'childcare', 'kinderanimation'], ['familie', 'familien', 'family', 'families'],
  ['erwachsene', 'erwachsener', 'adults', 'adult'], ['alter', 'jahre', 'jährig', 'age', 'aged', 'years old'],
  ['hund', 'hunde', 'haustier', 'haustiere', 'vierbeiner', 'dog', 'dogs', 'pet', 'pets'], ['katze', 'katzen', 'cat', 'cats'],
  ['hundesitter', 'tiersitter', 'dog sitter', 'dog-sitter', 'pet sitter'],
  ['spa', 'wellness', 'wellnessbereich'], ['sauna', 'saunen', 'saunalandschaft', 'dampfbad', 'steam bath'],
  ['schwimmbad', 'hallenbad', 'pool', 'becken', 'swimming pool', 'indoor pool', 'swimming'], ['massage', 'massagen', 'behandlung', 'behandlungen', 'treatment', 'treatments'],
  ['badehose', 'badeanzug', 'badekleidung', 'badebekleidung', 'badesachen', 'swimwear', 'swimsuit', 'bathing suit'], ['nackt', 'textilfrei', 'naked', 'nude', 'textile-free'],
  ['badeschuhe', 'badeschlappen', 'badelatschen', 'schlappen', 'flip-flops', 'slippers', 'pool shoes'],
  ['tagesgast', 'tagesgäste', 'externe', 'day guest', 'day guests', 'day visitors', 'non-residents'], ['hotelgast', 'hotelgäste', 'hausgäste', 'hotel guests', 'residents'],
  ['wandern', 'wanderung', 'wanderungen', 'wanderweg', 'tour', 'touren', 'hike', 'hikes', 'hiking', 'walk', 'walks', 'trail'],
  ['höhenmeter', 'aufstieg', 'elevation', 'elevation gain', 'ascent', 'climb'], ['geführt', 'geführte', 'führung', 'guided', 'guide'],
  ['ski', 'skifahren', 'skiing', 'skipass', 'ski pass'], ['langlauf', 'loipe', 'loipen', 'cross-country', 'cross country', 'cross-country trail'],
  ['schneeschuh', 'schneeschuhe', 'schneeschuhwanderung', 'schneeschuhtour', 'snowshoe', 'snowshoes', 'snowshoeing'],
  ['verleih', 'leihen', 'mieten', 'ausleihen', 'leih', 'rent', 'rental', 'hire', 'borrow'], ['kurs', 'kurse', 'kochkurs', 'course', 'courses', 'class', 'classes'],
  ['markt', 'adventsmarkt', 'weihnachtsmarkt', 'weihnachtsmärkte', 'market', 'christmas market', 'christmas markets'], ['gala', 'ball', 'festessen', 'gala dinner'],
  ['kurtaxe', 'gästebeitrag', 'kurbeitrag', 'ortstaxe', 'tourist tax', 'visitor tax', 'local tax'], ['gästekarte', 'kurkarte', 'kurkarten', 'guest card', 'spa card'],
  // Shops and services
  ['geschäft', 'laden', 'filiale', 'shop', 'store'], ['produkt', 'produkte', 'artikel', 'product', 'products', 'item', 'items'],
  ['angebot', 'angebote', 'aktion', 'offer', 'offers', 'deal', 'special'], ['pauschale', 'pauschalen', 'paket', 'arrangement', 'package', 'packages'],
  ['beratung', 'beraten', 'advice', 'consultation'], ['service', 'leistung', 'leistungen', 'services'], ['versicherung', 'insurance'],
];

/** The core groups and each trade's own (glossary/*.ts): one concept per group. */
export const GLOSSARY: string[][] = [...CORE, ...EVERYDAY_GLOSSARY, ...TRADES_GLOSSARY, ...EDUCATION_GLOSSARY, ...HEALTH_GLOSSARY, ...RETAIL_GLOSSARY, ...DIGITAL_GLOSSARY, ...SPORTS_GLOSSARY, ...CARE_GLOSSARY, ...ANIMALS_GLOSSARY, ...UTILITIES_GLOSSARY, ...MOBILITY_GLOSSARY, ...TOURISM_GLOSSARY];

/** A word as the groups are matched: lower case, German umlauts kept. */
export const glossaryKey = (w: string) => w.toLowerCase().normalize('NFC');

const WORDS = new Set(GLOSSARY.flat().filter((w) => !/\s/.test(w)).map(glossaryKey));
/** German linking letters between the parts of a compound ("Bewerbung-s-frist"). */
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];

/**
 * A compound of two glossary words, as its parts: "flughafentransfer" → ["flughafen", "transfer"],
 * "stornierungsgebühr" → ["stornierung", "gebühr"]. Content in another language has the parts
 * ("airport transfer"), never the compound; null when the word is no such compound.
 */
export function glossaryParts(word: string): [string, string] | null {
  const w = glossaryKey(word);
  if (w.length < 7 || WORDS.has(w)) return null;
  for (let i = w.length - 3; i >= 3; i--) {
    const tail = w.slice(i);
    if (!WORDS.has(tail)) continue;
    for (const link of LINKS) {
      const head = w.slice(0, i);
      if (link && !head.endsWith(link)) continue;
      const stem = link ? head.slice(0, -link.length) : head;
      if (stem.length >= 3 && WORDS.has(stem)) return [stem, tail];
    }
  }
  return null;
}

/** The question with each compound of glossary words written as its parts (for content in other languages). */
export const splitGlossaryCompounds = (text: string) =>
  text.replace(/\p{L}{7,}/gu, (w) => glossaryParts(w)?.join(' ') ?? w);
