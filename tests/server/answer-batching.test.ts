// Concurrent answers' statements run together (runtime/sameTurn.ts): the recordings of one turn are one
// statement, a chat's messages keep their order, and one visitor's failed write fails that visitor only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { openChat } from './publicSeed.ts';
import { conversationsRepo, type ChatRow } from '../../server/src/runtime/conversations.ts';
import { SEARCH_WORDS_MESSAGES, conversationsRepo as chatsSql } from '../../server/src/repositories/conversations.ts';
import type { Answer } from '../../server/src/runtime/answer.ts';
import { sameTurn } from '../../server/src/runtime/sameTurn.ts';
import { refreshChats } from '../../server/src/runtime/chatWords.ts';

let s: TestServer;
let bot: string;

beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  bot = await createChatbot(s, u.user.organization_id);
});
afterAll(() => s?.close());

const answer = (text: string): Answer => ({
  answer: text,
  sources: [{ type: 'webpage', id: '00000000-0000-4000-8000-000000000001', url: 'https://shop.example/a', score: 0.5 }],
  score: 0.5,
  answeredBy: 'retrieval',
  contact: null,
  personRequested: false,
  hr: false,
});

const chatRow = async (id: string) => (await conversationsRepo.byId(s.db, bot, id)) as ChatRow;

describe('recording concurrent answers', () => {
  it('records the messages of many chats in one go, each with its own chat counters and search words', async () => {
    const chats = await Promise.all(Array.from({ length: 6 }, () => openChat(s, bot)));
    const rows = await Promise.all(chats.map((c) => chatRow(c.chatId)));
    const recorded = await Promise.all(rows.map((c, i) => conversationsRepo.record(s.db, c, `Frage nummer${i}`, answer(`Antwort ${i}`))));
    expect(new Set(recorded.map((r) => r.message.id)).size).toBe(6);
    recorded.forEach((r, i) => expect(r.chat).toMatchObject({ id: rows[i].id, message_count: 1, category: 'general' }));
    const stored = await s.db.query<{ chat_id: string; question: string; answer: string; sources: unknown; score: number; answered_by: string }>(
      'select chat_id, question, answer, sources, score, answered_by from messages where chat_id = any($1::uuid[])',
      [rows.map((r) => r.id)],
    );
    for (const [i, r] of rows.entries()) {
      const m = stored.rows.find((x) => x.chat_id === r.id)!;
      expect(m).toMatchObject({ question: `Frage nummer${i}`, answer: `Antwort ${i}`, score: 0.5, answered_by: 'retrieval', sources: answer('').sources });
    }
    await refreshChats(s.db, rows[3].organization_id);
    const found = await s.db.query<{ id: string }>("select id from chats where id = $1 and search @@ to_tsquery('simple', 'nummer3')", [rows[3].id]);
    expect(found.rows).toHaveLength(1);
  });

  it("adds the words of a chat's first SEARCH_WORDS_MESSAGES messages to its search words, and then no more", async () => {
    const { chatId } = await openChat(s, bot);
    for (let i = 1; i <= SEARCH_WORDS_MESSAGES + 2; i++) await conversationsRepo.record(s.db, await chatRow(chatId), `Frage wort${i}`, answer(`Antwort ${i}`));
    await refreshChats(s.db, null);
    const has = async (word: string) =>
      (await s.db.query('select 1 from chats where id = $1 and search @@ to_tsquery(\'simple\', $2)', [chatId, word])).rows.length === 1;
    expect(await has('wort1')).toBe(true);
    expect(await has(`wort${SEARCH_WORDS_MESSAGES}`)).toBe(true);
    expect(await has(`wort${SEARCH_WORDS_MESSAGES + 1}`)).toBe(false);
    // The chat itself goes on: every message is recorded and counted.
    expect((await chatRow(chatId)).message_count).toBe(SEARCH_WORDS_MESSAGES + 2);
  });

  it('records them with one statement (not through its fallback, one by one)', async () => {
    const rows = await Promise.all(Array.from({ length: 3 }, async () => chatRow((await openChat(s, bot)).chatId)));
    const recorded = await chatsSql.recordMessages(s.db, rows.map((chat, i) => ({ chat, question: `q${i}`, answer: answer(`a${i}`) })));
    recorded.forEach((r, i) => expect(r?.chat).toMatchObject({ id: rows[i].id, message_count: 1 }));
  });

  it("keeps a chat's order when it has two messages in the same turn", async () => {
    const chat = await chatRow((await openChat(s, bot)).chatId);
    const [a, b] = await Promise.all([
      conversationsRepo.record(s.db, chat, 'erste', answer('eins')),
      conversationsRepo.record(s.db, chat, 'zweite', answer('zwei')),
    ]);
    expect(a.chat.message_count).toBe(1);
    expect(b.chat.message_count).toBe(2);
    const order = await s.db.query<{ question: string }>('select question from messages where chat_id = $1 order by created_at, id', [chat.id]);
    expect(order.rows.map((r) => r.question)).toEqual(['erste', 'zweite']);
  });

  it("fails only the visitor whose write fails, and records the others'", async () => {
    const chats = await Promise.all(Array.from({ length: 3 }, async () => chatRow((await openChat(s, bot)).chatId)));
    // A chat deleted after its visitor's message was let in: its recording breaks the messages' foreign key.
    const gone = chats[1];
    await s.db.query('delete from chats where id = $1', [gone.id]);
    const results = await Promise.allSettled(chats.map((c, i) => conversationsRepo.record(s.db, c, `Frage ${i}`, answer('ok'))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const n = await s.db.query<{ chat_id: string }>('select chat_id from messages where chat_id = any($1::uuid[])', [chats.map((c) => c.id)]);
    expect(n.rows.map((r) => r.chat_id).sort()).toEqual([chats[0].id, chats[2].id].sort());
  });
});

describe('sameTurn', () => {
  it('hands the calls of one turn to one batch and the results back in order', async () => {
    const batches: number[][] = [];
    const double = sameTurn(
      async (xs: number[]) => (batches.push(xs), xs.map((x) => x * 2)),
      async (x: number) => (batches.push([x]), x * 2),
    );
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(await double(5)).toBe(10);
    expect(batches).toEqual([[1, 2, 3], [5]]);
  });
});
