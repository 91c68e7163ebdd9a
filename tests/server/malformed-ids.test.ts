/**
 * Ids PostgreSQL's uuid type would refuse never reach SQL, and another tenant's id looks like no id at all:
 * a malformed or foreign id in a path answers 404, in a body or filter field 400 (or 404 where "not yours"
 * is 404), never 500. The routes are read from the running server, so a route added later is covered
 * without touching this file (its id parameter must name a record kind below, or the test says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type Route } from './routeList.ts';
import { ACT_AS_HEADER } from '../../server/src/plugins/app/auth.ts';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';

const A_UUID = '8f14e45f-ceea-467f-a0e6-1a2b3c4d5e6f';
const MALFORMED: Record<string, string> = {
  '36 characters, not hex': 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '36 hex digits without dashes': '0123456789abcdef0123456789abcdef0123',
  '36 dashes': '-'.repeat(36),
  'a uuid with NUL': `${A_UUID}\u0000`,
  'NUL inside a uuid shape': `${A_UUID.slice(0, 35)}\u0000`,
  'a uuid and a newline': `${A_UUID}\n`,
  'one character too many': `${A_UUID}0`,
  'far too long': A_UUID.repeat(40),
  'empty segment': '',
  '../': '../',
};
/** What can travel in a header: no control characters, not empty (an empty act-as header means "myself"). */
const HEADER_SAFE = Object.fromEntries(Object.entries(MALFORMED).filter(([, v]) => v && ![...v].some((c) => c.charCodeAt(0) < 0x20)));

type Kind = 'user' | 'organization' | 'chatbot' | 'website' | 'webpage' | 'document' | 'qna' | 'contact' | 'schedule' | 'scrapeJob' | 'chat' | 'message' | 'knowledgeGap' | 'testQuestion';
type Records = Record<Kind, string>;

/** `/<resource>/:id` names the record kind by its resource; other id parameters by their name. */
const KIND_OF_RESOURCE: Record<string, Kind> = {
  users: 'user', chatbots: 'chatbot', websites: 'website', webpages: 'webpage', documents: 'document', qna: 'qna',
  contacts: 'contact', schedules: 'schedule', 'scrape-jobs': 'scrapeJob', chats: 'chat', customers: 'organization',
  'knowledge-gaps': 'knowledgeGap', 'test-questions': 'testQuestion',
};
/** Routes only operators may call (others get 403 whatever the id): probed with an operator's token. */
const isOperatorRoute = (path: string) => path.startsWith('/api/v1/customers');
const KIND_OF_PARAM: Record<string, Kind> = { chatbotId: 'chatbot', chatId: 'chat', messageId: 'message' };
/** Path parameters that are not record ids, with a valid value. */
const NOT_AN_ID: Record<string, string> = { lang: 'de', uid: A_UUID };

/** A valid body for routes that read their body before the record, so the id check is what answers. */
const BODY: Record<string, unknown> = {
  'PATCH /api/v1/languages/:/:': { isDefault: true },
  'POST /api/v1/languages/:': { lang: 'en' },
  'PUT /api/v1/chats/:/messages/:': { translatedText: 'Hello', translatedLang: 'en' },
  'POST /api/v1/chats/:/messages/:/optimize': { answer: 'Better answer' },
  'POST /api/v1/knowledge-gaps/:/answer': { question: 'Frage?', answer: 'Antwort.' },
  'POST /api/v1/public/chatbots/:/chats/:/messages': { text: 'Hallo' },
  'POST /api/v1/public/chatbots/:/chats/:/lead': { email: 'visitor@example.test', consent: true },
};

/** fastify's maxParamLength: a longer path segment matches no route (404, or the router's 414) before any route code runs. */
const ROUTER_PARAM_LIMIT = 100;

const paramNames = (segment: string) => segment.split('|').map((p) => p.replace(/^:/, ''));
const isParam = (segment: string) => segment.startsWith(':');
const shape = (r: Route) => `${r.method} ${r.path.replace(/:[^/]+/g, ':')}`;

