import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config.ts';
import { AppError } from '../../server/src/errors.ts';
import { embedMissing, queueMissingEmbeddings } from '../../server/src/jobs/embeddings.ts';
import { batches, createEmbeddingsClient, VectorIndex } from '../../server/src/services/embeddings.ts';
import { retrieve, semanticCoverage } from '../../server/src/services/retrieval.ts';
import { startHttp, waitFor } from './fakeServers.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { addPage } from './publicSeed.ts';

/**
 * A local OpenAI-compatible /embeddings server with deterministic vectors: a bag of words hashed
 * into 64 dimensions, where words of one concept (a small synonym table) hash alike. So "Is my
 * pooch permitted?" is near "Canines are welcome in every room" without sharing a word with it.
 */
const DIMS = 64;
const CONCEPTS: Record<string, string> = {
  pooch: 'canine', canines: 'canine', dog: 'canine', dogs: 'canine',
  permitted: 'allow', allowed: 'allow', welcome: 'allow',
};
const STOP = new Set('a an the is are am be my our your we you i can do does in on at of for to and or with every all from'.split(' '));

function fakeVector(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP.has(word)) continue;
    const concept = CONCEPTS[word] ?? word.replace(/s$/, '');
    let h = 2166136261;
    for (const c of concept) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    v[(h >>> 0) % DIMS] += 1;
  }
  return v;
}

const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0);
  return dot / Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
};

type Behaviour = { status?: number; delayMs?: number; raw?: string };
let behaviour: Behaviour = {};
const calls: { url: string; headers: http.IncomingHttpHeaders; body: { model: string; input: string[] } }[] = [];
const fake = http.createServer((req, res) => {
  let data = '';
  req.on('data', (c) => (data += c));
  req.on('end', () => {
    const body = JSON.parse(data || '{}');
    calls.push({ url: req.url ?? '', headers: req.headers, body });
    const b = behaviour;
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(b.status ?? 200, { 'content-type': 'application/json' });
      if (b.raw !== undefined || (b.status ?? 200) >= 400) return res.end(b.raw ?? '{"error":{"message":"boom"}}');
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      // Listed in reverse with their index, as a server may: the client must follow the numbers.
      const data = input.map((t, index) => ({ object: 'embedding', index, embedding: fakeVector(t) })).reverse();
      res.end(JSON.stringify({ object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    }, b.delayMs ?? 0);
  });
});

let base: string;
const env = () => ({ EMBEDDINGS_BASE_URL: base, EMBEDDINGS_MODEL: 'fake-bow-64', EMBEDDINGS_API_KEY: 'sk-emb-test' });

beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => fake.close(r));
});

/** A small English website: one page says dogs are welcome without the words of the question. */
function startSite() {
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const pages: Record<string, string> = {
    '/': page('Seaside Hotel', '<p>A small hotel by the sea.</p><p><a href="/rooms.html">Rooms</a> <a href="/canines.html">Canines</a> <a href="/breakfast.html">Breakfast</a></p>'),
    '/rooms.html': page('Rooms', '<p>Rooms have a balcony facing the harbour.</p>'),
    '/canines.html': page('Canines', '<p>Canines are welcome in every room.</p>'),
    '/breakfast.html': page('Breakfast', '<p>Breakfast is served from seven to ten in the garden.</p>'),
  };
  return startHttp((req, _body, res) => {
    const html = pages[req.url ?? ''];
    if (req.url === '/robots.txt' || !html) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html);
  });
}

async function crawl(s: TestServer, token: string, chatbotId: string, domain: string) {
  const r = await s.api('POST', '/api/v1/websites', { token, body: { chatbotId, lang: 'en', domain } });
  expect(r.status).toBe(201);
  return waitFor(async () => {
    const j = await s.api('GET', `/api/v1/scrape-jobs/${r.json.job.id}`, { token });
    return j.json.status === 'completed' || j.json.status === 'failed' ? j.json : null;
  }, 45_000);
}

