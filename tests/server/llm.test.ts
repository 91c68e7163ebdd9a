import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../server/src/runtime/llm.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addPage, openChat } from './publicSeed.ts';

/**
 * A small OpenAI-compatible /chat/completions server. `reply` decides what it does with each
 * request; every request is kept for the assertions.
 */
type Behaviour = {
  status?: number;
  content?: string;
  delayMs?: number;
  raw?: string;
  /** Streamed requests: the answer's pieces, the pause before each, and after how many pieces the connection drops. */
  pieces?: string[];
  pieceDelayMs?: number;
  dropAfter?: number;
};
let behaviour: Behaviour = {};
const requests: { headers: http.IncomingHttpHeaders; url: string; body: any }[] = [];
const llm = http.createServer((req, res) => {
  let data = '';
  req.on('data', (c) => (data += c));
  req.on('end', () => {
    requests.push({ headers: req.headers, url: req.url ?? '', body: JSON.parse(data || '{}') });
    const b = behaviour;
    if (JSON.parse(data || '{}').stream) return void streamReply(res, b);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(b.status ?? 200, { 'content-type': 'application/json' });
      res.end(
        b.raw ??
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: b.content ?? '' }, finish_reason: 'stop' }],
          }),
      );
    }, b.delayMs ?? 0);
  });
});

/** A streamed chat completion as OpenAI sends it: one `data:` event per piece, then `data: [DONE]`. */
async function streamReply(res: http.ServerResponse, b: Behaviour) {
  if (b.status && b.status !== 200) return void res.writeHead(b.status, { 'content-type': 'application/json' }).end(b.raw ?? '{}');
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const pieces = b.pieces ?? [b.content ?? ''];
  for (const [i, piece] of pieces.entries()) {
    if (b.dropAfter === i) return void res.destroy();
    if (b.pieceDelayMs) await new Promise((r) => setTimeout(r, b.pieceDelayMs));
    if (res.destroyed) return;
    const event = `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] })}\n\n`;
    // Each piece is out before the next (and before a dropped connection): a drop must not swallow what was sent.
    await new Promise((r) => res.write(event, r));
  }
  res.end('data: [DONE]\n\n');
}

/** The events of a text/event-stream body, in order. */
function events(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') }));
}

let base: string;
let s: TestServer;
let bot: string;

beforeAll(async () => {
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
  s = await startTestServer({ LLM_BASE_URL: base, LLM_API_KEY: 'sk-test-123', LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '500' });
  const { user } = await s.createUser();
  bot = await createChatbot(s, user.organization_id, { url: 'https://hotel.example' });
  await addPage(s, bot, {
    url: 'https://hotel.example/anreise',
    title: 'Anreise',
    text: 'Der Check-in ist ab 15 Uhr möglich. Der Check-out ist bis 11 Uhr. Parkplätze kosten 12 Euro pro Nacht.',
  });
  await addPage(s, bot, {
    url: 'https://hotel.example/fruehstueck',
    title: 'Frühstück',
    text: 'Das Frühstück gibt es von 7 bis 10:30 Uhr. Der Check-in Schalter verkauft auch Frühstücksgutscheine.',
  });
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => llm.close(r));
});

