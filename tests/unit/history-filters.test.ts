// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatFilterSchema, chatWhere, fullWhere, prefixTsQuery } from '../../server/src/history/filters.ts';

describe('history text search', () => {
  it('turns words into a prefix query of letters and digits only', () => {
    expect(prefixTsQuery('Versand Österreich')).toBe("'versand':* & 'österreich':*");
    expect(prefixTsQuery("  it's  ")).toBe("'it':* & 's':*");
    expect(prefixTsQuery("'); drop table chats; --")).toBe("'drop':* & 'table':* & 'chats':*");
    expect(prefixTsQuery('&|!:*()')).toBeNull();
    expect(prefixTsQuery('a b c d e f g h i j k l m n')?.split('&')).toHaveLength(12);
  });
});

/**
 * The clause is judged by the chats it finds, on an in-memory PostgreSQL with the columns it reads
 * (the full schema, with chats.search kept up to date by triggers, is covered by tests/server/history.test.ts).
 */
describe('history filters', () => {
  const ORG = '11111111-1111-4111-8111-111111111111';
  const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
  const BOT = '33333333-3333-4333-8333-333333333333';
  const OTHER_BOT = '44444444-4444-4444-8444-444444444444';
  let db: PGlite;
  const CHATS = [
    { id: 'a', org: ORG, bot: BOT, lang: 'de', category: 'general', read: false, favorite: true, day: '2026-03-02', words: 'Versand nach Österreich' },
    { id: 'b', org: ORG, bot: BOT, lang: 'de', category: 'hr', read: false, favorite: true, day: '2026-03-03', words: 'Bewerbung als Bäcker' },
    { id: 'c', org: ORG, bot: BOT, lang: 'de', category: 'hr', read: true, favorite: false, day: '2026-02-27', words: "Bewerbung, x'y" },
    { id: 'd', org: ORG, bot: BOT, lang: 'en', category: 'contact', read: false, favorite: false, day: '2026-03-04', words: 'shipping to Austria' },
    { id: 'e', org: ORG, bot: OTHER_BOT, lang: 'de', category: 'hr', read: false, favorite: true, day: '2026-03-03', words: 'Versand Bewerbung' },
    { id: 'f', org: OTHER_ORG, bot: BOT, lang: 'de', category: 'hr', read: false, favorite: true, day: '2026-03-03', words: 'Versand Bewerbung' },
  ];
  const uuidOf = (id: string) => `00000000-0000-4000-8000-00000000000${id.charCodeAt(0) - 96}`;
  const idOf = new Map(CHATS.map((c) => [uuidOf(c.id), c.id]));

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table chats (id uuid primary key, organization_id uuid not null, chatbot_id uuid not null, lang text not null,
      category text not null, read boolean not null, favorite boolean not null, created_at timestamptz not null, search tsvector not null)`);
    for (const c of CHATS)
      await db.query(`insert into chats values ($1, $2, $3, $4, $5, $6, $7, $8::date + time '12:00', to_tsvector('simple', $9))`, [
        uuidOf(c.id), c.org, c.bot, c.lang, c.category, c.read, c.favorite, c.day, c.words,
      ]);
    // Visitors' ratings of answers: a thumbs-down in a, a thumbs-up in d, thumbs-downs in e (another chatbot) and
    // f (another tenant's chat on the same chatbot id), an unrated answer in b.
    await db.exec('create table messages (chat_id uuid not null, chatbot_id uuid not null, feedback_rating text)');
    for (const [chat, rating] of [['a', 'down'], ['a', null], ['b', null], ['d', 'up'], ['e', 'down'], ['f', 'down']] as const)
      await db.query('insert into messages values ($1, $2, $3)', [uuidOf(chat), CHATS.find((c) => c.id === chat)!.bot, rating]);
  }, 60_000);
  afterAll(() => db?.close());

  /** The chats a filter finds for ORG, as the list and the export query them. */
  async function found(filter: Record<string, unknown>, org = ORG) {
    const w = chatWhere(chatFilterSchema.parse({ chatbotId: BOT, ...filter }), org);
    const r = await db.query<{ id: string }>(`select c.id from ${w.from} where ${fullWhere(w)} order by c.id`, w.params);
    return r.rows.map((row) => idOf.get(row.id));
  }

  it("finds only the tenant's chats of the chatbot, with and without a text search", async () => {
    expect(await found({})).toEqual(['a', 'b', 'c', 'd']);
    expect(await found({ q: 'Versand' })).toEqual(['a']);
    expect(await found({ q: 'Bewerbung' })).toEqual(['b', 'c']);
    expect(await found({ q: 'Versand' }, OTHER_ORG)).toEqual(['f']); // the other tenant's chat on the same chatbot id
  });

  it('applies every filter, alone and combined with a text search', async () => {
    expect(await found({ category: 'hr' })).toEqual(['b', 'c']);
    expect(await found({ read: false })).toEqual(['a', 'b', 'd']);
    expect(await found({ favorite: true })).toEqual(['a', 'b']);
    expect(await found({ favorite: false })).toEqual(['c', 'd']);
    expect(await found({ lang: 'en' })).toEqual(['d']);
    expect(await found({ from: '2026-03-01', to: '2026-03-04' })).toEqual(['a', 'b']);
    expect(await found({ id: [uuidOf('a'), uuidOf('d'), uuidOf('e')] })).toEqual(['a', 'd']);
    expect(await found({ q: 'Bewerbung', category: 'hr', read: false })).toEqual(['b']);
    expect(await found({ q: 'Bewerbung', favorite: false, from: '2026-02-01', to: '2026-03-01' })).toEqual(['c']);
  });

  it('finds the chats with an answer rated so, only among the tenant\'s chats of the chatbot', async () => {
    expect(await found({ rating: 'down' })).toEqual(['a']);
    expect(await found({ rating: 'up' })).toEqual(['d']);
    expect(await found({ rating: 'down', q: 'Versand' })).toEqual(['a']);
    expect(await found({ rating: 'down', category: 'hr' })).toEqual([]);
    expect(await found({ rating: 'down' }, OTHER_ORG)).toEqual(['f']);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', rating: 'bad' }).success).toBe(false);
  });

  it('matches all words as word beginnings, in any case', async () => {
    expect(await found({ q: 'versand österr' })).toEqual(['a']);
    expect(await found({ q: 'Versand Bäcker' })).toEqual([]);
    expect(await found({ q: 'ship aus' })).toEqual(['d']);
  });

  it("treats quotes and SQL in the search as words: they neither break the query nor reach it", async () => {
    expect(await found({ q: "x'y" })).toEqual(['c']);
    expect(await found({ q: "'); drop table chats; --" })).toEqual([]);
    expect(await found({})).toHaveLength(4); // the table is still there
    const w = chatWhere(chatFilterSchema.parse({ chatbotId: BOT, q: "x'y" }), ORG);
    expect(`${w.from} ${fullWhere(w)}`).not.toContain("x'y");
  });

  it('refuses unknown categories, bad dates and a range that ends before it starts', () => {
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', category: 'spam' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: 'yesterday' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: '2026-03-05', to: '2026-03-01' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: '2026-03-01T00:00:00+01:00', to: '2026-03-02' }).success).toBe(true);
  });
});
