import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addContact, addPage, addQna, openChat } from './publicSeed.ts';
import { refreshChats } from '../../server/src/runtime/chatWords.ts';

let s: TestServer;
let bot: string;
let pageId: string;

beforeAll(async () => {
  s = await startTestServer();
  const { user } = await s.createUser();
  bot = await createChatbot(s, user.organization_id, { url: 'https://baeckerei.example' });
  pageId = await addPage(s, bot, {
    url: 'https://baeckerei.example/oeffnungszeiten',
    title: 'Öffnungszeiten',
    text:
      'Unsere Bäckerei liegt in der Hauptstraße 5. Wir haben montags bis freitags von 6 bis 18 Uhr geöffnet. ' +
      'Am Samstag öffnen wir von 7 bis 12 Uhr. Sonntags ist die Filiale geschlossen.',
  });
  await addPage(s, bot, {
    url: 'https://baeckerei.example/torten',
    title: 'Torten bestellen',
    text: 'Hochzeitstorten bestellen Sie mindestens zwei Wochen im Voraus. Eine dreistöckige Hochzeitstorte kostet ab 180 Euro.',
  });
  await addQna(s, bot, { question: 'Haben Sie glutenfreies Brot?', answer: 'Ja, jeden Donnerstag backen wir glutenfreies Brot.' });
  await addQna(s, bot, { question: 'Liefern Sie nach Hause?', answer: 'Ja, wir liefern kostenlos.', active: false });
  await addContact(s, bot, { name: 'Anna Schmidt', email: 'anna@baeckerei.example', phone: '+49 30 1234567', department: 'Verkauf', isDefault: true });
  await addContact(s, bot, { name: 'Jonas Weber', email: 'jobs@baeckerei.example', phone: '+49 30 7654321', department: 'Personal', overridesDefault: true });
});
afterAll(() => s?.close());

async function messageRow(id: string) {
  return (await s.db.query<any>('select * from messages where id = $1', [id])).rows[0];
}

describe('answer engine through the public API', () => {
  it('answers from an active question-answer pair', async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Haben Sie glutenfreies Brot?');
    expect(r.status).toBe(200);
    expect(r.json.answeredBy).toBe('qna');
    expect(r.json.answer).toBe('Ja, jeden Donnerstag backen wir glutenfreies Brot.');
    expect(r.json.sources[0]).toMatchObject({ type: 'qna', title: 'Haben Sie glutenfreies Brot?' });
    const row = await messageRow(r.json.id);
    expect(row.answered_by).toBe('qna');
    expect(row.question).toBe('Haben Sie glutenfreies Brot?');
    expect(row.score).toBeGreaterThan(0.45);
  });

  it('never answers from an inactive pair', async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Liefern Sie nach Hause?');
    expect(r.json.answeredBy).not.toBe('qna');
    expect(r.json.answer).not.toContain('kostenlos');
  });

  it('answers from trained pages with the most relevant sentence and its source link', async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Wann haben Sie am Samstag geöffnet?');
    expect(r.json.answeredBy).toBe('retrieval');
    expect(r.json.answer).toContain('Am Samstag öffnen wir von 7 bis 12 Uhr.');
    expect(r.json.answer).not.toContain('Hochzeitstorte');
    expect(r.json.sources).toEqual([
      expect.objectContaining({ type: 'webpage', id: pageId, url: 'https://baeckerei.example/oeffnungszeiten', title: 'Öffnungszeiten' }),
    ]);
    const row = await messageRow(r.json.id);
    expect(row.sources[0].url).toBe('https://baeckerei.example/oeffnungszeiten');
    expect(row.score).toBeGreaterThan(0);
    expect(row.answered_by).toBe('retrieval');
  });

  it("says it does not know and offers the default contact when nothing relevant is trained", async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Wie weit ist der Mond von der Erde entfernt?');
    expect(r.json.answeredBy).toBe('fallback');
    expect(r.json.answer).toContain('keine Antwort gefunden');
    expect(r.json.contact).toMatchObject({ name: 'Anna Schmidt', email: 'anna@baeckerei.example' });
    expect(r.json.sources).toEqual([]);
    expect(r.json.category).toBe('general');
  });

  it('does not answer with a sentence that shares only one word with a longer question', async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Was kostet ein Flug nach Mallorca im Sommer?');
    expect(r.json.answeredBy).toBe('fallback');
  });

  it('hands HR questions to the HR contact and files the chat under hr', async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ich möchte mich für eine Ausbildung als Bäcker bewerben, an wen schicke ich die Bewerbung?');
    expect(r.json.contact).toMatchObject({ name: 'Jonas Weber', department: 'Personal' });
    expect(r.json.category).toBe('hr');
    const c = await s.db.query<any>('select category from chats where id = $1', [chat.chatId]);
    expect(c.rows[0].category).toBe('hr');
  });

  it('files a request for a person under contact', async () => {
    const chat = await openChat(s, bot);
    const r = await chat.ask('Kann ich bitte mit einem Mitarbeiter sprechen?');
    expect(r.json.contact).toMatchObject({ name: 'Anna Schmidt' });
    expect(r.json.category).toBe('contact');
  });

  it('answers in English for an English chat', async () => {
    await s.db.query("insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'en', false)", [bot]);
    const chat = await openChat(s, bot, { lang: 'en' });
    expect(chat.lang).toBe('en');
    const r = await chat.ask('What is the distance to the moon?');
    expect(r.json.answer).toContain("couldn't find an answer");
  });

  it('records every message and keeps the chat counters', async () => {
    const chat = await openChat(s, bot);
    await chat.ask('Haben Sie glutenfreies Brot?');
    await chat.ask('Wann haben Sie am Samstag geöffnet?');
    const c = (await s.db.query<any>('select * from chats where id = $1', [chat.chatId])).rows[0];
    expect(c.message_count).toBe(2);
    expect(c.read).toBe(false);
    expect(c.favorite).toBe(false);
    expect(c.source).toBe('widget');
    const m = await s.db.query<any>('select question, answered_by from messages where chat_id = $1 order by created_at', [chat.chatId]);
    expect(m.rows.map((x: any) => x.answered_by)).toEqual(['qna', 'retrieval']);
    // The history's text search finds the chat by a word of its messages, once the chat is refreshed (as the history's reads do).
    await refreshChats(s.db, null);
    const found = await s.db.query<any>(`select count(*)::int as n from chats where id = $1 and search @@ websearch_to_tsquery('simple', 'Samstag')`, [chat.chatId]);
    expect(found.rows[0].n).toBe(1);
  });
});
