/**
 * Visitor feedback on answers (issue 15 item 1): the widget's thumbs up / down with an optional comment,
 * stored on the answer's message; the history's rating filter, its messages and CSV export; the dashboard's
 * statistics; the visitor's and the account's data export; tenancy, bad input and the widget API's checks.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_COMMENT_MAX_CHARS } from '../../contract/feedback.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addQna, openChat } from './publicSeed.ts';

// Per visitor (chatbot and address) and minute: low enough to reach in one test, each test its own chatbot.
const PER_VISITOR = 25;

let s: TestServer;
let token: string;
let orgId: string;
let other: { token: string; orgId: string };

const feedbackPath = (bot: string, chatId: string, messageId: string) => `/api/v1/public/chatbots/${bot}/chats/${chatId}/messages/${messageId}/feedback`;
const rate = (bot: string, chatId: string, messageId: string, body: unknown, headers?: Record<string, string>) =>
  s.api('POST', feedbackPath(bot, chatId, messageId), { body, headers });
const q = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');

/** A chatbot with one pair, so every question gets an answer. */
async function botWithAnswers(organizationId = orgId) {
  const bot = await createChatbot(s, organizationId, { url: 'https://shop.example' });
  await addQna(s, bot, { question: 'Was kostet der Versand?', answer: 'Der Versand kostet 4,90 Euro.' });
  return bot;
}

/** A visitor's chat with one answered question: the chat and the answer's id (from POST …/messages). */
async function answered(bot: string, question = 'Was kostet der Versand?') {
  const chat = await openChat(s, bot);
  const r = await chat.ask(question);
  expect(r.status, r.text).toBe(200);
  expect(r.json.id).toMatch(/^[0-9a-f-]{36}$/);
  return { chatId: chat.chatId, messageId: r.json.id as string };
}

const stored = async (messageId: string) =>
  (await s.db.query<{ feedback_rating: string | null; feedback_comment: string | null; feedback_at: Date | null }>(
    'select feedback_rating, feedback_comment, feedback_at from messages where id = $1',
    [messageId],
  )).rows[0];

beforeAll(async () => {
  s = await startTestServer({ RUN_WORKERS: 'false', WIDGET_RATE_PER_VISITOR: String(PER_VISITOR) });
  const u = await s.createUser();
  token = u.token;
  orgId = u.user.organization_id;
  const o = await s.createUser();
  other = { token: o.token, orgId: o.user.organization_id };
});
afterAll(() => s?.close());

