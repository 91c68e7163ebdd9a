/**
 * A large chatbot answered from its postings index: the candidates are ranked from the lexemes the index
 * keeps for each unit (no tsvector is read per question), and only the units that rank are read from the
 * database. These tests hold the index to what PostgreSQL stores, and the units it returns to their rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPostings } from '../../server/src/services/candidates.ts';
import { retrieve } from '../../server/src/services/retrieval.ts';
import { parseTsvector } from '../../server/src/services/searchIndex.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let org: string;
let bot: string;
const large = { maxInMemoryUnits: 1, postings: 'wait' } as const;

const DE = ['Zimmer', 'Frühstück', 'Sauna', 'Hund', 'Hundesitter', 'Reifenwechsel', 'Winterreifenwechsel', 'Parkplatz', 'Tiefgarage', 'Rezeption', 'Massage', 'Kinder', 'Preis', 'Anreise', 'Bergsee'];
const EN = ['room', 'breakfast', 'sauna', 'dog', 'parking', 'garage', 'reception', 'massage', 'children', 'price', 'arrival', 'lake'];
/** Deterministic texts: each unit names a few words of its language, some in its title or heading. */
const pick = (words: string[], i: number, n: number) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]);

beforeAll(async () => {
  s = await startTestServer();
  org = (await s.createUser()).user.organization_id;
  bot = await createChatbot(s, org);
  const units = [
    ...Array.from({ length: 240 }, (_, i) => ({ lang: 'de', cfg: 'german', title: pick(DE, i, 1)[0], heading: pick(DE, i + 3, 2).join(' '), text: `${pick(DE, i + 5, 4).join(' und ')} kostet ${i} €. Die ${pick(DE, i, 2).join('-')} ist täglich geöffnet.` })),
    ...Array.from({ length: 60 }, (_, i) => ({ lang: 'en', cfg: 'english', title: pick(EN, i, 1)[0], heading: '', text: `The ${pick(EN, i + 2, 3).join(' and ')} costs ${i} euros. It's open daily.` })),
  ];
  await s.db.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, heading, text, tsv)
     select $1, $2, x.lang, 'webpage', gen_random_uuid(), 0, x.heading, x.text,
            setweight(to_tsvector(x.cfg::regconfig, x.title), 'A') || setweight(to_tsvector(x.cfg::regconfig, x.heading), 'B') || to_tsvector(x.cfg::regconfig, x.text)
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as x(lang, cfg, title, heading, text)`,
    [org, bot, units.map((u) => u.lang), units.map((u) => u.cfg), units.map((u) => u.title), units.map((u) => u.heading), units.map((u) => u.text)],
  );
  // Question-answer pairs are units too, cited by their question.
  const pairs = await s.db.query<{ id: string }>(
    `insert into qna(organization_id, chatbot_id, lang, question, answer) values ($1, $2, 'de', 'Darf mein Hund mit ins Zimmer?', 'Ja, Hunde sind willkommen: 15 € pro Nacht.') returning id::text as id`,
    [org, bot],
  );
  await s.db.query(
    `insert into passages (organization_id, chatbot_id, lang, source_type, source_id, ord, kind, text, tsv)
     select $1, $2, 'de', 'qna', q.id, 0, 'faq', q.answer, setweight(to_tsvector('german', q.question), 'A') || to_tsvector('german', q.answer) from qna q where q.id = $3`,
    [org, bot, pairs.rows[0].id],
  );
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe('a large chatbot’s postings index', () => {
  it('keeps every unit’s lexemes with their title, heading and text counts as PostgreSQL stores its vector', async () => {
    const postings = await loadPostings(s.db, bot);
    const rows = (await s.db.query<{ id: string; lang: string; tsv: string }>('select p.id::text as id, p.lang, p.tsv::text as tsv from passages p where p.chatbot_id = $1 order by p.id', [bot])).rows;
    expect(postings.size).toBe(301);
    rows.forEach((row, unit) => expect(postings.unit(unit)).toEqual({ id: row.id, lang: row.lang, terms: parseTsvector(row.tsv) }));
  });

  it('returns the ranked units with their text and source as stored, a question-answer pair under its question', async () => {
    const questions = ['Was kostet die Sauna?', 'Wo ist der Parkplatz?', 'Gibt es einen Winterreifenwechsel?', 'Darf mein Hund mit?', 'How much is breakfast?'];
    for (const question of questions) {
      const hits = await retrieve(s.db, { chatbotId: bot, lang: question.startsWith('How') ? 'en' : 'de', question, limit: 12 }, large);
      expect(hits.length).toBeGreaterThan(0);
      const rows = (await s.db.query<{ id: string; text: string; heading: string; kind: string; lang: string; source_id: string; title: string | null }>(
        `select p.id::text as id, p.text, p.heading, p.kind, p.lang, p.source_id::text as source_id, qa.question as title
           from passages p left join qna qa on p.source_type = 'qna' and qa.id = p.source_id where p.id = any($1::bigint[])`,
        [hits.map((h) => h.id)],
      )).rows;
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const h of hits) {
        const row = byId.get(h.id)!;
        expect({ text: h.text, heading: h.heading, kind: h.kind, lang: h.lang, source: h.source }).toEqual({
          text: row.text, heading: row.heading, kind: row.kind, lang: row.lang,
          source: { type: row.title ? 'qna' : 'webpage', id: row.source_id, ...(row.title ? { title: row.title } : {}) },
        });
      }
      // Ranked best first, each unit once.
      expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
      expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
    }
    const dog = await retrieve(s.db, { chatbotId: bot, lang: 'de', question: 'Darf mein Hund mit ins Zimmer?' }, large);
    expect(dog[0]).toMatchObject({ kind: 'faq', source: { type: 'qna', title: 'Darf mein Hund mit ins Zimmer?' } });
  });

  it('leaves out a unit deleted after the index was read, and still ranks the others', async () => {
    const question = 'Was kostet die Massage?';
    const version = (await s.db.query<{ v: string }>('select index_version::text as v from chatbots where id = $1', [bot])).rows[0].v;
    const before = await retrieve(s.db, { chatbotId: bot, lang: 'de', question, limit: 12, indexVersion: version }, large);
    expect(before.length).toBeGreaterThan(1);
    // Deleted while a question is answered from the index of the version read before (the deletion moves
    // index_version, so the next question reads the index again).
    await s.db.query('delete from passages where id = $1', [before[0].id]);
    const after = await retrieve(s.db, { chatbotId: bot, lang: 'de', question, limit: 12, indexVersion: version }, large);
    expect(after.map((h) => h.id)).toEqual(before.slice(1).map((h) => h.id));
  });
});
