/**
 * The chat history in bulk (issue 13 item 6): keyset pages (`after` = the X-Next-Cursor of the page before)
 * list every chat exactly once while new chats arrive, under filters and every sort; the CSV export of
 * thousands of chats is complete and keeps formula-like cells harmless in every batch it streams.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_CHATS } from '../../server/src/history/csvExport.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
let orgId: string;
let bot: string;

const CHATS = 300;

const q = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
const list = (params: Record<string, unknown>, filter: Record<string, unknown> = {}) =>
  s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: bot, ...filter }, ...params })}`, { token });

/** Chats of `chatbotId`: three share each start time (ties the id must break), timestamps with microseconds. */
async function seedChats(chatbotId: string, n: number, firstVisitor = 0) {
  await s.db.query(
    `insert into chats (chatbot_id, organization_id, visitor_id, lang, category, read, favorite, created_at, last_message_at, message_count)
     select $1, $2, 'v' || ($4::int + i), 'de', (array['general','contact','hr'])[1 + i % 3], i % 4 = 0, i % 7 = 0,
            timestamptz '2026-03-01 12:00:00.123456+00' - (i / 3) * interval '1 minute 0.000001 seconds',
            timestamptz '2026-03-02 12:00:00.654321+00' - (i % 50) * interval '1 minute', 0
       from generate_series(1, $3::int) i`,
    [chatbotId, orgId, n, firstVisitor],
  );
}

/**
 * Walks the list page by page with the cursor. Newest first, a new chat arrives between pages: it sorts
 * before the cursor, so the walk must not see it (by OFFSET, it would push a chat seen already onto the next page).
 */
async function walk(params: { sort?: [string, string]; perPage: number }, filter: Record<string, unknown> = {}) {
  const arrive = !params.sort || (params.sort[0] !== 'id' && params.sort[1] === 'DESC');
  const seen: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const range = [page * params.perPage, page * params.perPage + params.perPage - 1];
    const r = await list({ range, ...(params.sort ? { sort: params.sort } : {}), ...(after ? { after } : {}) }, filter);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    seen.push(...r.json.map((c: { id: string }) => c.id));
    const next = r.headers.get('x-next-cursor');
    if (r.json.length === params.perPage) expect(next).toBeTruthy();
    else expect(next).toBeNull();
    if (!next) return seen;
    after = next;
    if (arrive)
      await s.db.query(
      `insert into chats (chatbot_id, organization_id, visitor_id, lang, category, created_at, last_message_at)
       values ($1, $2, 'arrived', 'de', 'contact', now(), now())`,
        [bot, orgId],
      );
  }
  throw new Error('the cursor never reached the end');
}

/** The chats a walk must list, read before it starts (chats that arrived in earlier walks included). */
const idsWhere = async (sql: string, order: string) =>
  (await s.db.query<{ id: string }>(`select id from chats c where chatbot_id = $1 ${sql} order by ${order}`, [bot])).rows.map((r) => r.id);

beforeAll(async () => {
  s = await startTestServer();
  const a = await s.createUser();
  token = a.token;
  orgId = a.user.organization_id;
  bot = await createChatbot(s, orgId, { url: 'https://shop.example' });
  await seedChats(bot, CHATS);
}, 60_000);
afterAll(() => s?.close());