describe('POST …/messages/:messageId/feedback', () => {
  it('stores a thumbs-down with its comment on the answer, and a second rating replaces the first', async () => {
    const bot = await botWithAnswers();
    const { chatId, messageId } = await answered(bot);
    expect(await stored(messageId)).toEqual({ feedback_rating: null, feedback_comment: null, feedback_at: null });

    const down = await rate(bot, chatId, messageId, { rating: 'down', comment: '  Der Preis für Österreich fehlt.  ' });
    expect(down.status, down.text).toBe(200);
    expect(down.json).toMatchObject({ messageId, chatId, rating: 'down', comment: 'Der Preis für Österreich fehlt.' });
    expect(Number.isNaN(Date.parse(down.json.ratedAt))).toBe(false);
    expect(await stored(messageId)).toMatchObject({ feedback_rating: 'down', feedback_comment: 'Der Preis für Österreich fehlt.' });

    // The visitor changes their mind: the comment of the first rating goes with it.
    const up = await rate(bot, chatId, messageId, { rating: 'up' });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ rating: 'up', comment: null });
    expect(await stored(messageId)).toMatchObject({ feedback_rating: 'up', feedback_comment: null });
    expect((await s.db.query('select count(*)::int as n from messages where chat_id = $1', [chatId])).rows[0]).toEqual({ n: 1 });

    // An empty comment is no comment; the longest allowed is kept whole.
    expect((await rate(bot, chatId, messageId, { rating: 'down', comment: '   ' })).json.comment).toBeNull();
    const longest = 'ä'.repeat(FEEDBACK_COMMENT_MAX_CHARS);
    expect((await rate(bot, chatId, messageId, { rating: 'down', comment: longest })).json.comment).toBe(longest);
    expect(await stored(messageId)).toMatchObject({ feedback_rating: 'down', feedback_comment: longest });
  });

  it('refuses bad input with 400 and leaves the stored rating as it was', async () => {
    const bot = await botWithAnswers();
    const { chatId, messageId } = await answered(bot);
    expect((await rate(bot, chatId, messageId, { rating: 'up' })).status).toBe(200);
    for (const body of [
      {},
      { rating: 'meh' },
      { rating: 'DOWN' },
      { rating: 1 },
      { rating: null },
      { rating: 'down', comment: 'x'.repeat(FEEDBACK_COMMENT_MAX_CHARS + 1) },
      { rating: 'down', comment: 'Falsch\u0000' },
      { rating: 'down', comment: '\uD800' },
      { rating: 'down', comment: 42 },
      { rating: 'down', extra: true },
      [{ rating: 'down' }],
      '"down"',
      'null',
    ]) {
      const r = await rate(bot, chatId, messageId, body);
      expect(r.status, `${JSON.stringify(body)} → ${r.text}`).toBe(400);
      expect(r.json.error).toBe('ValidationFailed');
    }
    const notJson = await s.api('POST', feedbackPath(bot, chatId, messageId), { body: '{"rating":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await stored(messageId)).toMatchObject({ feedback_rating: 'up', feedback_comment: null });
  });

  it("answers 404 for another chat's, another chatbot's or an unknown message, a message without an answer, and 400 for a malformed chatbot id", async () => {
    const bot = await botWithAnswers();
    const mine = await answered(bot);
    const sameBotOtherChat = await answered(bot);
    const foreignBot = await botWithAnswers(other.orgId);
    const foreign = await answered(foreignBot);
    const unanswered = (
      await s.db.query<{ id: string }>(
        "insert into messages (organization_id, chatbot_id, chat_id, question) values ($1, $2, $3, 'Hallo?') returning id",
        [orgId, bot, mine.chatId],
      )
    ).rows[0].id;
    const body = { rating: 'down', comment: 'Nicht meins' };
    for (const [what, path] of [
      ['a message of another chat of the chatbot', feedbackPath(bot, mine.chatId, sameBotOtherChat.messageId)],
      ["another tenant's message in my chat", feedbackPath(bot, mine.chatId, foreign.messageId)],
      ["another tenant's chat under my chatbot", feedbackPath(bot, foreign.chatId, foreign.messageId)],
      ["my chat under another tenant's chatbot", feedbackPath(foreignBot, mine.chatId, mine.messageId)],
      ['an unknown message', feedbackPath(bot, mine.chatId, crypto.randomUUID())],
      ['a malformed message id', feedbackPath(bot, mine.chatId, 'not-a-uuid')],
      ['a malformed chat id', feedbackPath(bot, 'not-a-uuid', mine.messageId)],
      ['a message without an answer', feedbackPath(bot, mine.chatId, unanswered)],
      ['an unknown chatbot', feedbackPath(crypto.randomUUID(), mine.chatId, mine.messageId)],
    ]) {
      const r = await s.api('POST', path, { body });
      expect(r.status, `${what} → ${r.text}`).toBe(404);
      expect(r.json.error).toBe('NotFound');
    }
    expect((await s.api('POST', feedbackPath('not-a-uuid', mine.chatId, mine.messageId), { body })).status).toBe(400);
    const untouched = await s.db.query('select id from messages where feedback_rating is not null and id = any($1::uuid[])', [
      [mine.messageId, sameBotOtherChat.messageId, foreign.messageId, unanswered],
    ]);
    expect(untouched.rows).toEqual([]);
  });

  it("keeps the widget API's rules: the chatbot's allowed sites and an expired subscription", async () => {
    const bot = await botWithAnswers();
    const { chatId, messageId } = await answered(bot);
    const put = await s.api('PUT', `/api/v1/uiconfig/${bot}/settings`, { token, body: { allowedOrigins: ['https://www.kunde.example'] } });
    expect(put.status).toBe(200);
    const refused = await rate(bot, chatId, messageId, { rating: 'down' }, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('OriginNotAllowed');
    const allowed = await rate(bot, chatId, messageId, { rating: 'down' }, { origin: 'https://www.kunde.example' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.kunde.example');
    const expiredOrg = await s.createUser();
    const expiredBot = await botWithAnswers(expiredOrg.user.organization_id);
    const e = await answered(expiredBot);
    await s.db.query("update subscriptions set trial_ends_at = now() - interval '1 day' where organization_id = $1", [expiredOrg.user.organization_id]);
    const expired = await rate(expiredBot, e.chatId, e.messageId, { rating: 'down' });
    expect(expired.status).toBe(403);
    expect(expired.json.error).toBe('SubscriptionExpired');
  });

  it('is rate-limited per visitor like the other widget calls', async () => {
    const bot = await botWithAnswers();
    const { chatId, messageId } = await answered(bot); // two requests of the visitor's budget
    const statuses: number[] = [];
    for (let i = 0; i < PER_VISITOR - 1; i++) statuses.push((await rate(bot, chatId, messageId, { rating: i % 2 ? 'up' : 'down' })).status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(PER_VISITOR - 2);
    expect(statuses.at(-1)).toBe(429);
    const r = await rate(bot, chatId, messageId, { rating: 'up' });
    expect(r.status).toBe(429);
    expect(r.json.error).toBe('RateLimited');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('feedback in the dashboard and the exports', () => {
  let bot: string;
  let down: { chatId: string; messageId: string };
  let up: { chatId: string; messageId: string };
  let unrated: { chatId: string; messageId: string };

  beforeAll(async () => {
    bot = await botWithAnswers();
    down = await answered(bot);
    up = await answered(bot);
    unrated = await answered(bot);
    expect((await rate(bot, down.chatId, down.messageId, { rating: 'down', comment: 'Zu teuer; "=SUMME(A1)"' })).status).toBe(200);
    expect((await rate(bot, up.chatId, up.messageId, { rating: 'up' })).status).toBe(200);
  });

  const list = (filter: Record<string, unknown>, t = token) => s.api('GET', `/api/v1/chats?${q({ filter: { chatbotId: bot, ...filter }, range: [0, 24] })}`, { token: t });

  it('the history filters chats by rating, counts under it, and shows the rating and comment on the message', async () => {
    const negative = await list({ rating: 'down' });
    expect(negative.status).toBe(200);
    expect(negative.json.map((c: { id: string }) => c.id)).toEqual([down.chatId]);
    expect(negative.headers.get('content-range')).toBe('chats 0-0/1');
    expect((await list({ rating: 'up' })).json.map((c: { id: string }) => c.id)).toEqual([up.chatId]);
    expect((await list({})).json).toHaveLength(3);
    const counts = await s.api('GET', `/api/v1/chats/counts?${q({ filter: { chatbotId: bot, rating: 'down' } })}`, { token });
    expect(counts.json.categories.all).toBe(1);
    expect((await list({ rating: 'bad' })).status).toBe(400);

    const chat = await s.api('GET', `/api/v1/chats/${down.chatId}`, { token });
    expect(chat.json.messages[0]).toMatchObject({ id: down.messageId, feedbackRating: 'down', feedbackComment: 'Zu teuer; "=SUMME(A1)"' });
    expect(Number.isNaN(Date.parse(chat.json.messages[0].feedbackAt))).toBe(false);
    expect((await s.api('GET', `/api/v1/chats/${unrated.chatId}`, { token })).json.messages[0]).toMatchObject({ feedbackRating: null, feedbackComment: null, feedbackAt: null });

    // Another tenant sees neither the chats nor their ratings.
    expect((await list({ rating: 'down' }, other.token)).status).toBe(404);
    expect((await s.api('GET', `/api/v1/chats/${down.chatId}`, { token: other.token })).status).toBe(404);
  });

  it('the CSV export has the rating and its comment (formula-escaped) in both languages', async () => {
    const csv = async (locale: 'de' | 'en') => {
      const r = await s.api('GET', `/api/v1/chats/export?${q({ filter: { chatbotId: bot }, amount: 10, locale, tz: 'UTC' })}`, { token });
      expect(r.status).toBe(200);
      const [header, ...rows] = Papa.parse<string[]>(r.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      return { header, rows };
    };
    const de = await csv('de');
    const rating = de.header.indexOf('Bewertung');
    const comment = de.header.indexOf('Kommentar zur Bewertung');
    // The last two columns, after the lead fields: scripts reading the earlier ones by position keep working.
    expect([rating, comment]).toEqual([de.header.length - 2, de.header.length - 1]);
    const byChat = Object.fromEntries(de.rows.map((r) => [r[0], [r[rating], r[comment]]]));
    expect(byChat).toEqual({ [down.chatId]: ['Negativ', 'Zu teuer; "=SUMME(A1)"'], [up.chatId]: ['Positiv', ''], [unrated.chatId]: ['', ''] });
    const en = await csv('en');
    expect(en.header.slice(-2)).toEqual(['Rating', 'Rating comment']);
    expect(en.rows.find((r) => r[0] === up.chatId)!.at(-2)).toBe('Positive');
  });

  it('the statistics count thumbs up and down; a deleted chat takes its rating with it', async () => {
    const stats = async () => (await s.api('GET', `/api/v1/statistics?chatbotId=${bot}&tz=Europe/Berlin`, { token })).json.feedback;
    expect(await stats()).toEqual({ up: 1, down: 1 });
    // A second rating of the same answer replaces the first: still one rating.
    expect((await rate(bot, up.chatId, up.messageId, { rating: 'down' })).status).toBe(200);
    expect(await stats()).toEqual({ up: 0, down: 2 });
    expect((await s.api('DELETE', `/api/v1/chats/${up.chatId}`, { token })).status).toBe(200);
    expect(await stats()).toEqual({ up: 0, down: 1 });
    expect((await s.db.query('select count(*)::int as n from messages where id = $1', [up.messageId])).rows[0].n).toBe(0);
    expect((await list({ rating: 'down' })).json.map((c: { id: string }) => c.id)).toEqual([down.chatId]);
    // Another chatbot's statistics know nothing of them.
    const fresh = await botWithAnswers();
    expect((await s.api('GET', `/api/v1/statistics?chatbotId=${fresh}`, { token })).json.feedback).toEqual({ up: 0, down: 0 });
  });

  it("the visitor's data export and the account export carry the rating and its comment", async () => {
    const visitor = await s.api('POST', '/api/v1/chats/visitor-data/export', { token, body: { chatbotId: bot, chatId: down.chatId } });
    expect(visitor.status).toBe(200);
    const message = visitor.json.chats.flatMap((c: { messages: unknown[] }) => c.messages).find((m: { id: string }) => m.id === down.messageId);
    expect(message.feedback).toMatchObject({ rating: 'down', comment: 'Zu teuer; "=SUMME(A1)"' });
    expect(Number.isNaN(Date.parse(message.feedback.givenAt))).toBe(false);

    const account = await s.api('GET', '/api/v1/account/export', { token });
    expect(account.status).toBe(200);
    const exported = account.json.chats.flatMap((c: { messages: unknown[] }) => c.messages).find((m: { id: string }) => m.id === down.messageId);
    expect(exported).toMatchObject({ feedback_rating: 'down', feedback_comment: 'Zu teuer; "=SUMME(A1)"' });
    const theirs = await s.api('GET', '/api/v1/account/export', { token: other.token });
    expect(JSON.stringify(theirs.json)).not.toContain(down.messageId);
  });
});