/** The record kind of the parameter at `i`, or null for parameters that are not ids. */
function kindAt(segments: string[], i: number): Kind | null {
  const names = paramNames(segments[i]);
  if (names.every((n) => n in NOT_AN_ID)) return null;
  const kind = names.map((n) => KIND_OF_PARAM[n] ?? (n === 'id' ? KIND_OF_RESOURCE[segments[i - 1]] : undefined)).find(Boolean);
  if (!kind) throw new Error(`${segments.join('/')}: unknown id parameter ${segments[i]}; add its record kind to this test`);
  return kind;
}

/** The path with own records in every parameter but `at`, which gets `value` (percent-encoded). */
function fill(path: string, own: Records, at: number, value: string) {
  const segments = path.split('/');
  return segments
    .map((seg, i) => {
      if (!isParam(seg)) return seg;
      if (i === at) return encodeURIComponent(value);
      const kind = kindAt(segments, i);
      return kind ? own[kind] : NOT_AN_ID[paramNames(seg)[0]];
    })
    .join('/');
}

let s: TestServer;
let token: string;
let adminToken: string;
let own: Records;
let foreign: Records;
let routes: Route[];

/** One record of each kind for a tenant, written straight to the database. */
async function seedTenant(organizationId: string, userId: string, userToken: string): Promise<Records> {
  const one = async (sql: string, params: unknown[]) => (await s.db.query<{ id: string }>(`${sql} returning id`, params)).rows[0].id;
  const chatbot = await createChatbot(s, organizationId);
  const org = [organizationId, chatbot];
  const website = await one("insert into websites (organization_id, chatbot_id, lang, domain) values ($1, $2, 'de', 'https://example.test')", org);
  const chat = await one("insert into chats (organization_id, chatbot_id, visitor_id, lang) values ($1, $2, 'visitor-1', 'de')", org);
  return {
    user: userId,
    organization: organizationId,
    chatbot,
    website,
    chat,
    webpage: await one(
      `insert into webpages (organization_id, chatbot_id, website_id, lang, url, path, title, text, characters)
       values ($1, $2, $3, 'de', 'https://example.test/a', '/a', 'A', 'Text', 4)`,
      [...org, website],
    ),
    document: await one("insert into documents (organization_id, chatbot_id, lang, name, type, size, storage_key) values ($1, $2, 'de', 'a.txt', 'txt', 4, 'none')", org),
    qna: await one("insert into qna (organization_id, chatbot_id, lang, question, answer) values ($1, $2, 'de', 'Frage?', 'Antwort.')", org),
    contact: await one("insert into contacts (organization_id, chatbot_id, name, email, phone, department) values ($1, $2, 'Anna', 'anna@example.test', '+49 30 123456', 'Sales')", org),
    schedule: await one("insert into training_schedules (organization_id, chatbot_id, website_id, lang, url, cron) values ($1, $2, $3, 'de', 'https://example.test', '0 0 1 1 *')", [...org, website]),
    scrapeJob: await one("insert into scrape_jobs (organization_id, chatbot_id, website_id, lang, type, status) values ($1, $2, $3, 'de', 'spider', 'completed')", [...org, website]),
    message: await one("insert into messages (organization_id, chatbot_id, chat_id, question, answer) values ($1, $2, $3, 'Frage?', 'Antwort.')", [...org, chat]),
    knowledgeGap: await declinedQuestionGap(chatbot, [...org, chat], userToken),
    testQuestion: await one("insert into test_questions (organization_id, chatbot_id, lang, question) values ($1, $2, 'de', 'Frage?')", org),
  };
}

/** A question the bot declined, and the knowledge gap it makes (its id is computed by the server). */
async function declinedQuestionGap(chatbot: string, params: string[], userToken: string) {
  await s.db.query("insert into messages (organization_id, chatbot_id, chat_id, question, answer, answered_by) values ($1, $2, $3, 'Parkplätze?', 'Leider nicht.', 'fallback')", params);
  const r = await s.api('GET', `/api/v1/knowledge-gaps?filter=${encodeURIComponent(JSON.stringify({ chatbotId: chatbot, lang: 'de' }))}`, { token: userToken });
  return r.json[0].id as string;
}