describe('keyset pages of the chat list', () => {
  it('lists every chat exactly once, newest first, while new chats arrive', async () => {
    const expected = await idsWhere('', 'created_at desc, id desc');
    const seen = await walk({ perPage: 25 });
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(CHATS);
    expect((await idsWhere('', 'id')).length).toBeGreaterThan(CHATS); // chats did arrive
  });

  it('does so in every sort: oldest first, by last message, by id', async () => {
    let expected = await idsWhere('', 'created_at, id');
    expect(await walk({ perPage: 40, sort: ['createdAt', 'ASC'] })).toEqual(expected);
    // Many chats share a last-message time: the id decides between them.
    expected = await idsWhere('', 'last_message_at desc, id desc');
    expect(await walk({ perPage: 40, sort: ['lastMessageAt', 'DESC'] })).toEqual(expected);
    expected = await idsWhere('', 'id');
    expect(await walk({ perPage: 40, sort: ['id', 'ASC'] })).toEqual(expected);
  });

  it('keeps filtering: category, read state, favorites, dates', async () => {
    let expected = await idsWhere(`and category = 'contact' and not read`, 'created_at desc, id desc');
    expect(expected.length).toBeGreaterThan(10);
    expect(await walk({ perPage: 10 }, { category: 'contact', read: false })).toEqual(expected);
    expected = await idsWhere('and favorite', 'created_at desc, id desc');
    expect(await walk({ perPage: 7 }, { favorite: true })).toEqual(expected);
    expected = await idsWhere(`and created_at >= '2026-03-01T10:00:00Z' and created_at < '2026-03-01T11:00:00Z'`, 'created_at desc, id desc');
    expect(expected.length).toBeGreaterThan(25);
    expect(await walk({ perPage: 25 }, { from: '2026-03-01T10:00:00Z', to: '2026-03-01T11:00:00Z' })).toEqual(expected);
  });

  it('finds words on every page, in the newest chats and beyond them', async () => {
    // More chats than the list searches first (2,000): a common word fills pages from the newest chats,
    // a rare one is only in chats older than those.
    const words = await createChatbot(s, orgId);
    await s.db.query(
      `insert into chats (chatbot_id, organization_id, visitor_id, lang, created_at, search)
       select $1, $2, 'v' || i, 'de', now() - i * interval '1 minute',
              to_tsvector('simple', case when i % 5 = 0 then 'Versand nach Österreich' else 'Rückgabe' end || case when i > 2300 and i % 4 = 0 then ' Ausbildung' else '' end)
         from generate_series(1, 2500) i`,
      [words, orgId],
    );
    const walkWords = async (text: string, perPage: number) => {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const r = await s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: words, q: text }, range: [seen.length, seen.length + perPage - 1], ...(after ? { after } : {}) })}`, { token });
        expect(r.status).toBe(200);
        seen.push(...r.json.map((c: { id: string }) => c.id));
        after = r.headers.get('x-next-cursor');
      } while (after);
      return seen;
    };
    const expected = async (word: string) =>
      (await s.db.query<{ id: string }>(`select id from chats where chatbot_id = $1 and search @@ to_tsquery('simple', $2) order by created_at desc, id desc`, [words, word])).rows.map((r) => r.id);
    const common = await expected('versand:* & österreich:*');
    expect(common).toHaveLength(500);
    expect(await walkWords('versand Österreich', 50)).toEqual(common);
    const rare = await expected('ausbildung:*');
    expect(rare).toHaveLength(50);
    expect(await walkWords('ausbildung', 20)).toEqual(rare);
    // By OFFSET too: a page deep in the common word's matches.
    const deep = await s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: words, q: 'versand' }, range: [450, 474] })}`, { token });
    expect(deep.json.map((c: { id: string }) => c.id)).toEqual(common.slice(450, 475));
    expect(deep.headers.get('content-range')).toBe('chats 450-474/500');
  });

  it('numbers Content-Range by the range it was given; the first page counts the filtered total', async () => {
    const first = await list({ range: [0, 24] }, { category: 'hr' });
    const total = (await idsWhere(`and category = 'hr'`, 'id')).length;
    expect(first.headers.get('content-range')).toBe(`chats 0-24/${total}`);
    const second = await list({ range: [25, 49], after: first.headers.get('x-next-cursor') }, { category: 'hr' });
    // Paging by cursor, the total is not counted again.
    expect(second.headers.get('content-range')).toBe('chats 25-49/*');
    // The same page by OFFSET: the simple-rest dialect without a cursor still works.
    expect((await list({ range: [25, 49] }, { category: 'hr' })).json).toEqual(second.json);
  });

  it('refuses a cursor that is not one, or one of another sort', async () => {
    const first = await list({ range: [0, 4] });
    const cursor = first.headers.get('x-next-cursor')!;
    for (const after of ['nonsense', 'createdAt~2026-03-01T12:00:00Z~x', `id~2026-03-01T12:00:00.000000Z~${first.json[0].id}`, "createdAt~'; drop table chats;--~1"]) {
      const r = await list({ after });
      expect(r.status, after).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    const other = await list({ after: cursor, sort: ['lastMessageAt', 'DESC'] });
    expect(other.status).toBe(400);
    expect(other.json.error).toBe('ValidationFailed');
  });
});

describe('CSV export in bulk', () => {
  it('exports every chat of several batches once, formula-like cells escaped in each batch', async () => {
    const big = await createChatbot(s, orgId);
    const n = BATCH_CHATS * 2 + 500;
    await s.db.query(
      `insert into chats (chatbot_id, organization_id, visitor_id, lang, created_at, message_count)
       select $1, $2, 'v' || i, 'de', now() - i * interval '1 minute', 1 from generate_series(1, $3::int) i`,
      [big, orgId, n],
    );
    // A visitor's question that a spreadsheet would run, in every batch, and a cell with the separator and quotes.
    await s.db.query(
      `insert into messages (chat_id, chatbot_id, organization_id, question, answer, created_at)
       select c.id, c.chatbot_id, c.organization_id,
              case when substr(c.visitor_id, 2)::int % 1000 = 0 then '=HYPERLINK("http://evil.example";"x")' else 'Größe; "Maße" ' || c.visitor_id end,
              '+1 ' || c.visitor_id, c.created_at
         from chats c where c.chatbot_id = $1`,
      [big],
    );
    const r = await s.api('GET', `/api/v1/chats/export?${q({ filter: { chatbotId: big }, amount: n, locale: 'de', tz: 'UTC' })}`, { token });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-export-chats')).toBe(String(n));
    const rows = Papa.parse<string[]>(r.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true, delimiter: ';' }).data.slice(1);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((x) => x[0])).size).toBe(n);
    const formulas = rows.filter((x) => x[3].includes('HYPERLINK'));
    expect(formulas).toHaveLength(Math.floor(n / 1000));
    for (const x of formulas) expect(x[3]).toBe('\'=HYPERLINK("http://evil.example";"x")');
    for (const x of rows) expect(x[4].startsWith("'+1 ")).toBe(true);
    expect(rows.find((x) => x[3].startsWith('Größe'))![3]).toMatch(/^Größe; "Maße" v\d+$/);
  }, 120_000);
});