describe('OpenAI-compatible client', () => {
  it('posts the model and messages with the key and returns the answer text', async () => {
    behaviour = { content: '  Hallo!  ' };
    requests.length = 0;
    const client = createLlmClient({ LLM_BASE_URL: base, LLM_API_KEY: 'k1', LLM_MODEL: 'm1' });
    expect(await client.complete([{ role: 'user', content: 'Hi' }])).toBe('Hallo!');
    expect(requests[0].url).toBe('/v1/chat/completions');
    expect(requests[0].headers.authorization).toBe('Bearer k1');
    expect(requests[0].body).toMatchObject({ model: 'm1', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it.each([
    ['a provider error', { status: 500, raw: '{"error":{"message":"boom"}}' }],
    ['an empty answer', { content: '' }],
    ['a broken body', { raw: 'not json' }],
    ['a timeout', { delayMs: 800, content: 'late' }],
  ])('reports %s as UpstreamFailed', async (_what, b) => {
    behaviour = b;
    const client = createLlmClient({ LLM_BASE_URL: base, LLM_MODEL: 'm1', LLM_TIMEOUT_MS: 300 });
    await expect(client.complete([{ role: 'user', content: 'Hi' }])).rejects.toMatchObject({ status: 502, key: 'UpstreamFailed' });
  });

  it('is not configured without base URL and model', () => {
    expect(() => createLlmClient({})).toThrow(expect.objectContaining({ status: 501, key: 'FeatureNotConfigured' }));
  });
});

describe('answers generated by the language model', () => {
  it('answers from the passages only, in the chat language, with the cited sources', async () => {
    behaviour = { content: 'Sie können ab 15 Uhr einchecken [1]. Frühstück gibt es bis 10:30 Uhr [2].' };
    requests.length = 0;
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ab wann ist der Check-in möglich?');
    expect(r.status).toBe(200);
    expect(r.json.answeredBy).toBe('llm');
    expect(r.json.answer).toBe('Sie können ab 15 Uhr einchecken. Frühstück gibt es bis 10:30 Uhr.');
    const sent = requests[0].body;
    expect(sent.model).toBe('test-model');
    expect(requests[0].headers.authorization).toBe('Bearer sk-test-123');
    const system = sent.messages[0].content as string;
    expect(sent.messages[0].role).toBe('system');
    expect(system).toContain('ONLY the numbered passages');
    expect(system).toContain('Answer in German');
    expect(system).toContain('Der Check-in ist ab 15 Uhr möglich.');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Ab wann ist der Check-in möglich?' });
    // The passage numbers map to the two pages; both were cited.
    const cited = r.json.sources.map((x: any) => x.url).sort();
    expect(cited).toEqual(['https://hotel.example/anreise', 'https://hotel.example/fruehstueck']);
    const row = (await s.db.query<any>('select answered_by, sources from messages where id = $1', [r.json.id])).rows[0];
    expect(row.answered_by).toBe('llm');
    expect(row.sources).toHaveLength(2);
  });

  it('sends the earlier turns of the chat as context', async () => {
    behaviour = { content: 'Ab 15 Uhr [1].' };
    const chat = await openChat(s, bot);
    await chat.ask('Ab wann ist der Check-in möglich?');
    requests.length = 0;
    await chat.ask('Und bis wann der Check-out?');
    const msgs = requests[0].body.messages;
    expect(msgs.map((m: any) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(msgs[1].content).toBe('Ab wann ist der Check-in möglich?');
    expect(msgs[2].content).toBe('Ab 15 Uhr.');
  });

  it('says it does not know when the model finds no answer in the passages', async () => {
    behaviour = { content: 'NO_ANSWER' };
    const chat = await openChat(s, bot);
    // The extractive engine would quote a sentence here; the model read the passages and found nothing.
    const r = await chat.ask('Ab wann ist der Check-in möglich?');
    expect(r.json.answeredBy).toBe('fallback');
    expect(r.json.answer).toContain('keine Antwort gefunden');
  });

  it.each([
    ['an error', { status: 503, raw: '{}' }],
    ['a timeout', { delayMs: 1500, content: 'zu spät [1]' }],
  ])('falls back to the answer from the passages on %s', async (_what, b) => {
    behaviour = b;
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ab wann ist der Check-in möglich?');
    expect(r.status).toBe(200);
    expect(r.json.answeredBy).toBe('retrieval');
    expect(r.json.answer).toContain('Der Check-in ist ab 15 Uhr möglich.');
    expect(r.json.sources[0].url).toBe('https://hotel.example/anreise');
  });

  it('does not call the model when no passage matches', async () => {
    requests.length = 0;
    behaviour = { content: 'Erfunden [1]' };
    const chat = await openChat(s, bot);
    const r = await chat.ask('Zzyzx qwerty?');
    expect(r.json.answeredBy).toBe('fallback');
    expect(requests).toHaveLength(0);
  });
});

describe('answers streamed from the language model', () => {
  const stream = { accept: 'text/event-stream' };

  it('the client hands over each piece as it arrives and resolves with the whole text', async () => {
    behaviour = { pieces: ['Ab ', '15 ', 'Uhr.'] };
    const client = createLlmClient({ LLM_BASE_URL: base, LLM_MODEL: 'm1' });
    const seen: string[] = [];
    expect(await client.stream([{ role: 'user', content: 'Hi' }], (d) => seen.push(d))).toBe('Ab 15 Uhr.');
    expect(seen).toEqual(['Ab ', '15 ', 'Uhr.']);
    expect(requests.at(-1)!.body.stream).toBe(true);
  });

  it.each([
    ['a provider error', { status: 500, raw: '{}' }],
    ['a connection dropped mid-stream', { pieces: ['Ab ', '15 ', 'Uhr.'], dropAfter: 2 }],
    ['a stream slower than the timeout', { pieces: ['Ab ', '15 ', 'Uhr.'], pieceDelayMs: 200 }],
    ['an empty stream', { pieces: [] }],
  ])('the client reports %s as UpstreamFailed', async (_what, b) => {
    behaviour = b;
    const client = createLlmClient({ LLM_BASE_URL: base, LLM_MODEL: 'm1', LLM_TIMEOUT_MS: 300 });
    await expect(client.stream([{ role: 'user', content: 'Hi' }], () => undefined)).rejects.toMatchObject({ status: 502, key: 'UpstreamFailed' });
  });

  it('sends the words as they come, without citation markers, then the whole answer with its sources', async () => {
    behaviour = { pieces: ['Sie können ', 'ab 15 Uhr ', 'einchecken [', '1]. Frühstück ', 'gibt es bis 10:30 Uhr', ' [2].'] };
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ab wann ist der Check-in möglich?', stream);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const evs = events(r.text);
    const deltas = evs.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(evs.at(-1)!.event).toBe('answer');
    const answer = evs.at(-1)!.data;
    expect(answer.answeredBy).toBe('llm');
    expect(answer.answer).toBe('Sie können ab 15 Uhr einchecken. Frühstück gibt es bis 10:30 Uhr.');
    expect(deltas.join('')).toBe(answer.answer);
    expect(answer.sources.map((x: { url: string }) => x.url).sort()).toEqual(['https://hotel.example/anreise', 'https://hotel.example/fruehstueck']);
    const row = (await s.db.query<{ answer: string; answered_by: string }>('select answer, answered_by from messages where id = $1', [answer.id])).rows[0];
    expect(row).toEqual({ answer: answer.answer, answered_by: 'llm' });
    // The streamed answer's id is what the widget rates it by.
    const rated = await s.api('POST', `/api/v1/public/chatbots/${bot}/chats/${chat.chatId}/messages/${answer.id}/feedback`, { body: { rating: 'up' } });
    expect(rated.json).toMatchObject({ messageId: answer.id, rating: 'up' });
  });

  it('shows nothing of NO_ANSWER and answers as without streaming, in plain JSON', async () => {
    behaviour = { pieces: ['NO_', 'ANS', 'WER'] };
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ab wann ist der Check-in möglich?', stream);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json.answeredBy).toBe('fallback');
  });

  it('replaces a stream that broke off with the answer from the passages', async () => {
    behaviour = { pieces: ['Sie können ', 'ab 15 Uhr ', 'einchecken.'], dropAfter: 2 };
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ab wann ist der Check-in möglich?', stream);
    const evs = events(r.text);
    expect(evs.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toBe('Sie können ab 15 Uhr');
    const answer = evs.at(-1)!;
    expect(answer.event).toBe('answer');
    expect(answer.data.answeredBy).toBe('retrieval');
    expect(answer.data.answer).toContain('Der Check-in ist ab 15 Uhr möglich.');
  });

  it('refuses bad input before any stream begins, as plain JSON: an unknown chat, an empty or over-long question, a NUL', async () => {
    const unknown = await s.api('POST', `/api/v1/public/chatbots/${bot}/chats/${crypto.randomUUID()}/messages`, { body: { text: 'Hallo?' }, headers: stream });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    const chat = await openChat(s, bot);
    for (const text of ['', 'x'.repeat(100_000), 'Check-in\u0000?']) {
      const r = await chat.ask(text, stream);
      expect(r.status, text.slice(0, 20)).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('answers a question without streaming when the Accept header does not ask for it, and tells the widget it may', async () => {
    behaviour = { pieces: ['Ab 15 Uhr [1].'], content: 'Ab 15 Uhr [1].' };
    const chat = await openChat(s, bot);
    const r = await chat.ask('Ab wann ist der Check-in möglich?');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json.answer).toBe('Ab 15 Uhr.');
    expect(requests.at(-1)!.body.stream).toBeUndefined();
    expect((await s.api('GET', `/api/v1/public/chatbots/${bot}/config`)).json.streaming).toBe(true);
  });
});

describe('knowledge gaps with a language model', () => {
  it('a declined question is proven answered after a page is added: re-asked through the model, answered from the new page, closed', async () => {
    const { user, token } = await s.createUser();
    const spa = await createChatbot(s, user.organization_id, { url: 'https://spa.example' });
    await addPage(s, spa, { url: 'https://spa.example/anreise', title: 'Anreise', text: 'Der Check-in ist ab 15 Uhr möglich.' });
    behaviour = { content: 'NO_ANSWER' };
    expect((await (await openChat(s, spa)).ask('Gibt es eine Sauna?')).json.answeredBy).toBe('fallback');
    const gaps = await s.api('GET', `/api/v1/knowledge-gaps?filter=${encodeURIComponent(JSON.stringify({ chatbotId: spa, lang: 'de' }))}`, { token });
    expect(gaps.json.map((g: { question: string }) => g.question)).toEqual(['Gibt es eine Sauna?']);

    // The customer adds a page instead of a pair; the proof asks the model again, which now finds the answer.
    const wellness = await addPage(s, spa, { url: 'https://spa.example/wellness', title: 'Wellness', text: 'Unsere Sauna ist täglich von 14 bis 21 Uhr geöffnet.' });
    requests.length = 0;
    behaviour = { content: 'Die Sauna ist täglich von 14 bis 21 Uhr geöffnet [1].' };
    const proof = await s.api('POST', `/api/v1/knowledge-gaps/${gaps.json[0].id}/reask`, { token });
    expect(proof.status, proof.text).toBe(200);
    expect(proof.json).toMatchObject({ closed: true, qnaId: null });
    expect(proof.json.results[0]).toMatchObject({
      question: 'Gibt es eine Sauna?',
      before: { answeredBy: 'fallback', sources: [] },
      after: { answeredBy: 'llm', answer: 'Die Sauna ist täglich von 14 bis 21 Uhr geöffnet.', sources: [expect.objectContaining({ type: 'webpage', id: wellness })] },
      usesNew: true,
    });
    expect(JSON.stringify(requests[0].body.messages)).toContain('Unsere Sauna ist täglich');
    const after = await s.api('GET', `/api/v1/knowledge-gaps?filter=${encodeURIComponent(JSON.stringify({ chatbotId: spa, lang: 'de' }))}`, { token });
    expect(after.json).toEqual([]);
  });
});