beforeAll(async () => {
  // No crawling in the background, and the widget's rate limits out of the way of this many requests.
  s = await startTestServer({ RUN_WORKERS: 'false', WIDGET_RATE_PER_VISITOR: '1000000', WIDGET_RATE_PER_CHATBOT: '1000000' });
  const a = await s.createUser();
  const b = await s.createUser();
  token = a.token;
  adminToken = (await s.createUser({ admin: true })).token;
  own = await seedTenant(a.user.organization_id, a.user.id, a.token);
  foreign = await seedTenant(b.user.organization_id, b.user.id, b.token);
  routes = routesOf(s.app).filter((r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
});
afterAll(() => s?.close());

const isPublic = (path: string) => path.startsWith('/api/v1/public/');
// The OpenAPI document needs no sign-in and names no record.
const isApi = (path: string) => path.startsWith('/api/v1/') && !isPublic(path) && path !== '/api/v1/openapi.json';
const hasParams = (path: string) => path.includes(':') || path.includes('*');
const send = (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; as?: string } = {}) =>
  s.api(method, path, { token: opts.as ?? token, body: opts.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}), headers: opts.headers });
const label = (r: { status: number; text: string }, what: string) => `${what} → ${r.status} ${r.text.slice(0, 300)}`;
const query = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
const detailPaths = (r: { json?: { details?: { path: string }[] } }) => (r.json?.details ?? []).map((d) => d.path).join();
/** The chatbot a call is scoped to: an empty one is missing (400), any other that is not the caller's 404. */
/** A chatbot id that names none is 404; an empty one, or text no database can hold (NUL), is refused as 400 first. */
const chatbotStatus = (value: string) => (value === '' || value.includes('\u0000') ? 400 : 404);

/** Runs the checks a few at a time (every failure is reported, not just the first). */
async function inParallel<T>(items: T[], check: (item: T) => Promise<void>, width = 6) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await check(item);
    }),
  );
}

describe('the routes under test', () => {
  it('are read from the server and include every id-taking API, the widget API and the identity provider', () => {
    const withIds = routes.filter((r) => r.path.includes('/:')).map(shape);
    for (const expected of [
      'GET /api/v1/users/:', 'PATCH /api/v1/users/:', 'GET /api/v1/chatbots/:/verify', 'DELETE /api/v1/chats/:',
      'POST /api/v1/chats/:/messages/:/optimize', 'PUT /api/v1/contacts/:', 'DELETE /api/v1/languages/:/:', 'PUT /api/v1/uiconfig/:/settings',
      'GET /api/v1/scrape-jobs/:', 'PUT /api/v1/schedules/:', 'POST /api/v1/websites/:/train-favorites', 'PUT /api/v1/webpages/:',
      'DELETE /api/v1/documents/:', 'POST /api/v1/qna/:/deactivate', 'GET /api/v1/public/chatbots/:/config',
      'POST /api/v1/public/chatbots/:/chats/:/lead', 'GET /oidc/interaction/:',
    ])
      expect(withIds).toContain(expected);
    expect(withIds.length).toBeGreaterThan(40);
  });
});

