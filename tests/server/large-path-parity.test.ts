/**
 * A large chatbot (more units than MAX_IN_MEMORY_UNITS) is searched through candidates from its postings
 * index; it must give the answers a small chatbot's full index gives. The same units are searched both
 * ways: the small path, and the large path forced on them. Each question needs what only a whole
 * chatbot's vocabulary offers: a compound holding the question's word, a longer form of it, a typo, an
 * English question on a German page through the glossary, a word whose weight is its rarity in the whole
 * chatbot. Dozens of distractors share the question's everyday words, so candidates chosen by exact
 * words alone would miss the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve } from '../../server/src/services/retrieval.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addUnits } from './publicSeed.ts';

let s: TestServer;
let bot: string;
const large = { maxInMemoryUnits: 1, postings: 'wait' } as const;

/** The units that answer, by a name the assertions use (the page title). */
const ANSWERS = [
  { title: 'Werkstatt', lang: 'de', text: 'Der Winterreifenwechsel kostet 45 € pro Auto, mit Einlagerung 70 €.' },
  { title: 'Haustiere', lang: 'de', text: 'Unser Hundesitter betreut Ihren Vierbeiner für 12 € pro Stunde.' },
  { title: 'Morgens', lang: 'de', text: 'Das Frühstücksbuffet ist von 7 bis 10:30 Uhr geöffnet, am Wochenende bis 11 Uhr.' },
  { title: 'Buchen', lang: 'de', text: 'Eine Reservierung ist telefonisch oder über das Formular möglich, eine Anzahlung von 20 % wird fällig.' },
  { title: 'Anreise', lang: 'de', text: 'Den Flughafentransfer bieten wir für 35 € pro Fahrt an, bitte zwei Tage vorher buchen.' },
  { title: 'Spa', lang: 'en', text: 'The day spa ticket costs 39 euros for visitors who are not staying at the hotel.' },
  { title: 'Verleih', lang: 'de', text: 'Ein Lasten-Pedelec leihen Sie bei uns für 59 € am Wochenende.' },
];

/** Everyday words the questions share with many units: the candidates' exact words would be these. */
const FILLER = ['Zimmer', 'Preis', 'Stunde', 'Fahrt', 'Auto', 'Tag', 'Woche', 'Hotel', 'Gast', 'Nacht', 'Euro', 'Uhr'];
const distractor = (i: number) => ({
  title: `Seite ${i}`,
  lang: i % 5 === 0 ? 'en' : 'de',
  text: i % 5 === 0
    ? `The room ${i} costs ${i} euros per night, the hotel is open every day.`
    : `${FILLER[i % FILLER.length]} und ${FILLER[(i * 7) % FILLER.length]}: kostet ${i} € pro ${FILLER[(i * 5) % FILLER.length]}, geöffnet ab ${i % 12} Uhr, Wechsel am Tag.`,
});

const QUESTIONS = [
  { lang: 'de', question: 'Was kostet ein Reifenwechsel?', answer: 'Werkstatt' }, // compound ending in the word
  { lang: 'en', question: 'How much is a dog sitter per hour?', answer: 'Haustiere' }, // English on a German page (glossary)
  { lang: 'de', question: 'Wann gibt es Frühstück?', answer: 'Morgens' }, // a longer form of the word
  { lang: 'de', question: 'Wie funktioniert die Reservirung?', answer: 'Buchen' }, // a typo
  { lang: 'de', question: 'Was kostet der Transfer vom Flughafen?', answer: 'Anreise' }, // a compound of two question words
  { lang: 'de', question: 'Was kostet das Tagesticket für den Spa?', answer: 'Spa' }, // only the other language has it
  { lang: 'de', question: 'Was kostet ein Lastenpedelec?', answer: 'Verleih' }, // the content writes it with a hyphen
  // A story around the asking sentence: its words weigh less (questionFocus.ts), on both paths alike.
  { lang: 'de', question: 'Wir kommen mit dem Auto und bleiben eine Woche. Was kostet der Hundesitter pro Stunde?', answer: 'Haustiere' },
];

beforeAll(async () => {
  s = await startTestServer();
  const org = (await s.createUser()).user.organization_id;
  bot = await createChatbot(s, org);
  const units = [...ANSWERS, ...Array.from({ length: 240 }, (_, i) => distractor(i + 1))];
  await addUnits(s, org, bot, units);
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe('a large chatbot answers as a small one', () => {
  it.each(QUESTIONS)('$question → $answer', async ({ lang, question, answer }) => {
    const small = await retrieve(s.db, { chatbotId: bot, lang, question, limit: 5 });
    const big = await retrieve(s.db, { chatbotId: bot, lang, question, limit: 5 }, large);
    // The small path finds the answer (else the question pins nothing) …
    expect(small[0]?.heading).toBe(answer);
    // … and the large path ranks the same unit first, with the same score and coverage (the gate's figure).
    expect(big[0]).toMatchObject({ id: small[0].id, heading: answer });
    expect(big[0].score).toBeCloseTo(small[0].score, 9);
    expect(big[0].coverage).toBeCloseTo(small[0].coverage, 9);
  });
});
