/**
 * The tenancy matrix: customer A's token against customer B's ids on every route the server registers, in
 * every place a route takes an id (path, list filter, query, JSON body, form field, and the admin's act-as
 * header sent by a non-admin). No answer may be a 5xx or a 2xx showing anything of B's, and none of B's rows
 * may change. The routes come from the running server and their parameters from its OpenAPI document, so a
 * new route is covered without editing this file; one the matrix cannot place fails the test by its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type Route } from '../routeList.ts';
import { ACT_AS_HEADER } from '../../../server/src/plugins/app/auth.ts';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';
import { startHttp } from '../fakeServers.ts';

type Kind = 'user' | 'organization' | 'chatbot' | 'website' | 'webpage' | 'document' | 'qna' | 'contact' | 'schedule' | 'scrapeJob' | 'chat' | 'message' | 'testQuestion' | 'knowledgeGap';
type Tenant = Record<Kind, string> & { email: string; leadEmail: string; customerId: string; token: string };

/** Text only B's records carry: a 2xx answer containing it (or any of B's ids) shows B's data to A. */
const B_MARK = 'bsecret';

/** Routes that hold no customer's records: the identity provider, static files, the health check, public app settings. */
const NOT_TENANT_DATA = [/^\/oidc/, /^\/assets\//, /^\/(widget|widget-chat)\.js$/, /^\/(index\.html|favicon\.svg|health)$/, /^\*$/, /^\/api\/v1\/(openapi\.json|public\/app-config)$/];

/** `/<resource>/:id` names the record kind by its resource; other id parameters and fields by their name. */
const KIND_OF_RESOURCE: Record<string, Kind> = {
  users: 'user', chatbots: 'chatbot', websites: 'website', webpages: 'webpage', documents: 'document', qna: 'qna',
  contacts: 'contact', schedules: 'schedule', 'scrape-jobs': 'scrapeJob', chats: 'chat', customers: 'organization', 'test-questions': 'testQuestion',
  'knowledge-gaps': 'knowledgeGap',
};
const KIND_OF_NAME: Record<string, Kind> = {
  chatbotId: 'chatbot', chatId: 'chat', messageId: 'message', websiteId: 'website', webpageId: 'webpage',
  overridesId: 'contact', organizationId: 'organization', qnaId: 'qna',
};
/** Parameters and fields that look like ids but are not records of ours. */
const NOT_AN_ID = new Set(['lang', 'visitorId']);
const looksLikeId = (name: string) => /(^id$|^ids$|Id$)/.test(name) && !NOT_AN_ID.has(name);

/** A body the route accepts with A's own records, so the id placed in it is what the server decides on. */
function validBodies(a: Tenant): Record<string, unknown> {
  const contact = { name: 'Mallory', email: 'mallory@example.test', phone: '+49 30 654321', department: 'Sales' };
  return {
    'PATCH /api/v1/users/:': { firstName: 'Mallory' },
    'POST /api/v1/chatbots': { organizationId: a.organization, url: 'https://mallory.example.test', lang: 'de' },
    'POST /api/v1/languages/:': { lang: 'en' },
    'PATCH /api/v1/languages/:/:': { isDefault: true },
    'POST /api/v1/stripe/portal-session': { customerId: a.customerId },
    'PUT /api/v1/uiconfig/:/settings': { allowedOrigins: ['https://mallory.example.test'] },
    'PUT /api/v1/uiconfig/:/:': { title: 'Mallory' },
    'POST /api/v1/websites': { chatbotId: a.chatbot, lang: 'de', domain: 'https://mallory.example.test', crawl: 'none' },
    'POST /api/v1/webpages': { chatbotId: a.chatbot, lang: 'de', url: 'https://mallory.example.test/x' },
    'PUT /api/v1/webpages/:': { favorite: true },
    'POST /api/v1/webpages/train': { chatbotId: a.chatbot, lang: 'de', ids: [a.webpage], websiteId: a.website },
    'POST /api/v1/webpages/delete': { chatbotId: a.chatbot, lang: 'de', ids: [a.webpage] },
    'POST /api/v1/scrape-jobs': { chatbotId: a.chatbot, lang: 'de', type: 'spider', websiteId: a.website },
    'POST /api/v1/documents/url': { chatbotId: a.chatbot, lang: 'de', url: 'https://mallory.example.test/a.txt' },
    'POST /api/v1/qna': { chatbotId: a.chatbot, lang: 'de', question: 'Mallory?', answer: 'Mallory.' },
    'PUT /api/v1/qna/:': { question: 'Mallory?', answer: 'Mallory.' },
    'POST /api/v1/qna/activate': { chatbotId: a.chatbot, lang: 'de', ids: [a.qna], active: false },
    'POST /api/v1/contacts': { chatbotId: a.chatbot, lang: 'de', ...contact, overridesId: a.contact },
    'PUT /api/v1/contacts/:': { ...contact, overridesId: a.contact },
    // A page's schedule takes its website from the page: the website alone is named here, the page in its own probe.
    'POST /api/v1/schedules': { chatbotId: a.chatbot, lang: 'de', websiteId: a.website, preset: 'weekly' },
    'PUT /api/v1/schedules/:': { preset: 'weekly' },
    'PUT /api/v1/chats/:': { read: true, favorite: true },
    'PUT /api/v1/chats/:/messages/:': { translatedText: 'Mallory', translatedLang: 'en' },
    'POST /api/v1/chats/:/messages/:/optimize': { answer: 'Mallory.' },
    'PUT /api/v1/privacy-settings/:': { retentionMonths: 1 },
    'POST /api/v1/chats/visitor-data/export': { chatbotId: a.chatbot, chatId: a.chat },
    'POST /api/v1/chats/visitor-data/delete': { chatbotId: a.chatbot, chatId: a.chat },
    // B's address: A typing another account's address must not delete it (A's own would end A's account mid-test).
    'POST /api/v1/account/delete': { email: '' },
    'POST /api/v1/public/chatbots/:/chats': { lang: 'de', visitorId: 'mallory' },
    'POST /api/v1/public/chatbots/:/chats/:/messages': { text: 'Hallo' },
    'POST /api/v1/public/chatbots/:/chats/:/lead': { email: 'mallory@example.test', consent: true, consentText: 'Ja' },
    'POST /api/v1/test-questions': { chatbotId: a.chatbot, lang: 'de', question: 'Mallory?', expectedSource: { type: 'qna', id: a.qna } },
    'POST /api/v1/test-questions/run': { chatbotId: a.chatbot },
    'POST /api/v1/test-questions/suggest': { chatbotId: a.chatbot },
    'POST /api/v1/test-questions/from-chat': { chatbotId: a.chatbot, chatId: a.chat, messageId: a.message },
    'POST /api/v1/test-questions/delete': { chatbotId: a.chatbot, ids: [a.testQuestion] },
    'PUT /api/v1/test-questions/:': { question: 'Mallory?' },
    'POST /api/v1/knowledge-gaps/:/answer': { question: 'Mallory?', answer: 'Mallory.', qnaId: a.qna },
    'POST /api/v1/knowledge-gaps/:/reask': { qnaId: a.qna },
  };
}
/** Multipart uploads: the chatbot travels as a form field. */
const UPLOADS: Record<string, { name: string; text: string }> = {
  'POST /api/v1/documents': { name: 'a.txt', text: 'Mallory text' },
  'POST /api/v1/qna/import': { name: 'qna.csv', text: 'question,answer\nMallory?,Mallory.\n' },
  'POST /api/v1/test-questions/import': { name: 'tests.csv', text: 'question\nMallory?\n' },
};

const shape = (r: Route) => `${r.method} ${r.path.replace(/:[^/]+/g, ':')}`;
const paramNames = (segment: string) => segment.split('|').map((p) => p.replace(/^:/, ''));
/** The OpenAPI paths a route may be listed under (`:id|:chatId` is `{id}` in one route, `{chatId}` in another). */
const openApiPaths = (path: string) =>
  [0, 1].map((which) => path.replace(/:[^/]+/g, (seg) => `{${paramNames(seg)[Math.min(which, paramNames(seg).length - 1)]}}`));

let s: TestServer;
let A: Tenant;
let B: Tenant;
let admin: string;
let stripe: Awaited<ReturnType<typeof startHttp>>;

/** One record of every kind for a tenant, written straight to the database; `mark` goes into its texts. */
async function seedTenant(mark: string): Promise<Tenant> {
  const u = await s.createUser({ email: `${mark}-owner@example.test` });
  const org = u.user.organization_id;
  const one = async (sql: string, params: unknown[]) => (await s.db.query<{ id: string }>(`${sql} returning id`, params)).rows[0].id;
  const chatbot = await createChatbot(s, org, { url: `https://${mark}.example.test` });
  const ids = [org, chatbot];
  const customerId = `cus_${mark}`;
  const leadEmail = `${mark}-lead@example.test`;
  await s.db.query('update organizations set customer_id = $2 where id = $1', [org, customerId]);
  await s.db.query('update chatbots set retention_months = 6 where id = $1', [chatbot]);
  await s.db.query("insert into chatbot_languages (chatbot_id, lang) values ($1, 'en')", [chatbot]);
  await s.db.query("insert into chatbot_settings (chatbot_id, allowed_origins) values ($1, $2)", [chatbot, [`https://${mark}.example.test`]]);
  await s.db.query("insert into chatbot_ui_configs (chatbot_id, lang, config) values ($1, 'de', $2)", [chatbot, JSON.stringify({ title: `${mark} title` })]);
  const website = await one("insert into websites (organization_id, chatbot_id, lang, domain) values ($1, $2, 'de', $3)", [...ids, `https://${mark}.example.test`]);
  const chat = await one(
    "insert into chats (organization_id, chatbot_id, visitor_id, lang, lead, lead_consent_text, lead_consent_at) values ($1, $2, $3, 'de', $4, 'Ja', now())",
    [...ids, `${mark}-visitor`, JSON.stringify({ name: `${mark} lead`, email: leadEmail })],
  );
  const webpage = await one(
    `insert into webpages (organization_id, chatbot_id, website_id, lang, url, path, title, text, characters)
     values ($1, $2, $3, 'de', $4, '/a', $5, $5, 20)`,
    [...ids, website, `https://${mark}.example.test/a`, `${mark} page`],
  );
  const scrapeJob = await one("insert into scrape_jobs (organization_id, chatbot_id, website_id, lang, type, status) values ($1, $2, $3, 'de', 'spider', 'completed')", [...ids, website]);
  await s.db.query("insert into scrape_job_pages (job_id, url, outcome) values ($1, $2, 'added')", [scrapeJob, `https://${mark}.example.test/a`]);
  return {
    user: u.user.id,
    organization: org,
    email: u.email,
    token: u.token,
    leadEmail,
    customerId,
    chatbot,
    website,
    webpage,
    chat,
    document: await one("insert into documents (organization_id, chatbot_id, lang, name, type, size, storage_key) values ($1, $2, 'de', $3, 'txt', 4, 'none')", [...ids, `${mark}.txt`]),
    qna: await one("insert into qna (organization_id, chatbot_id, lang, question, answer) values ($1, $2, 'de', $3, $3)", [...ids, `${mark} question?`]),
    contact: await one("insert into contacts (organization_id, chatbot_id, name, email, phone, department) values ($1, $2, $3, $4, '+49 30 123456', 'Sales')", [...ids, `${mark} contact`, `${mark}-contact@example.test`]),
    schedule: await one("insert into training_schedules (organization_id, chatbot_id, website_id, lang, url, cron) values ($1, $2, $3, 'de', $4, '0 0 1 1 *')", [...ids, website, `https://${mark}.example.test`]),
    scrapeJob,
    message: await one('insert into messages (organization_id, chatbot_id, chat_id, question, answer) values ($1, $2, $3, $4, $4)', [...ids, chat, `${mark} message`]),
    testQuestion: await one("insert into test_questions (organization_id, chatbot_id, lang, question, expected_facts) values ($1, $2, 'de', $3, $4)", [...ids, `${mark} test question?`, [`${mark} fact`]]),
    knowledgeGap: await declinedQuestionGap(chatbot, [...ids, chat], mark, u.token),
  };
}

/** A question the bot declined, and the knowledge gap it makes (its id is computed by the server). */
async function declinedQuestionGap(chatbot: string, params: string[], mark: string, token: string) {
  await s.db.query("insert into messages (organization_id, chatbot_id, chat_id, question, answer, answered_by) values ($1, $2, $3, $4, 'Leider nicht.', 'fallback')", [
    ...params,
    `${mark} Parkplätze?`,
  ]);
  const r = await s.api('GET', `/api/v1/knowledge-gaps?filter=${encodeURIComponent(JSON.stringify({ chatbotId: chatbot, lang: 'de' }))}`, { token });
  return r.json[0].id as string;
}

/** Every row of B's, table by table: rows naming B's organization, or (where a table has none) B's chatbot or B's parent row. */
async function snapshotOf(t: Tenant): Promise<Record<string, string>> {
  const columns = await s.db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('organization_id', 'chatbot_id') order by table_name, column_name desc`,
  );
  // Tables reached only through a parent row: a scrape job's pages.
  const scope = new Map<string, string>([
    ['organizations', 'id = $1'],
    ['scrape_job_pages', 'job_id in (select id from scrape_jobs where organization_id = $1)'],
  ]);
  for (const c of columns.rows)
    if (!scope.has(c.table_name)) scope.set(c.table_name, c.column_name === 'organization_id' ? 'organization_id = $1' : 'chatbot_id = $2');
  const snapshot: Record<string, string> = {};
  for (const [table, where] of scope) {
    const rows = await s.db.query<{ row: string }>(`select t::text as row from ${table} t where ${where} and $1::uuid is not null and $2::uuid is not null order by 1`, [t.organization, t.chatbot]);
    snapshot[table] = rows.rows.map((r) => r.row).join('\n');
  }
  return snapshot;
}

beforeAll(async () => {
  // No crawling or training in the background; the widget's rate limits out of the way of this many requests.
  // Billing against a local fake of Stripe's portal call, so the customer check is what answers.
  stripe = await startHttp((_req, body, res) => {
    res.end(JSON.stringify({ url: `https://billing.stripe.test/${new URLSearchParams(body).get('customer')}` }));
  });
  s = await startTestServer({
    RUN_WORKERS: 'false', WIDGET_RATE_PER_VISITOR: '1000000', WIDGET_RATE_PER_CHATBOT: '1000000',
    STRIPE_SECRET_KEY: 'sk_test_matrix', STRIPE_API_BASE: stripe.url,
  });
  A = await seedTenant('aown');
  B = await seedTenant(B_MARK);
  admin = (await s.createUser({ admin: true })).token;
}, 120_000);
afterAll(async () => {
  await s?.close();
  await stripe?.close();
});