describe('a malformed or foreign id in the path', () => {
  it('answers 404 on the API (400 for the widget\'s malformed chatbot id), never 500', { timeout: 240_000 }, async () => {
    const cases = routes.flatMap((route) => {
      const segments = route.path.split('/');
      return segments.flatMap((seg, i) => {
        if (!isParam(seg)) return [];
        const kind = kindAt(segments, i);
        // The widget API serves any chatbot; another tenant's chat is still not this chatbot's. Operators
        // see every customer, so an operator route has no foreign id (tests/server/customers.test.ts).
        const foreignId = kind && !(isPublic(route.path) && kind === 'chatbot') && !isOperatorRoute(route.path) ? { "another tenant's": foreign[kind] } : {};
        return Object.entries({ ...MALFORMED, ...foreignId }).map(([name, value]) => ({ route, i, kind, name, value }));
      });
    });
    expect(cases.length).toBeGreaterThan(400);
    await inParallel(cases, async ({ route, i, kind, name, value }) => {
      const what = `${route.method} ${route.path} with ${route.path.split('/')[i]} = ${name}`;
      const r = await send(route.method, fill(route.path, own, i, value), { body: BODY[shape(route)], as: isOperatorRoute(route.path) ? adminToken : undefined });
      expect.soft(r.status, label(r, what)).not.toBe(500);
      if (value.length > ROUTER_PARAM_LIMIT) return void expect.soft([404, 414], label(r, what)).toContain(r.status);
      expect.soft(r.status, label(r, what)).toBeGreaterThanOrEqual(400);
      expect.soft(r.status, label(r, what)).toBeLessThan(500);
      if (!kind) return;
      // Where the body is valid or read after the record, the id decides: 404, like a record that does not exist.
      const bodyFirst = ['POST', 'PUT', 'PATCH'].includes(route.method) && !(shape(route) in BODY);
      if (isApi(route.path) && !bodyFirst) expect.soft(r.status, label(r, what)).toBe(404);
      // The widget's convention: a malformed chatbot id is 400 (the demo page's "invalid link"), an unknown chat 404.
      if (isPublic(route.path)) expect.soft(r.status, label(r, what)).toBe(kind === 'chatbot' ? 400 : 404);
    });
  });

  it('an admin naming an unknown user or chatbot gets 404 too', async () => {
    for (const [name, value] of Object.entries(MALFORMED)) {
      if (!value || value.length > ROUTER_PARAM_LIMIT) continue;
      for (const path of [`/api/v1/users/${encodeURIComponent(value)}`, `/api/v1/chatbots/${encodeURIComponent(value)}`]) {
        const r = await send('GET', path, { as: adminToken });
        expect.soft(r.status, label(r, `admin GET ${path} (${name})`)).toBe(404);
      }
    }
  });
});

describe('a malformed id in the act-as header', () => {
  it('answers 404 on every API route', { timeout: 120_000 }, async () => {
    const cases = routes.filter((r) => isApi(r.path)).flatMap((route) => Object.entries(HEADER_SAFE).map(([name, value]) => ({ route, name, value })));
    await inParallel(cases, async ({ route, name, value }) => {
      const r = await send(route.method, route.path.replace(/:[^/]+/g, A_UUID), { as: adminToken, headers: { [ACT_AS_HEADER]: value } });
      expect.soft(r.status, label(r, `${route.method} ${route.path} acting as ${name}`)).toBe(404);
    });
  });
});

// The identity provider (/oidc, oidc-provider) reads no record ids from our query strings or bodies.
const ourRoutes = () => routes.filter((r) => r.path.startsWith('/api/v1/'));