const count = async (s: TestServer, sql: string, params: unknown[]) => Number((await s.db.query<{ n: string }>(sql, params)).rows[0].n);
const passages = (s: TestServer, chatbotId: string) => count(s, 'select count(*)::text as n from passages where chatbot_id = $1', [chatbotId]);
const vectors = (s: TestServer, chatbotId: string) =>
  count(s, 'select count(*)::text as n from passage_embeddings e join passages p on p.id = e.passage_id where p.chatbot_id = $1 and e.chatbot_id = $1', [chatbotId]);
const allEmbedded = (s: TestServer, chatbotId: string) =>
  waitFor(async () => {
    const n = await passages(s, chatbotId);
    return n > 0 && (await vectors(s, chatbotId)) === n;
  }, 30_000);

describe('embeddings client', () => {
  it('is off unless both address and model are configured; one without the other is a configuration error', () => {
    expect(() => createEmbeddingsClient({})).toThrow(expect.objectContaining({ key: 'FeatureNotConfigured', status: 501 }));
    expect(loadConfig({}).EMBEDDINGS_BASE_URL).toBeUndefined();
    expect(loadConfig({}).EMBEDDINGS_TIMEOUT_MS).toBe(10_000);
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/EMBEDDINGS_MODEL: required/);
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'm' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'not a url', EMBEDDINGS_MODEL: 'm' })).toThrow(/EMBEDDINGS_BASE_URL/);
    expect(() => loadConfig({ EMBEDDINGS_TIMEOUT_MS: '5' })).toThrow(/EMBEDDINGS_TIMEOUT_MS/);
  });

  it('sends inputs in batches of at most 64 (and bounded size) with the key, and returns one vector per input in order', async () => {
    behaviour = {};
    calls.length = 0;
    const client = createEmbeddingsClient(env());
    const inputs = Array.from({ length: 150 }, (_, i) => `text number ${i} about topic${i % 7}`);
    const out = await client.embed(inputs);
    expect(out).toHaveLength(150);
    out.forEach((v, i) => expect(v).toEqual(fakeVector(inputs[i])));
    expect(calls.map((c) => c.body.input.length)).toEqual([64, 64, 22]);
    for (const c of calls) {
      expect(c.url).toBe('/v1/embeddings');
      expect(c.headers.authorization).toBe('Bearer sk-emb-test');
      expect(c.body.model).toBe('fake-bow-64');
    }
    // Without a key no authorization header is sent (Ollama, vLLM).
    calls.length = 0;
    await createEmbeddingsClient({ ...env(), EMBEDDINGS_API_KEY: undefined }).embed(['x']);
    expect(calls[0].headers.authorization).toBeUndefined();
    // Size bound: long inputs make smaller requests.
    expect(batches(['a'.repeat(70_000), 'b'.repeat(70_000), 'c']).map((b) => b.length)).toEqual([1, 2]);
    expect(batches(Array(130).fill('x')).map((b) => b.length)).toEqual([64, 64, 2]);
  });

  it('caches a question by its text', async () => {
    behaviour = {};
    calls.length = 0;
    const client = createEmbeddingsClient(env());
    const a = await client.embedQuery('Is my pooch permitted?');
    const b = await client.embedQuery('Is my pooch permitted?');
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
  });

  it('reports an error status, a malformed answer, an unreachable endpoint and a timeout as UpstreamFailed', async () => {
    const client = createEmbeddingsClient({ ...env(), EMBEDDINGS_TIMEOUT_MS: 200 });
    const failure = async (p: Promise<unknown>) => {
      const e = await p.then(() => null, (err) => err);
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ status: 502, key: 'UpstreamFailed', details: expect.objectContaining({ provider: 'embeddings' }) });
      return e as AppError;
    };
    behaviour = { status: 500 };
    expect((await failure(client.embed(['x']))).details).toMatchObject({ status: 500 });
    behaviour = { status: 401 };
    expect((await failure(client.embed(['x']))).message).toMatch(/401/);
    behaviour = { raw: '{"data":[]}' };
    await failure(client.embed(['x', 'y']));
    behaviour = { raw: '{"data":[{"index":0,"embedding":[1,"x"]}]}' };
    await failure(client.embed(['x']));
    behaviour = { delayMs: 1000 };
    expect((await failure(client.embed(['x']))).message).toMatch(/timed out/);
    behaviour = {};
    const closed = await startHttp((_q, _b, res) => void res.end());
    await closed.close();
    await failure(createEmbeddingsClient({ ...env(), EMBEDDINGS_BASE_URL: closed.url }).embed(['x']));
  });

  it('ranks by cosine over normalised vectors', () => {
    const index = new VectorIndex([{ unit: 3, vector: [1, 0] }, { unit: 5, vector: [1, 1] }, { unit: 7, vector: [0, 0] }, { unit: 9, vector: [1, 2, 3] }]);
    expect(index.size).toBe(2); // the zero vector and the one of another length are left out
    const sim = index.similarities([2, 0]);
    expect(sim.get(3)).toBeCloseTo(1);
    expect(sim.get(5)).toBeCloseTo(Math.SQRT1_2);
    expect(index.similarities([1, 0, 0]).size).toBe(0);
    // Kept as 8-bit integers: the cosines stay within 0.01 of the exact ones.
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const rows = Array.from({ length: 50 }, (_, unit) => ({ unit, vector: Array.from({ length: 384 }, rnd) }));
    const q = Array.from({ length: 384 }, rnd);
    const approx = new VectorIndex(rows).similarities(q);
    for (const r of rows) expect(Math.abs(approx.get(r.unit)! - cosine(q, r.vector))).toBeLessThan(0.01);
    expect(semanticCoverage(0.5)).toBe(0);
    expect(semanticCoverage(0.65)).toBeCloseTo(0.5);
    expect(semanticCoverage(0.95)).toBe(1);
  });
});