interface Probe {
  route: string;
  place: string;
  method: string;
  path: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A's own id for a parameter or field, or B's when it is the one under test. */
const idFor = (kind: Kind, t: Tenant) => t[kind];

/** The requests a route gets: B's id in each place it takes one, A's everywhere else. Throws for a route it cannot place. */
function probesFor(route: Route, doc: any): Probe[] {
  const op = openApiPaths(route.path).map((p) => doc.paths[p]?.[route.method.toLowerCase()]).find(Boolean);
  if (!op) throw new Error(`${route.method} ${route.path}: not in the OpenAPI document, so the matrix cannot tell where it takes ids`);
  const key = shape(route);
  const isPublic = route.path.startsWith('/api/v1/public/');
  const segments = route.path.split('/');
  const kindAt = (i: number): Kind | null => {
    const names = paramNames(segments[i]);
    if (names.every((n) => NOT_AN_ID.has(n))) return null;
    const kind = names.map((n) => KIND_OF_NAME[n] ?? (n === 'id' ? KIND_OF_RESOURCE[segments[i - 1]] : undefined)).find(Boolean);
    if (!kind) throw new Error(`${key}: unknown id parameter ${segments[i]}; add its record kind to the tenancy matrix`);
    return kind;
  };
  const pathWith = (at: number | 'all', of: Tenant = A) =>
    segments.map((seg, i) => (!seg.startsWith(':') ? seg : kindAt(i) ? idFor(kindAt(i)!, at === 'all' || at === i ? B : of) : 'de')).join('/');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema ?? {};
  // A body of alternatives (anyOf/oneOf) takes the fields of each.
  const bodyProps = [...new Set([bodySchema, ...(bodySchema.anyOf ?? []), ...(bodySchema.oneOf ?? [])].flatMap((x: any) => Object.keys(x.properties ?? {})))];
  const base = validBodies(A)[key];
  const idFields = bodyProps.filter(looksLikeId);
  for (const f of idFields) if (!(f in KIND_OF_NAME) && f !== 'ids' && f !== 'customerId') throw new Error(`${key}: unknown id field ${f} in the body; add its record kind to the tenancy matrix`);
  if (idFields.length && !base) throw new Error(`${key}: takes ${idFields.join(', ')} in its body; add a valid body to the tenancy matrix`);
  const upload = UPLOADS[key];
  if (op.requestBody?.content?.['multipart/form-data'] && !upload) throw new Error(`${key}: takes a form; add it to the tenancy matrix's uploads`);
  const bKind = (field: string): Kind => (field === 'ids' ? KIND_OF_RESOURCE[segments[3]] : KIND_OF_NAME[field]);
  const withB = (body: any, field: string) => ({ ...body, [field]: field === 'ids' ? [B[bKind(field)]] : field === 'customerId' ? B.customerId : B[bKind(field)] });
  const emailFor = (body: any) => (key === 'POST /api/v1/account/delete' ? { ...body, email: B.email } : body);
  const body = base === undefined ? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}) : emailFor(base);
  const probes: Probe[] = [];
  const add = (place: string, p: Omit<Probe, 'route' | 'place' | 'method'>) => probes.push({ route: key, place, method: route.method, ...p });

  segments.forEach((seg, i) => {
    if (!seg.startsWith(':') || !kindAt(i)) return;
    // The widget serves any chatbot to any visitor: B's chatbot alone is public, B's chat under A's chatbot (or A's under B's) is not.
    if (isPublic && kindAt(i) === 'chatbot' && !segments.some((x, j) => j !== i && x.startsWith(':'))) return;
    add(`path ${seg}`, { path: pathWith(i), body });
  });
  for (const f of idFields) add(`body.${f}`, { path: pathWith(-1), body: withB(body, f) });
  if (upload) add('form chatbotId', { path: pathWith(-1), form: { chatbotId: B.chatbot, lang: 'de' } });
  if (key === 'POST /api/v1/chats/visitor-data/export' || key === 'POST /api/v1/chats/visitor-data/delete') {
    add('body.email (B\'s lead, A\'s chatbot)', { path: pathWith(-1), body: { chatbotId: A.chatbot, email: B.leadEmail } });
    add('body.chatbotId with B\'s lead', { path: pathWith(-1), body: { chatbotId: B.chatbot, email: B.leadEmail } });
  }
  const queryParams: { name: string; description?: string }[] = (op.parameters ?? []).filter((q: { in: string }) => q.in === 'query');
  // Query parameters a route requires besides the ids (an export's row count).
  const required = queryParams.some((q) => q.name === 'amount') ? '&amount=1' : '';
  for (const q of queryParams) {
    if (q.name === 'filter') {
      const fields = /fields: ([^;]*)/.exec(q.description ?? '')?.[1].split(', ') ?? ['chatbotId'];
      const listKind = KIND_OF_RESOURCE[segments[3]];
      for (const f of fields.filter(looksLikeId)) {
        if (f === 'id' && !listKind) throw new Error(`${key}: filter by id of an unknown record kind; add it to the tenancy matrix`);
        if (f !== 'id' && !(f in KIND_OF_NAME)) throw new Error(`${key}: unknown id filter ${f}; add its record kind to the tenancy matrix`);
        const value = f === 'id' ? [B[listKind]] : B[KIND_OF_NAME[f]];
        add(`filter.${f}`, { path: `${pathWith(-1)}?filter=${encodeURIComponent(JSON.stringify({ chatbotId: A.chatbot, [f]: value }))}${required}` });
      }
    } else if (looksLikeId(q.name)) {
      if (!(q.name in KIND_OF_NAME)) throw new Error(`${key}: unknown id in the query, ${q.name}; add its record kind to the tenancy matrix`);
      add(`query ${q.name}`, { path: `${pathWith(-1)}?${q.name}=${B[KIND_OF_NAME[q.name]]}` });
    }
  }
  // A non-admin sending the admin's act-as header naming B, with B's ids everywhere: the header must count for nothing.
  if (!isPublic) {
    const allB = idFields.reduce((b, f) => withB(b, f), body);
    const query = queryParams.flatMap((q) =>
      q.name === 'filter' ? [`filter=${encodeURIComponent(JSON.stringify({ chatbotId: B.chatbot }))}`] : q.name === 'chatbotId' ? [`chatbotId=${B.chatbot}`] : [],
    );
    add(`${ACT_AS_HEADER} header`, { path: `${pathWith('all')}${query.length ? `?${query.join('&')}${required}` : ''}`, body: allB, headers: { [ACT_AS_HEADER]: B.user }, form: upload ? { chatbotId: B.chatbot, lang: 'de' } : undefined });
  }
  return probes;
}