describe('a malformed id in the query string', () => {
  it('never answers 500 on any route', { timeout: 240_000 }, async () => {
    const queries = Object.entries(MALFORMED).flatMap(([name, value]) => [
      ...['chatbotId', 'websiteId', 'webpageId', 'id'].map((field) => ({
        what: `filter.${field} = ${name}`,
        query: query({ filter: { chatbotId: own.chatbot, [field]: field === 'id' ? [value] : value }, amount: 1 }),
      })),
      { what: `chatbotId = ${name}`, query: query({ chatbotId: value }) },
    ]);
    const cases = ourRoutes()
      .filter((r) => r.method === 'GET')
      .flatMap((route) => queries.map((q) => ({ route, ...q })));
    await inParallel(cases, async ({ route, what, query }) => {
      const r = await send('GET', `${route.path.replace(/:[^/]+/g, A_UUID)}?${query}`);
      expect.soft(r.status, label(r, `GET ${route.path} ${what}`)).not.toBe(500);
    });
  });

  // ra-data-simple-rest's getMany sends filter={"id":[...]}; lists also filter by website and page.
  const LISTS = ['websites', 'webpages', 'documents', 'qna', 'contacts', 'schedules', 'scrape-jobs', 'chats', 'chats/counts', 'chats/export', 'qna/export', 'webpages/tree'];
  const ID_FILTERS: Record<string, string[]> = {
    websites: ['id'], webpages: ['id', 'websiteId'], documents: ['id'], qna: ['id'], contacts: ['id'], schedules: ['id', 'websiteId', 'webpageId'],
    'scrape-jobs': ['websiteId'], chats: ['id'], 'chats/counts': ['id'], 'chats/export': ['id'], 'qna/export': ['id'], 'webpages/tree': ['websiteId'],
  };
  it('answers 404 for a chatbot that is not the caller\'s (400 when empty), 400 for a malformed id filter', { timeout: 120_000 }, async () => {
    for (const [name, value] of Object.entries({ ...MALFORMED, "another tenant's": foreign.chatbot })) {
      for (const list of LISTS) {
        const r = await send('GET', `/api/v1/${list}?${query({ filter: { chatbotId: value }, amount: 1 })}`);
        expect.soft(r.status, label(r, `${list} chatbotId = ${name}`)).toBe(chatbotStatus(value));
      }
      const r = await send('GET', `/api/v1/statistics?${query({ chatbotId: value })}`);
      expect.soft(r.status, label(r, `statistics chatbotId = ${name}`)).toBe(chatbotStatus(value));
    }
    for (const [name, value] of Object.entries(MALFORMED))
      for (const [list, fields] of Object.entries(ID_FILTERS))
        for (const field of fields) {
          const filter = { chatbotId: own.chatbot, [field]: field === 'id' ? [own.website, value] : value };
          const r = await send('GET', `/api/v1/${list}?${query({ filter, amount: 1 })}`);
          const what = `${list} filter.${field} = ${name}`;
          expect.soft(r.status, label(r, what)).toBe(400);
          expect.soft(r.json?.error, what).toBe('ValidationFailed');
          expect.soft(detailPaths(r), what).toContain(field);
        }
  });

  it('finds nothing of another tenant through an id filter', async () => {
    const r = await send('GET', `/api/v1/websites?${query({ filter: { chatbotId: own.chatbot, id: [foreign.website, own.website] } })}`);
    expect(r.status).toBe(200);
    expect(r.json.map((w: { id: string }) => w.id)).toEqual([own.website]);
  });
});

