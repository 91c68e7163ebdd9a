/**
 * Knowledge gaps (issue 15 items 2, 3 and 6): grouping of what the bot could not answer well, dismissing,
 * the proof (a declined question → Q&A pair → re-ask answers from the pair → group closed), tenancy, bad input,
 * the account export and the cascade with the chatbot. The chats are recorded through the widget's public API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addPage, openChat } from './publicSeed.ts';
import { gapId } from '../../server/src/services/gapGrouping.ts';

let s: TestServer;
let token: string;
let orgId: string;
let bot: string;
let other: { token: string; bot: string };

const q = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
const list = (filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, t = token, chatbotId = bot) =>
  s.api('GET', `/api/v1/knowledge-gaps?${q({ filter: { chatbotId, lang: 'de', ...filter }, ...extra })}`, { token: t });
const gapOf = async (question: RegExp) => {
  const r = await list();
  expect(r.status).toBe(200);
  return (r.json as { id: string; questions: string[]; status: string }[]).find((g) => g.questions.some((x) => question.test(x)));
};
const ask = async (text: string, lang = 'de') => {
  const c = await openChat(s, bot, { lang });
  const r = await c.ask(text);
  expect(r.status, r.text).toBe(200);
  return r.json as { id: string; answeredBy: string };
};

beforeAll(async () => {
  s = await startTestServer({ RUN_WORKERS: 'false' });
  const a = await s.createUser();
  token = a.token;
  orgId = a.user.organization_id;
  bot = await createChatbot(s, orgId, { url: 'https://hotel.example' });
  await s.db.query("insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'en', false)", [bot]);
  await addPage(s, bot, { url: 'https://hotel.example/fruehstueck', title: 'Frühstück', text: 'Das Frühstück gibt es täglich von 7:00 bis 10:30 Uhr im Wintergarten.' });
  const b = await s.createUser();
  other = { token: b.token, bot: await createChatbot(s, b.user.organization_id) };
}, 60_000);
afterAll(() => s?.close());

describe('grouping', () => {
  it('groups declined questions by their normalised terms, leaves out requested hand-overs, and counts thumbs-down answers', async () => {
    expect((await ask('Haben Sie Parkplätze?')).answeredBy).toBe('fallback');
    await ask('Gibt es Parkplätze?');
    await ask('haben sie parkplätze');
    await ask('Darf ich meinen Hund mitbringen?');
    // Asked for a person: the bot did its job, no gap.
    await ask('Kann ich bitte mit einem Mitarbeiter sprechen?');
    const breakfast = await ask('Wann gibt es Frühstück?');
    expect(breakfast.answeredBy).toBe('retrieval');
    // The visitor did not like the answer (the widget's thumbs-down, migration 140).
    await s.db.query("update messages set feedback_rating = 'down', feedback_at = now() where id = $1", [breakfast.id]);
    // Another language is another list.
    await ask('Do you allow smoking in the rooms?', 'en');

    const r = await list();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('knowledge-gaps 0-2/3');
    const gaps = r.json as { question: string; questions: string[]; count: number; reasons: string[]; lang: string; status: string }[];
    expect(gaps.map((g) => g.question)).toEqual(['Haben Sie Parkplätze?', 'Wann gibt es Frühstück?', 'Darf ich meinen Hund mitbringen?']);
    expect(gaps[0]).toMatchObject({ count: 3, reasons: ['declined'], lang: 'de', status: 'open', question: 'Haben Sie Parkplätze?' });
    // The same question in other case and without its question mark is one question, in the spelling first asked.
    expect(gaps[0].questions).toEqual(['Haben Sie Parkplätze?', 'Gibt es Parkplätze?']);
    const rest = gaps.slice(1).map((g) => ({ q: g.question, reasons: g.reasons }));
    expect(rest).toEqual(expect.arrayContaining([{ q: 'Darf ich meinen Hund mitbringen?', reasons: ['declined'] }, { q: 'Wann gibt es Frühstück?', reasons: ['negative'] }]));
    expect(gaps.some((g) => /Mitarbeiter/.test(g.question))).toBe(false);

    const en = await list({ lang: 'en' });
    expect(en.json.map((g: { question: string }) => g.question)).toEqual(['Do you allow smoking in the rooms?']);
    const all = await list({ allLanguages: true });
    expect(all.json).toHaveLength(4);
    expect((await list({ reason: 'negative' })).json.map((g: { question: string }) => g.question)).toEqual(['Wann gibt es Frühstück?']);
    expect((await list({ q: 'hund' })).json.map((g: { question: string }) => g.question)).toEqual(['Darf ich meinen Hund mitbringen?']);
  });

  it('sorts by count and by last date, and filters by period', async () => {
    const dog = await gapOf(/Hund/);
    // The dog question was asked long ago.
    await s.db.query("update messages set created_at = now() - interval '60 days' where question = 'Darf ich meinen Hund mitbringen?'");
    const byDate = await list({}, { sort: ['lastAt', 'DESC'] });
    expect(byDate.json.map((g: { question: string }) => g.question).at(-1)).toBe('Darf ich meinen Hund mitbringen?');
    const asc = await list({}, { sort: ['count', 'ASC'] });
    expect(asc.json.at(-1).count).toBe(3);
    const recent = await list({ period: '30d' });
    expect(recent.json.map((g: { id: string }) => g.id)).not.toContain(dog!.id);
    expect((await list({ period: '90d' })).json.map((g: { id: string }) => g.id)).toContain(dog!.id);
    const page = await list({}, { range: [1, 1] });
    expect(page.json).toHaveLength(1);
    expect(page.headers.get('content-range')).toBe('knowledge-gaps 1-1/3');
  });
});

describe('dismiss', () => {
  it('hides the group until a question of it arrives after the dismissal', async () => {
    const dog = (await gapOf(/Hund/))!;
    const d = await s.api('POST', `/api/v1/knowledge-gaps/${dog.id}/dismiss`, { token });
    expect(d.status).toBe(200);
    expect((await list()).json.map((g: { id: string }) => g.id)).not.toContain(dog.id);
    // Still dismissed with another period or sort, and stored (not in the request's memory).
    expect((await list({ period: '365d' }, { sort: ['lastAt', 'ASC'] })).json.map((g: { id: string }) => g.id)).not.toContain(dog.id);
    const stored = await s.db.query<{ status: string }>('select status from knowledge_gap_states where chatbot_id = $1', [bot]);
    expect(stored.rows.map((r) => r.status)).toEqual(['dismissed']);

    await ask('Darf ich meinen Hund mitbringen?');
    const back = await gapOf(/Hund/);
    expect(back).toMatchObject({ id: dog.id, count: 2, status: 'reopened' });
  });
});

describe('proof', () => {
  it('a declined question → Q&A pair → the re-asked question is answered from the pair → the group is closed', async () => {
    const parking = (await gapOf(/Parkplätze/))!;
    const sug = await s.api('GET', `/api/v1/knowledge-gaps/${parking.id}/suggestions`, { token });
    expect(sug.status).toBe(200);
    expect(sug.json.question).toBe('Haben Sie Parkplätze?');
    expect(Array.isArray(sug.json.passages)).toBe(true);

    const breakfast = (await gapOf(/Frühstück/))!;
    const bsug = await s.api('GET', `/api/v1/knowledge-gaps/${breakfast.id}/suggestions`, { token });
    expect(bsug.json.passages[0]).toMatchObject({ source: { type: 'webpage', url: 'https://hotel.example/fruehstueck' } });
    expect(bsug.json.passages[0].text).toContain('7:00 bis 10:30');

    // Before an answer exists the proof shows the same declined answer: not closed.
    const early = await s.api('POST', `/api/v1/knowledge-gaps/${parking.id}/reask`, { token, body: {} });
    expect(early.status).toBe(200);
    expect(early.json.closed).toBe(false);
    expect(early.json.results.every((x: { usesNew: boolean; after: { answeredBy: string } }) => !x.usesNew && x.after.answeredBy === 'fallback')).toBe(true);

    const answered = await s.api('POST', `/api/v1/knowledge-gaps/${parking.id}/answer`, {
      token,
      body: { question: 'Haben Sie Parkplätze?', answer: 'Ja, die Tiefgarage hat 40 Plätze, 12 € pro Nacht.' },
    });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json).toMatchObject({ created: true, qna: { question: 'Haben Sie Parkplätze?', active: true, fromChatHistory: true }, gap: { status: 'answered' } });
    const qnaId = answered.json.qna.id;
    expect((await gapOf(/Parkplätze/))!.status).toBe('answered');

    const proof = await s.api('POST', `/api/v1/knowledge-gaps/${parking.id}/reask`, { token });
    expect(proof.status, proof.text).toBe(200);
    expect(proof.json).toMatchObject({ id: parking.id, closed: true, qnaId });
    expect(proof.json.results.map((x: { question: string }) => x.question)).toEqual(['Haben Sie Parkplätze?', 'Gibt es Parkplätze?']);
    expect(proof.json.results[0].after.answeredBy).toBe('qna');
    for (const r of proof.json.results) {
      expect(r.before.answeredBy).toBe('fallback');
      // The same question is answered by the pair directly, the other wording from the pair's indexed unit: both cite it.
      expect(r.after.answer).toContain('Ja, die Tiefgarage hat 40 Plätze, 12 € pro Nacht.');
      expect(['qna', 'retrieval']).toContain(r.after.answeredBy);
      expect(r.after.sources).toContainEqual(expect.objectContaining({ type: 'qna', id: qnaId }));
      expect(r.usesNew).toBe(true);
    }
    expect(await gapOf(/Parkplätze/)).toBeUndefined();
    // The widget answers from the pair too.
    expect((await ask('Haben Sie Parkplätze?')).answeredBy).toBe('qna');
    expect(await gapOf(/Parkplätze/)).toBeUndefined();
  });

  it('edits an existing pair instead of adding one', async () => {
    const breakfast = (await gapOf(/Frühstück/))!;
    const pair = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId: bot, lang: 'de', question: 'Frühstückszeiten', answer: 'Morgens.', active: false } });
    expect(pair.status).toBe(201);
    const r = await s.api('POST', `/api/v1/knowledge-gaps/${breakfast.id}/answer`, {
      token,
      body: { question: 'Wann gibt es Frühstück?', answer: 'Täglich von 7:00 bis 10:30 Uhr im Wintergarten.', qnaId: pair.json.id },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ created: false, qna: { id: pair.json.id, active: true, answer: 'Täglich von 7:00 bis 10:30 Uhr im Wintergarten.' } });
    const proof = await s.api('POST', `/api/v1/knowledge-gaps/${breakfast.id}/reask`, { token, body: { qnaId: pair.json.id } });
    expect(proof.json.closed).toBe(true);
    expect(proof.json.results[0].before.answeredBy).toBe('retrieval');
    expect(proof.json.results[0].after.sources[0]).toMatchObject({ type: 'qna', id: pair.json.id });
  });
});

describe('tenancy and bad input', () => {
  it('another tenant gets 404 for the list, the group and every action; a malformed id is 404', async () => {
    const dog = (await gapOf(/Hund/))!;
    expect((await list({}, {}, other.token)).status).toBe(404);
    expect((await list({}, {}, token, other.bot)).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', '', undefined], ['GET', '/suggestions', undefined], ['POST', '/dismiss', {}], ['POST', '/reask', {}],
      ['POST', '/answer', { question: 'Hund?', answer: 'Ja.' }],
    ] as const) {
      expect((await s.api(method, `/api/v1/knowledge-gaps/${dog.id}${path}`, { token: other.token, body })).status).toBe(404);
      for (const bad of ['x', `${bot}.de.${'0'.repeat(24)}`, `${other.bot}.de.${dog.id.split('.')[2]}`, `${dog.id}\u0000`])
        expect((await s.api(method, `/api/v1/knowledge-gaps/${encodeURIComponent(bad)}${path}`, { token, body })).status, `${method} ${bad}${path}`).toBe(404);
    }
    expect((await s.api('GET', `/api/v1/knowledge-gaps/${dog.id}`)).status).toBe(401);
    // Nothing was written for the other tenant's calls.
    expect((await gapOf(/Hund/))!.status).toBe('reopened');
  });

  it('refuses bad filters and bodies with 400 and writes nothing', async () => {
    const dog = (await gapOf(/Hund/))!;
    expect((await list({ period: 'forever' })).status).toBe(400);
    expect((await list({ q: 'x'.repeat(201) })).status).toBe(400);
    expect((await list({ q: 'a\u0000b' })).status).toBe(400);
    expect((await list({}, { sort: ['question', 'ASC'] })).status).toBe(400);
    expect((await s.api('GET', `/api/v1/knowledge-gaps?filter=${encodeURIComponent('{"lang":"de"}')}`, { token })).status).toBe(400);
    const pairs = async () => (await s.db.query<{ n: number }>('select count(*)::int n from qna where chatbot_id = $1', [bot])).rows[0].n;
    const before = await pairs();
    for (const body of [
      {}, { question: '', answer: 'x' }, { question: 'x', answer: '   ' }, { question: 'x'.repeat(2001), answer: 'y' }, { question: 'x', answer: 'y'.repeat(20_001) },
      { question: 'a\u0000', answer: 'b' }, { question: 1, answer: 'b' }, { question: 'x', answer: 'y', extra: 1 }, { question: 'x', answer: 'y', qnaId: 'nope' },
    ]) {
      const r = await s.api('POST', `/api/v1/knowledge-gaps/${dog.id}/answer`, { token, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    // Another tenant's pair is not found, and nothing is half written.
    const foreignPair = await s.api('POST', '/api/v1/qna', { token: other.token, body: { chatbotId: other.bot, question: 'Fremd?', answer: 'Fremd.' } });
    const r = await s.api('POST', `/api/v1/knowledge-gaps/${dog.id}/answer`, { token, body: { question: 'Hund?', answer: 'Ja.', qnaId: foreignPair.json.id } });
    expect(r.status).toBe(404);
    expect((await s.api('POST', `/api/v1/knowledge-gaps/${dog.id}/reask`, { token, body: { qnaId: foreignPair.json.id } })).status).toBe(404);
    expect(await pairs()).toBe(before);
    expect((await gapOf(/Hund/))!.status).toBe('reopened');
  });
});

describe('data rules', () => {
  it('the decisions are in the account export and go with their chatbot', async () => {
    const r = await s.api('GET', '/api/v1/account/export', { token });
    expect(r.status).toBe(200);
    const states = JSON.parse(r.text).knowledge_gap_states as { chatbot_id: string; status: string }[];
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states.map((x) => x.status))).toEqual(new Set(['dismissed', 'closed']));
    expect(states.every((x) => x.chatbot_id === bot)).toBe(true);
    await s.db.query('delete from chatbots where id = $1', [bot]);
    expect((await s.db.query('select 1 from knowledge_gap_states where chatbot_id = $1', [bot])).rows).toEqual([]);
  });
});

describe('stable ids and stored keys', () => {
  it("keeps a group's id while another wording becomes its most asked; the old kind of id still finds it", async () => {
    const hotel = await createChatbot(s, orgId, { url: 'https://hotel-zwei.example' });
    await addPage(s, hotel, { url: 'https://hotel-zwei.example/fruehstueck', title: 'Frühstück', text: 'Das Frühstück gibt es täglich von 7:00 bis 10:30 Uhr im Wintergarten.' });
    const askHotel = async (text: string) => {
      const r = await (await openChat(s, hotel)).ask(text);
      expect(r.status, r.text).toBe(200);
      return r.json as { id: string; answeredBy: string };
    };
    const gaps = async () => {
      const r = await list({}, {}, token, hotel);
      expect(r.status).toBe(200);
      return r.json as { id: string; question: string; count: number }[];
    };
    expect((await askHotel('Gibt es Parkplätze am Hotel?')).answeredBy).toBe('fallback');
    const [first] = await gaps();
    expect(first).toMatchObject({ question: 'Gibt es Parkplätze am Hotel?', count: 1 });

    // Other visitors ask it in fewer words: the group's most asked wording, and so its representative key, changes.
    await askHotel('Haben Sie Parkplätze?');
    await askHotel('Haben Sie Parkplätze?');
    const grown = await gaps();
    expect(grown).toHaveLength(1);
    expect(grown[0]).toMatchObject({ id: first.id, question: 'Haben Sie Parkplätze?', count: 3 });

    // Each message's key is stored once (migration 150): the two wordings' terms, under German stemming.
    const stored = await s.db.query<{ key: string; ts_config: string }>(
      'select distinct k.key, k.ts_config from message_gap_keys k join messages m on m.id = k.message_id where m.chatbot_id = $1 order by k.key', [hotel]);
    expect(stored.rows).toEqual([{ key: 'hotel parkplatz', ts_config: 'german' }, { key: 'parkplatz', ts_config: 'german' }]);
    // Ids were made from the most-asked key before: such an id finds the same group.
    const older = gapId(hotel, 'de', 'parkplatz');
    expect(older).not.toBe(first.id);
    const found = await s.api('GET', `/api/v1/knowledge-gaps/${older}`, { token });
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ id: first.id, count: 3 });

    // A rating written elsewhere (another API process, here straight into the database) is in the next read:
    // the groups are not reused past a change of their messages.
    const breakfast = await askHotel('Wann gibt es Frühstück?');
    expect(breakfast.answeredBy).toBe('retrieval');
    expect((await gaps()).map((g) => g.question)).toEqual(['Haben Sie Parkplätze?']);
    await s.db.query("update messages set feedback_rating = 'down', feedback_at = now() where id = $1", [breakfast.id]);
    expect((await gaps()).map((g) => g.question)).toEqual(['Haben Sie Parkplätze?', 'Wann gibt es Frühstück?']);

    // A key never outlives the question it was made of (say, an e-mail address taken out of it).
    const keyOf = async (id: string) => (await s.db.query<{ key: string }>('select key from message_gap_keys where message_id = $1', [id])).rows;
    expect(await keyOf(breakfast.id)).toEqual([{ key: 'fruhstuck' }]);
    await s.db.query("update messages set question = 'Wann gibt es Mittagessen?' where id = $1", [breakfast.id]);
    expect(await keyOf(breakfast.id)).toEqual([]);
    expect((await gaps()).map((g) => g.question)).toEqual(['Haben Sie Parkplätze?', 'Wann gibt es Mittagessen?']);
    expect(await keyOf(breakfast.id)).toEqual([{ key: 'mittagess' }]);
  });
});