async function send(p: Probe) {
  const headers: Record<string, string> = { authorization: `Bearer ${A.token}`, ...p.headers };
  let body: BodyInit | undefined;
  if (p.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(p.form)) form.append(k, v);
    const file = UPLOADS[p.route];
    form.append('file', new Blob([file.text]), file.name);
    body = form;
  } else if (p.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(p.body);
  }
  const res = await fetch(s.url + p.path, { method: p.method, headers, body });
  return { status: res.status, text: await res.text() };
}

/** What in an answer would be B's: B's ids, addresses and the mark in B's texts. */
const secretsOf = (t: Tenant) => [B_MARK, t.customerId, ...(['user', 'organization', 'chatbot', 'website', 'webpage', 'document', 'qna', 'contact', 'schedule', 'scrapeJob', 'chat', 'message', 'testQuestion'] as Kind[]).map((k) => t[k])];

describe('the tenancy matrix', () => {
  it("A's token with B's ids in every place of every route: no 5xx, no 2xx showing B's data, none of B's rows changed", { timeout: 600_000 }, async () => {
    const doc = (await s.api('GET', '/api/v1/openapi.json', { token: A.token })).json;
    const routes = routesOf(s.app).filter((r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const tenantRoutes = routes.filter((r) => !NOT_TENANT_DATA.some((re) => re.test(r.path)));
    const unplaced: string[] = [];
    const probes = tenantRoutes.flatMap((r) => {
      try {
        return probesFor(r, doc);
      } catch (e) {
        unplaced.push((e as Error).message);
        return [];
      }
    });
    expect(unplaced, 'routes the matrix cannot place').toEqual([]);
    // Every route of a customer's records gets at least one probe (the act-as header at the least).
    const probed = new Set(probes.map((p) => p.route));
    expect(tenantRoutes.map(shape).filter((r) => !probed.has(r) && !r.startsWith('POST /api/v1/public/chatbots/:/chats') && !r.startsWith('GET /api/v1/public/chatbots/:/config'))).toEqual([]);

    const before = await snapshotOf(B);
    const secrets = secretsOf(B);
    const statuses: Record<number, number> = {};
    for (const p of probes) {
      const r = await send(p);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (process.env.MATRIX_VERBOSE) console.log(`${p.route} [${p.place}] ${r.status} ${r.text.slice(0, 160)}`);
      const what = `${p.route} — B's id in ${p.place} → ${r.status} ${r.text.slice(0, 300)}`;
      expect.soft(r.status, what).toBeLessThan(500);
      if (r.status < 300) expect.soft(secrets.filter((x) => r.text.toLowerCase().includes(x.toLowerCase())), what).toEqual([]);
    }
    const after = await snapshotOf(B);
    for (const table of Object.keys(before)) expect.soft(after[table], `B's rows in ${table}`).toBe(before[table]);
    expect(Object.values(before).filter(Boolean).length).toBeGreaterThan(12);

    const shapes = new Set(probes.map((p) => p.route)).size;
    console.log(`tenancy matrix: ${probes.length} requests over ${shapes} route shapes (${tenantRoutes.length} tenant routes of ${routes.length} registered); answers ${JSON.stringify(statuses)}`);
    expect(probes.length).toBeGreaterThan(150);
  });

  it('the matrix can tell: the same requests with B\'s own token do see and change B\'s data', async () => {
    const r = await s.api('GET', `/api/v1/qna?filter=${encodeURIComponent(JSON.stringify({ chatbotId: B.chatbot }))}`, { token: B.token });
    expect(r.status).toBe(200);
    expect(r.text).toContain(B.qna);
    const before = await snapshotOf(B);
    expect((await s.api('PUT', `/api/v1/privacy-settings/${B.chatbot}`, { token: B.token, body: { retentionMonths: 1 } })).status).toBe(200);
    expect((await snapshotOf(B)).chatbots).not.toBe(before.chatbots);
    // An admin's act-as header does count.
    const asB = await s.api('GET', '/api/v1/users/lookup', { token: admin, headers: { [ACT_AS_HEADER]: B.user } });
    expect(asB.json.user.id).toBe(B.user);
  });
});
