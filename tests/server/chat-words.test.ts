// A chat's last message time and search words are written after its messages (runtime/chatWords.ts): a
// recording only notes its chat; the history's reads and a refresh a few seconds later write them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { openChat } from './publicSeed.ts';
import { conversationsRepo, type ChatRow } from '../../server/src/runtime/conversations.ts';
import { refreshChats, startChatRefresh } from '../../server/src/runtime/chatWords.ts';
import type { Answer } from '../../server/src/runtime/answer.ts';

let s: TestServer;
const tenants: { token: string; org: string; bot: string }[] = [];

beforeAll(async () => {
  // The process's own refresh waits long here, so that what a test sees before a read is the recording's alone.
  s = await startTestServer({ CHAT_REFRESH_MS: '600000' });
  for (let i = 0; i < 2; i++) {
    const u = await s.createUser();
    tenants.push({ token: u.token, org: u.user.organization_id, bot: await createChatbot(s, u.user.organization_id) });
  }
});
afterAll(() => s?.close());

const answer = (text: string): Answer => ({ answer: text, sources: [], score: 0.5, answeredBy: 'retrieval', contact: null, personRequested: false, hr: false });
const chatRow = async (bot: string, id: string) => (await conversationsRepo.byId(s.db, bot, id)) as ChatRow;
const noted = async (chatIds: string[]) =>
  (await s.db.query<{ chat_id: string }>('select chat_id from chat_words_pending where chat_id = any($1::uuid[])', [chatIds])).rows.map((r) => r.chat_id);
const stored = async (chatId: string) =>
  (await s.db.query<{ last: string; words: string }>("select last_message_at::text as last, search::text as words from chats where id = $1", [chatId])).rows[0];
const search = (t: (typeof tenants)[number], word: string) =>
  s.api('GET', `/api/v1/chats?filter=${encodeURIComponent(JSON.stringify({ chatbotId: t.bot, q: word }))}`, { token: t.token });

describe("a chat's last message time and search words", () => {
  it('are noted by the recording and written before the history reads them, for the reading organization only', async () => {
    const [a, b] = tenants;
    const chatA = await openChat(s, a.bot);
    const chatB = await openChat(s, b.bot);
    const before = await stored(chatA.chatId);
    const m = await conversationsRepo.record(s.db, await chatRow(a.bot, chatA.chatId), 'Frage zum Zauberwürfel', answer('Antwort'));
    await conversationsRepo.record(s.db, await chatRow(b.bot, chatB.chatId), 'Frage zum Zauberwürfel', answer('Antwort'));
    expect((await noted([chatA.chatId, chatB.chatId])).sort()).toEqual([chatA.chatId, chatB.chatId].sort());
    expect(await stored(chatA.chatId)).toEqual(before);

    const r = await search(a, 'zauberwürfel');
    expect(r.status).toBe(200);
    expect(r.json.map((c: { id: string }) => c.id)).toEqual([chatA.chatId]);
    expect(new Date(r.json[0].lastMessageAt).getTime()).toBe(new Date(m.message.created_at).getTime());
    // B's note is B's to take.
    expect(await noted([chatA.chatId, chatB.chatId])).toEqual([chatB.chatId]);
    expect((await search(b, 'zauberwürfel')).json.map((c: { id: string }) => c.id)).toEqual([chatB.chatId]);
    expect(await noted([chatB.chatId])).toEqual([]);
  });

  it('are written by the process a while after a recording, without a read', async () => {
    const [a] = tenants;
    const chat = await openChat(s, a.bot);
    const warnings: string[] = [];
    const refresher = startChatRefresh(s.db, { warn: (_o, msg) => warnings.push(msg) }, 50);
    try {
      await conversationsRepo.record(s.db, await chatRow(a.bot, chat.chatId), 'Gibt es Schnabeltassen?', answer('Ja'));
      await vi.waitFor(async () => expect(await noted([chat.chatId])).toEqual([]), { timeout: 10_000, interval: 50 });
    } finally {
      await refresher.stop();
    }
    expect((await stored(chat.chatId)).words).toContain("'schnabeltassen'");
    expect(warnings).toEqual([]);
  });

  it('lose no message when refreshes run while many chats are recorded', async () => {
    const [a] = tenants;
    const chats = await Promise.all(Array.from({ length: 8 }, () => openChat(s, a.bot)));
    let recording = true;
    const refreshing = (async () => {
      while (recording) await refreshChats(s.db, a.org);
    })();
    for (let round = 0; round < 5; round++)
      await Promise.all(chats.map(async (c, i) => conversationsRepo.record(s.db, await chatRow(a.bot, c.chatId), `wort${i}x${round}`, answer('ok'))));
    recording = false;
    await refreshing;
    await refreshChats(s.db, a.org);
    for (const [i, c] of chats.entries()) {
      const words = (await stored(c.chatId)).words;
      for (let round = 0; round < 5; round++) expect(words).toContain(`'wort${i}x${round}'`);
      expect((await chatRow(a.bot, c.chatId)).message_count).toBe(5);
    }
    expect(await noted(chats.map((c) => c.chatId))).toEqual([]);
  });

  it("go with a deleted chat's note", async () => {
    const [a] = tenants;
    const chat = await openChat(s, a.bot);
    expect((await chat.ask('Noch eine Frage')).status).toBe(200);
    expect(await noted([chat.chatId])).toEqual([chat.chatId]);
    await s.db.query('delete from chats where id = $1', [chat.chatId]);
    expect(await noted([chat.chatId])).toEqual([]);
  });
});