describe('semantic retrieval with embeddings configured', () => {
  let s: TestServer;
  let site: Awaited<ReturnType<typeof startSite>>;
  let token: string;
  let bot: string;
  let other: { token: string; bot: string };

  beforeAll(async () => {
    behaviour = {};
    site = await startSite();
    s = await startTestServer({ ...env(), CRAWL_MAX_DEPTH: '2', CRAWL_PAGE_TIMEOUT_MS: '3000' });
    const u = await s.createUser();
    token = u.token;
    bot = await createChatbot(s, u.user.organization_id, { url: site.url, lang: 'en' });
    const o = await s.createUser();
    other = { token: o.token, bot: await createChatbot(s, o.user.organization_id, { url: 'https://other.example', lang: 'en' }) };
  });
  afterAll(async () => {
    await s?.close();
    await site?.close();
  });

  it('embeds every passage after a crawl, in batches, with the current model', async () => {
    calls.length = 0;
    const job = await crawl(s, token, bot, site.url);
    expect(job.status).toBe('completed');
    expect(job.pagesTrained).toBe(4);
    await allEmbedded(s, bot);
    expect(await vectors(s, bot)).toBe(await passages(s, bot));
    const rows = await s.db.query<{ model: string; embedding: number[] }>('select model, embedding from passage_embeddings where chatbot_id = $1', [bot]);
    expect(rows.rows.every((r) => r.model === 'fake-bow-64' && r.embedding.length === DIMS)).toBe(true);
    expect(calls.every((c) => c.body.input.length <= 64)).toBe(true);
  });

  it('finds a unit that shares no word with the question but is near it, with a coverage the gate accepts', async () => {
    const question = 'Is my pooch permitted?';
    const lexical = await retrieve(s.db, { chatbotId: bot, lang: 'en', question }, { embeddings: null });
    expect(lexical.some((h) => /Canines/.test(h.text))).toBe(false);

    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question });
    const dogs = hits.find((h) => /Canines/.test(h.text))!;
    expect(dogs).toBeDefined();
    expect(hits[0]).toBe(dogs);
    expect(dogs.similarity).toBeCloseTo(cosine(fakeVector(question), fakeVector(`${dogs.heading}\n${dogs.text}`)), 2);
    expect(dogs.similarity!).toBeGreaterThan(0.7);
    expect(dogs.coverage).toBeCloseTo(semanticCoverage(dogs.similarity!), 5);
    expect(dogs.coverage).toBeGreaterThanOrEqual(0.45);
    expect(dogs.bodyMatches).toBeGreaterThanOrEqual(1);
    expect(dogs.terms).toEqual([]);
    // The breakfast unit is not near the question: it is not a semantic hit.
    expect(hits.some((h) => /Breakfast is served/.test(h.text))).toBe(false);
  });

  it('keeps the lexical hits, their coverage and terms; a lexical hit also near the question ranks first', async () => {
    const question = 'When is breakfast served?';
    const lexical = await retrieve(s.db, { chatbotId: bot, lang: 'en', question }, { embeddings: null });
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question });
    expect(hits[0].text).toMatch(/Breakfast is served/);
    const l = lexical.find((h) => h.id === hits[0].id)!;
    expect(hits[0].coverage).toBeGreaterThanOrEqual(l.coverage);
    expect(hits[0].terms).toEqual(l.terms);
    expect(hits[0].bodyMatches).toBe(l.bodyMatches);
    for (const h of lexical) expect(hits.map((x) => x.id)).toContain(h.id);
  });

  it('embeds a question-answer pair written through the API and picks the new vector up at once', async () => {
    const before = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'Are dogs allowed in the spa?' });
    const r = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId: bot, lang: 'en', question: 'Spa', answer: 'Canines may join you in the spa area.' } });
    expect(r.status).toBe(201);
    const passage = await waitFor(async () =>
      (await s.db.query<{ id: string }>(`select p.id::text as id from passages p join passage_embeddings e on e.passage_id = p.id where p.source_id = $1`, [r.json.id])).rows[0],
    );
    const after = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'Are dogs allowed in the spa?' });
    expect(before.some((h) => h.id === passage.id)).toBe(false);
    expect(after.find((h) => h.id === passage.id)?.similarity).toBeGreaterThan(0.5);
  });

  it("never returns another tenant's passages, however near they are", async () => {
    const r = await s.api('POST', '/api/v1/qna', {
      token: other.token,
      body: { chatbotId: other.bot, lang: 'en', question: 'Pooch permitted?', answer: 'Is my pooch permitted? Canines are welcome.' },
    });
    expect(r.status).toBe(201);
    await allEmbedded(s, other.bot);
    const mine = new Set((await s.db.query<{ id: string }>('select id::text as id from passages where chatbot_id = $1', [bot])).rows.map((x) => x.id));
    const theirs = new Set((await s.db.query<{ id: string }>('select id::text as id from passages where chatbot_id = $1', [other.bot])).rows.map((x) => x.id));
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'Is my pooch permitted?', limit: 50 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => mine.has(h.id))).toBe(true);
    const theirHits = await retrieve(s.db, { chatbotId: other.bot, lang: 'en', question: 'Is my pooch permitted?', limit: 50 });
    expect(theirHits.length).toBeGreaterThan(0);
    expect(theirHits.every((h) => theirs.has(h.id))).toBe(true);
    // Every stored vector belongs to its passage's chatbot.
    expect(await count(s, 'select count(*)::text as n from passage_embeddings e join passages p on p.id = e.passage_id where e.chatbot_id <> p.chatbot_id', [])).toBe(0);
  });

  it('a failing endpoint fails neither training nor answers; the missing vectors are written later', async () => {
    behaviour = { status: 503 };
    const r = await s.api('POST', '/api/v1/qna', { token, body: { chatbotId: bot, lang: 'en', question: 'Parking', answer: 'Parking costs 12 euros per night.' } });
    expect(r.status).toBe(201);
    const id = (await s.db.query<{ id: string }>('select id::text as id from passages where source_id = $1', [r.json.id])).rows[0].id;
    // Answers go on lexically while the endpoint is down.
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'What does parking cost per night?' });
    expect(hits[0].id).toBe(id);
    const client = createEmbeddingsClient(env());
    const version = async () => (await s.db.query<{ v: string }>('select index_version::text as v from chatbots where id = $1', [bot])).rows[0].v;
    const v0 = await version();
    await expect(embedMissing(s.db, client, bot)).rejects.toMatchObject({ key: 'UpstreamFailed' });
    expect(await count(s, 'select count(*)::text as n from passage_embeddings where passage_id = $1', [id])).toBe(0);
    expect(await version()).toBe(v0);
    behaviour = {};
    expect(await embedMissing(s.db, client, bot)).toBe(1);
    expect(await version()).not.toBe(v0);
    expect(await embedMissing(s.db, client, bot)).toBe(0);
  });

  it('the sweep queues chatbots whose passages miss vectors (content trained before the feature was on)', async () => {
    await addPage(s, bot, { url: `${site.url}/terrace`, title: 'Terrace', text: 'The terrace opens at noon.', lang: 'en' });
    expect(await vectors(s, bot)).toBeLessThan(await passages(s, bot));
    expect(await queueMissingEmbeddings(s.app.ctx)).toBeGreaterThanOrEqual(1);
    await allEmbedded(s, bot);
  });
});