describe('a malformed id in the body', () => {
  it('never answers 500 on any route', { timeout: 240_000 }, async () => {
    const fields = ['chatbotId', 'websiteId', 'webpageId', 'overridesId', 'organizationId', 'ids', 'id'];
    const cases = ourRoutes()
      .filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !hasParams(r.path))
      .flatMap((route) =>
        Object.entries({ ...MALFORMED, "another tenant's": foreign.website }).flatMap(([name, value]) =>
          fields.map((field) => ({ route, field, name, body: { chatbotId: own.chatbot, [field]: field === 'ids' ? [value] : value } })),
        ),
      );
    await inParallel(cases, async ({ route, field, name, body }) => {
      const r = await send(route.method, route.path, { body });
      expect.soft(r.status, label(r, `${route.method} ${route.path} ${field} = ${name}`)).not.toBe(500);
    });
  });

  it('answers 400 ValidationFailed naming the field, or 404 for a record that is not the caller\'s', async () => {
    const contact = { name: 'Ben', email: 'ben@example.test', phone: '+49 30 654321', department: 'Support' };
    const cases: [string, string, (id: string) => Record<string, unknown>, string][] = [
      ['POST', '/api/v1/schedules', (id) => ({ chatbotId: own.chatbot, websiteId: id }), 'websiteId'],
      ['POST', '/api/v1/schedules', (id) => ({ chatbotId: own.chatbot, webpageId: id }), 'webpageId'],
      ['POST', '/api/v1/scrape-jobs', (id) => ({ chatbotId: own.chatbot, type: 'spider', websiteId: id }), 'websiteId'],
      ['POST', '/api/v1/webpages/train', (id) => ({ chatbotId: own.chatbot, ids: [own.webpage, id] }), 'ids'],
      ['POST', '/api/v1/webpages/train', (id) => ({ chatbotId: own.chatbot, all: true, websiteId: id }), 'websiteId'],
      ['POST', '/api/v1/webpages/delete', (id) => ({ chatbotId: own.chatbot, ids: [id] }), 'ids'],
      ['POST', '/api/v1/qna/activate', (id) => ({ chatbotId: own.chatbot, ids: [id], active: false }), 'ids'],
      ['POST', '/api/v1/contacts', (id) => ({ chatbotId: own.chatbot, ...contact, overridesId: id }), 'overridesId'],
      ['PUT', `/api/v1/contacts/${own.contact}`, (id) => ({ ...contact, overridesId: id }), 'overridesId'],
      ['POST', '/api/v1/chatbots', (id) => ({ organizationId: id, url: 'example.test', lang: 'de' }), 'organizationId'],
    ];
    for (const [name, value] of Object.entries(MALFORMED))
      for (const [method, path, body, field] of cases) {
        const r = await send(method, path, { body: body(value) });
        const what = `${method} ${path} ${field} = ${name}`;
        expect.soft(r.status, label(r, what)).toBe(400);
        expect.soft(r.json?.error, what).toBe('ValidationFailed');
        expect.soft(detailPaths(r), what).toContain(field);
      }
    // Another tenant's records: 404 where the record is loaded; a selection simply does not find them.
    for (const [method, path, body, expected] of [
      ['POST', '/api/v1/schedules', { chatbotId: own.chatbot, websiteId: foreign.website }, 404],
      ['POST', '/api/v1/schedules', { chatbotId: own.chatbot, webpageId: foreign.webpage }, 404],
      ['POST', '/api/v1/scrape-jobs', { chatbotId: own.chatbot, type: 'spider', websiteId: foreign.website }, 404],
      ['POST', '/api/v1/webpages/delete', { chatbotId: own.chatbot, ids: [foreign.webpage] }, 200],
      ['POST', '/api/v1/contacts', { chatbotId: own.chatbot, ...contact, overridesId: foreign.contact }, 400],
      ['POST', '/api/v1/chatbots', { organizationId: foreign.user, url: 'example.test', lang: 'de' }, 404],
    ] as const) {
      const r = await send(method, path, { body });
      expect.soft(r.status, label(r, `${method} ${path} ${JSON.stringify(body)}`)).toBe(expected);
    }
    expect((await s.db.query('select 1 from webpages where id = $1', [foreign.webpage])).rows).toHaveLength(1);
  });

  it('a chatbot id that is malformed or another tenant\'s is 404 (400 when empty) in every body, form and query that names one', { timeout: 120_000 }, async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['/api/v1/websites', { domain: 'https://example.test/x', crawl: 'none' }],
      ['/api/v1/webpages', { url: 'https://example.test/x' }],
      ['/api/v1/webpages/train', { all: true }],
      ['/api/v1/webpages/delete', { ids: [own.webpage] }],
      ['/api/v1/qna', { question: 'Q?', answer: 'A.' }],
      ['/api/v1/qna/activate', { ids: [own.qna], active: true }],
      ['/api/v1/contacts', { name: 'Ben', email: 'ben@example.test', phone: '+49 30 654321', department: 'Support' }],
      ['/api/v1/schedules', { websiteId: own.website }],
      ['/api/v1/scrape-jobs', { type: 'spider', websiteId: own.website }],
      ['/api/v1/documents/url', { url: 'https://example.test/a.txt' }],
    ];
    const upload = (path: string, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob(['Text']), 'a.txt');
      return fetch(`${s.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    for (const [name, value] of Object.entries({ ...MALFORMED, "another tenant's": foreign.chatbot })) {
      for (const [path, body] of bodies) {
        const r = await send('POST', path, { body: { ...body, chatbotId: value } });
        expect.soft(r.status, label(r, `POST ${path} chatbotId = ${name}`)).toBe(chatbotStatus(value));
      }
      // Multipart uploads name the chatbot in a form field or in the query string.
      for (const path of ['/api/v1/documents', '/api/v1/qna/import']) {
        const field = await upload(path, { chatbotId: value });
        expect.soft(field.status, `POST ${path} form chatbotId = ${name}: ${await field.text()}`).toBe(chatbotStatus(value));
        const inQuery = await upload(`${path}?${query({ chatbotId: value })}`, {});
        expect.soft(inQuery.status, `POST ${path}?chatbotId = ${name}: ${await inQuery.text()}`).toBe(chatbotStatus(value));
      }
    }
    expect((await s.db.query('select 1 from webpages where id = $1', [own.webpage])).rows).toHaveLength(1);
  });
});
