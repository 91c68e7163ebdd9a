/**
 * The answer path's question match (retrieval.ts matchQna) scores only the pairs that can reach its threshold.
 * It must choose exactly the pair the full scan chose: the reference below is the query it replaced, scoring
 * every active pair of the chatbot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { QNA_THRESHOLD, matchQna } from '../../server/src/services/retrieval.ts';
import { passagesRepo } from '../../server/src/repositories/passages.ts';
import { QnaTrigramIndex, trigrams } from '../../server/src/services/qnaTrigrams.ts';

let s: TestServer;
let chatbotId: string;
let org: string;

const WORDS = [
  'Öffnungszeiten', 'Parkplatz', 'Frühstück', 'Haustiere', 'Hund', 'Zimmer', 'Sauna', 'Anreise', 'Abreise', 'Stornierung',
  'Bahnhof', 'Flughafentransfer', 'Fahrrad', 'Garage', 'Kinder', 'Preise', 'Häuser', 'Haus', 'Wellness', 'Massage',
];
const STARTS = ['Wie', 'Wann', 'Gibt es', 'Haben Sie', 'Kann man', 'Was kostet', 'Wo ist'];
const LONG = [
  'Dürfen Gäste mit Hund die Hundedusche im Keller neben der Garage auch abends nach zweiundzwanzig Uhr noch benutzen?',
  'Kann man im Restaurant am Sonntagabend auch ohne Reservierung einen Tisch für das Fondue bekommen, wenn alles voll ist?',
]

beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  org = u.user.organization_id;
  chatbotId = await createChatbot(s, org, { lang: 'de' });
  let seed = 11;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const questions = Array.from({ length: 300 }, () => `${STARTS[rnd(STARTS.length)]} ${Array.from({ length: 1 + rnd(4) }, () => WORDS[rnd(WORDS.length)]).join(' ')}?`);
  // Long questions holding a word no other pair has: asked for that word alone, they share too few trigrams
  // with it and match only because they hold every term of the question.
  questions.push(...LONG);
  const ids = (
    await s.db.query<{ id: string }>(
      `insert into qna(organization_id, chatbot_id, lang, question, answer, active)
       select $1, $2, 'de', q, 'Antwort: ' || q, n % 10 <> 0 from unnest($3::text[]) with ordinality as x(q, n) returning id`,
      [org, chatbotId, questions],
    )
  ).rows.map((r) => r.id);
  await passagesRepo.insertQnaPairs(s.db, ids, 'de', 'german');
});
afterAll(() => s?.close());

async function fullScan(question: string) {
  const r = await s.db.query<{ id: string; similarity: number }>(
    `with c as (
       select id, similarity(lower(question), lower($2)) as trgm,
              to_tsvector('german', question) @@ plainto_tsquery('german', $2) as all_terms
         from qna where chatbot_id = $1 and active)
     select id::text as id, greatest(trgm, case when all_terms then 0.5 + 0.5 * trgm else 0 end)::float8 as similarity
       from c order by similarity desc, id limit 1`,
    [chatbotId, question],
  );
  const best = r.rows[0];
  return best && best.similarity >= QNA_THRESHOLD ? best.id : null;
}

describe('matchQna', () => {
  it('chooses the pair a scan of every pair chooses: exact, partial, misspelt, reordered and unrelated questions', async () => {
    let seed = 5;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const typo = (w: string) => (w.length > 4 ? w.slice(0, 2) + w.slice(3) : w);
    const asks = Array.from({ length: 80 }, (_, i) => {
      const words = Array.from({ length: 1 + rnd(3) }, () => WORDS[rnd(WORDS.length)]);
      if (i % 4 === 0) return `${STARTS[rnd(STARTS.length)]} ${words.map(typo).join(' ')}?`;
      if (i % 4 === 1) return `${words.reverse().join(' ')} ${STARTS[rnd(STARTS.length)].toLowerCase()}`;
      if (i % 4 === 2) return `Wie wird das Wetter ${words[0]}?`;
      if (i % 10 === 3) return i % 20 === 3 ? 'Hundedusche?' : 'Fondue Sonntagabend';
      return `${STARTS[rnd(STARTS.length)]} ${words.join(' ')}?`;
    });
    let matched = 0;
    for (const question of asks) {
      const expected = await fullScan(question);
      const got = await matchQna(s.db, { chatbotId, lang: 'de', question });
      expect(got?.id ?? null, question).toBe(expected);
      if (expected) matched++;
    }
    // The comparison covers both outcomes.
    expect(matched).toBeGreaterThan(10);
    expect(matched).toBeLessThan(asks.length);
  });

  it('chooses its candidates by the similarity pg_trgm computes', async () => {
    const texts = ['Wie sind die Öffnungszeiten?', 'öffnungszeiten sauna', 'Gibt es einen Parkplatz am Haus?', 'Parkplätze & Garage (24h)', 'Frühstück: ab 7 Uhr!',
      'fruehstueck ab wann', 'Do you allow dogs?', 'dogs allowed in rooms', 'Straße zum Bahnhof', 'STRASSE Bahnhof-Transfer', 'x', '?!'];
    for (const a of texts) {
      for (const b of texts) {
        const r = await s.db.query<{ sim: number }>('select similarity(lower($1), lower($2))::float8 as sim', [a, b]);
        const ga = trigrams(a);
        const gb = trigrams(b);
        const shared = [...ga].filter((g) => gb.has(g)).length;
        const js = ga.size + gb.size - shared ? shared / (ga.size + gb.size - shared) : 0;
        expect(js, `${a} ~ ${b}`).toBeCloseTo(r.rows[0].sim, 5);
      }
    }
    const index = new QnaTrigramIndex(texts.map((question, i) => ({ id: String(i), question })));
    expect(index.similar('Öffnungszeiten der Sauna?', 0.3)).toEqual(['1', '0']);
  });

  it('finds a pair added after an earlier question (the chatbot\'s index version moved)', async () => {
    const question = 'Darf man den Tretroller im Treppenhaus abstellen?';
    expect(await matchQna(s.db, { chatbotId, lang: 'de', question })).toBeNull();
    const [{ id }] = (
      await s.db.query<{ id: string }>(`insert into qna(organization_id, chatbot_id, lang, question, answer) values ($1, $2, 'de', $3, 'Nein.') returning id::text`, [org, chatbotId, question])
    ).rows;
    await passagesRepo.insertQnaPairs(s.db, [id], 'de', 'german');
    expect((await matchQna(s.db, { chatbotId, lang: 'de', question: 'Darf man Tretroller im Treppenhaus abstellen' }))?.id).toBe(id);
  });

  it('a chatbot with more than 50,000 active pairs is matched by PostgreSQL\'s trigram comparison (none kept in the process)', async () => {
    const many = await createChatbot(s, org, { lang: 'de' });
    await s.db.query(
      `insert into qna(organization_id, chatbot_id, lang, question, answer)
       select $1, $2, 'de', 'Frage ' || n || ' zum Zimmer ' || (n % 97), 'Antwort ' || n from generate_series(1, 50001) n`,
      [org, many],
    );
    // No FAQ passages were written: only the trigram comparison can find the pair.
    const got = await matchQna(s.db, { chatbotId: many, lang: 'de', question: 'Frage 4711 zum Zimmer 55' });
    expect(got).toMatchObject({ question: 'Frage 4711 zum Zimmer 55', answer: 'Antwort 4711' });
  }, 60_000);
});
