/**
 * Text PostgreSQL cannot store (a NUL character, a lone surrogate) in any path, query filter or JSON body
 * of the API is a 400 naming the field, never a 500 — on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
let bot: string;
beforeAll(async () => {
  s = await startTestServer();
  const u = await s.createUser();
  token = u.token;
  bot = await createChatbot(s, u.user.organization_id);
});
afterAll(() => s?.close());

const filter = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify({ chatbotId: bot, ...f }))}`;

describe('text that cannot be stored', () => {
  const bad = ['a\u0000b', 'x\uD800y', '\uDC00'];

  it('in a list filter (language, search words) of every list → 400 ValidationFailed naming the field', async () => {
    for (const resource of ['documents', 'qna', 'schedules', 'scrape-jobs', 'webpages', 'chats', 'contacts', 'websites'])
      for (const value of bad)
        for (const key of ['lang', 'q']) {
          const r = await s.api('GET', `/api/v1/${resource}?${filter({ [key]: value })}`, { token });
          expect(r.status, `${resource} ${key} ${JSON.stringify(value)}`).toBe(400);
          expect(r.json.error).toBe('ValidationFailed');
          expect(JSON.stringify(r.json.details)).toContain(key);
        }
  });

  it('in a JSON body → 400; nothing is written', async () => {
    const before = await s.db.query<{ n: number }>('select count(*)::int n from qna where chatbot_id = $1', [bot]);
    const r = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId: bot, lang: 'de', question: 'Frage\u0000?', answer: 'Antwort' } });
    expect(r.status).toBe(400);
    expect(r.json.details[0].path).toBe('body.question');
    const after = await s.db.query<{ n: number }>('select count(*)::int n from qna where chatbot_id = $1', [bot]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('ordinary text with emoji and umlauts passes', async () => {
    const r = await s.api('GET', `/api/v1/qna?${filter({ q: 'Öffnungszeiten 😀' })}`, { token });
    expect(r.status).toBe(200);
  });
});
