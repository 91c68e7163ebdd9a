// The per-chatbot answer cache (runtime/answerCache.ts): a repeated question is answered from it, and a change
// of the chatbot's content (its index version) or of its contact person is seen by the next answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addContact, addPage, addQna, openChat } from './publicSeed.ts';
import { ANSWER_CACHE_ENTRIES, answerCache } from '../../server/src/runtime/answerCache.ts';

let s: TestServer;
let org: string;

beforeAll(async () => {
  s = await startTestServer();
  org = (await s.createUser()).user.organization_id;
});
afterAll(() => s?.close());

/** A chatbot whose index is loaded (its first answer loads it: only answers after that are kept). */
async function warmBot() {
  const bot = await createChatbot(s, org, { url: 'https://hotel.example' });
  await addPage(s, bot, { url: 'https://hotel.example/parken', title: 'Parken', text: 'Das Parken in der Tiefgarage kostet 12 Euro pro Nacht.' });
  const chat = await openChat(s, bot);
  expect((await chat.ask('Was kostet das Parken?')).status).toBe(200);
  return { bot, chat };
}

describe('answer cache', () => {
  it(`keeps at most ${ANSWER_CACHE_ENTRIES} answers, the ones read least recently leaving first`, () => {
    answerCache.clear();
    for (let i = 0; i < ANSWER_CACHE_ENTRIES; i++) answerCache.set(`k${i}`, { answer: i });
    expect(answerCache.get('k0')).toEqual({ answer: 0 }); // read: now the most recent
    answerCache.set('new', { answer: 'new' });
    expect(answerCache.size).toBe(ANSWER_CACHE_ENTRIES);
    expect(answerCache.get('k1')).toBeUndefined();
    expect(answerCache.get('k0')).toEqual({ answer: 0 });
    expect(answerCache.get('new')).toEqual({ answer: 'new' });
    answerCache.clear();
  });

  it('answers a repeated question from the cache with the same answer', async () => {
    const { chat } = await warmBot();
    const before = answerCache.size;
    const first = await chat.ask('Wie teuer ist die Tiefgarage?');
    const kept = answerCache.size;
    expect(kept).toBe(before + 1);
    const again = await chat.ask('Wie teuer ist die Tiefgarage?');
    expect(answerCache.size).toBe(kept); // nothing new: the second answer came from the cache
    expect(again.json).toMatchObject({ answer: first.json.answer, sources: first.json.sources, score: first.json.score, answeredBy: first.json.answeredBy });
    expect(again.json.answer).toContain('12 Euro');
  });

  it('forgets what a training change makes wrong: new passages and new question-answer pairs', async () => {
    const { bot, chat } = await warmBot();
    expect((await chat.ask('Gibt es eine Sauna?')).json.answeredBy).toBe('fallback');
    expect((await chat.ask('Gibt es eine Sauna?')).json.answeredBy).toBe('fallback');
    await addPage(s, bot, { url: 'https://hotel.example/sauna', title: 'Sauna', text: 'Unsere Sauna ist täglich von 16 bis 22 Uhr geöffnet.' });
    const trained = await chat.ask('Gibt es eine Sauna?');
    expect(trained.json.answer).toContain('16 bis 22 Uhr');
    await chat.ask('Gibt es eine Sauna?');
    await addQna(s, bot, { question: 'Gibt es eine Sauna?', answer: 'Ja, im fünften Stock.' });
    const pair = await chat.ask('Gibt es eine Sauna?');
    expect(pair.json).toMatchObject({ answeredBy: 'qna', answer: 'Ja, im fünften Stock.' });
  });

  it('names the current contact person in a kept answer', async () => {
    const { bot, chat } = await warmBot();
    await addContact(s, bot, { name: 'Anna Alt', email: 'anna@hotel.example', phone: '+49 30 1234567', department: 'Rezeption', isDefault: true });
    expect((await chat.ask('Gibt es einen Hubschrauberlandeplatz?')).json.contact?.name).toBe('Anna Alt');
    expect((await chat.ask('Gibt es einen Hubschrauberlandeplatz?')).json.contact?.name).toBe('Anna Alt');
    await s.db.query("update contacts set name = 'Bert Neu' where chatbot_id = $1", [bot]);
    const later = await chat.ask('Gibt es einen Hubschrauberlandeplatz?');
    expect(later.json.contact?.name).toBe('Bert Neu');
    expect(later.json.answer).toContain('Bert Neu');
  });
});
