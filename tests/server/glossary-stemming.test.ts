/**
 * A glossary word stemmed by another language's stemmer can collide with an unrelated word: German stems
 * the English "offer" to "off", as it stems "offen". The glossary word stands for the question's word only
 * where the chatbot's other configuration agrees (services/retrieval.ts, sameWordElsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve } from '../../server/src/services/retrieval.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addUnits } from './publicSeed.ts';

let s: TestServer;
let bot: string;

const UNITS = [
  { title: 'Winterangebot', lang: 'de', text: 'Unser Angebot im Winter: drei Nächte zum Preis von zwei, mit Halbpension.' },
  { title: 'Rezeption', lang: 'de', text: 'Die Rezeption ist täglich von 7 bis 22 Uhr für Sie da.' },
  { title: 'Welcome', lang: 'en', text: 'Welcome to our family hotel by the lake.' },
  { title: 'Inzahlungnahme', lang: 'de', text: 'Beim Kauf eines neuen Rades nehmen wir Ihr altes Rad in Zahlung.' },
  { title: 'Karriere', lang: 'de', text: 'Bewerbungsschluss für die Ausbildung ist der 31. Januar 2027.' },
];

beforeAll(async () => {
  s = await startTestServer();
  const org = (await s.createUser()).user.organization_id;
  bot = await createChatbot(s, org);
  await addUnits(s, org, bot, UNITS);
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe('glossary words are matched as words, not only as their stems', () => {
  it('"offen" does not find the German "Angebot" through the English "offer" (both "off" to the German stemmer)', async () => {
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'de', question: 'Habt ihr sonntags offen?', limit: 5 });
    expect(hits.map((h) => h.heading)).not.toContain('Winterangebot');
  });

  it('the English "offer" still finds the German "Angebot"', async () => {
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'Do you have a winter offer?', limit: 5 });
    const offer = hits.find((h) => h.heading === 'Winterangebot');
    expect(offer?.terms.filter((t) => t.matched).map((t) => t.via)).toContain('angebot');
  });
});

describe('an English plural the German stemmer keeps whole', () => {
  it('"apprenticeships" finds the German "Ausbildung" as "apprenticeship" does', async () => {
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'when is the deadline for apprenticeships?', limit: 5 });
    const career = hits.find((h) => h.heading === 'Karriere');
    expect(career?.terms.filter((t) => t.matched).map((t) => t.via)).toContain('ausbild');
  });
});

describe('a glossary phrase that keeps one word after its stop words', () => {
  it('names its concept where the question spells it whole ("trade in"), not where it has the word alone ("trade")', async () => {
    const viaOf = async (question: string) => {
      const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question, limit: 5 });
      return hits.find((h) => h.heading === 'Inzahlungnahme')?.terms.find((t) => t.matched && t.via?.startsWith('inzahlungnahm'));
    };
    expect(await viaOf("I'd like to trade  in my old bike")).toBeDefined();
    expect(await viaOf('Do you trade used bikes?')).toBeUndefined();
  });
});