describe('embeddings not configured', () => {
  let s: TestServer;
  let site: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    site = await startSite();
    s = await startTestServer({ CRAWL_MAX_DEPTH: '2', CRAWL_PAGE_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await s?.close();
    await site?.close();
  });

  it('writes no vectors, calls nothing, creates no queue, and retrieves lexically', async () => {
    calls.length = 0;
    const u = await s.createUser();
    const bot = await createChatbot(s, u.user.organization_id, { url: site.url, lang: 'en' });
    const job = await crawl(s, u.token, bot, site.url);
    expect(job.status).toBe('completed');
    const r = await s.api('POST', '/api/v1/qna', { token: u.token, body: { chatbotId: bot, lang: 'en', question: 'Spa', answer: 'Canines may join you in the spa area.' } });
    expect(r.status).toBe(201);
    // Where an embeddings job would be queued: after the crawl's queue job has ended (the scrape job is
    // marked completed a moment before) and with the pair's passage.
    await vi.waitFor(
      async () => {
        const crawlJob = await s.db.query(`select state from pgboss.job where name = 'training-crawl' and data->>'jobId' = $1`, [job.id]);
        expect(crawlJob.rows).toEqual([{ state: 'completed' }]);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await count(s, "select count(*)::text as n from passages where chatbot_id = $1 and text like '%spa area%'", [bot])).toBeGreaterThan(0);
    expect(await passages(s, bot)).toBeGreaterThan(0);
    expect(await count(s, 'select count(*)::text as n from passage_embeddings', [])).toBe(0);
    expect(await count(s, "select count(*)::text as n from pgboss.queue where name like 'embeddings%'", [])).toBe(0);
    expect(calls).toHaveLength(0);
    const question = 'Is my pooch permitted?';
    expect(await retrieve(s.db, { chatbotId: bot, lang: 'en', question })).toEqual(
      await retrieve(s.db, { chatbotId: bot, lang: 'en', question }, { embeddings: null }),
    );
    const hits = await retrieve(s.db, { chatbotId: bot, lang: 'en', question: 'When is breakfast served?' });
    expect(hits[0].text).toMatch(/Breakfast is served/);
    expect(hits.every((h) => h.similarity === undefined)).toBe(true);
  });
});
