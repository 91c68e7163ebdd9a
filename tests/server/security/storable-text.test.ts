/**
 * Text PostgreSQL cannot store (a NUL character, a lone surrogate) is refused on every route, in every
 * place the route takes text: a JSON body's string fields, a query parameter, a list filter's fields, a
 * multipart form field (400 ValidationFailed naming the field) and a path segment (404 for an id). Never
 * a 500, and nothing is written — on PGlite and on PostgreSQL. The routes and their fields come from the
 * server's OpenAPI document, so a route added later is covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from '../helpers.ts';

let s: TestServer;
let token: string;
/** The operator console's routes refuse customers (403) before reading anything: they are probed as an operator. */
let adminToken: string;
const tokenFor = (path: string) => (path.startsWith('/api/v1/customers') ? adminToken : token);
let bot: string;
let doc: { paths: Record<string, Record<string, any>> };
beforeAll(async () => {
  s = await startTestServer({ RUN_WORKERS: 'false', WIDGET_RATE_PER_VISITOR: '1000000', WIDGET_RATE_PER_CHATBOT: '1000000' });
  const u = await s.createUser();
  token = u.token;
  adminToken = (await s.createUser({ admin: true })).token;
  bot = await createChatbot(s, u.user.organization_id);
  doc = (await s.api('GET', '/api/v1/openapi.json', { token })).json;
});
afterAll(() => s?.close());

const filter = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify({ chatbotId: bot, ...f }))}`;
const BAD: Record<string, string> = { NUL: 'a\u0000b', 'a lone high surrogate': 'x\uD800y', 'a lone low surrogate': '\uDC00' };
/** In a URL, text is UTF-8: a lone surrogate can only travel as its (invalid) three-byte form. */
const BAD_IN_URL: Record<string, string> = { NUL: 'a%00b', 'a lone surrogate': 'x%ED%A0%80y' };
/** Tables that change without a customer's write: rate limit counters, sign-in state, the job queue's bookkeeping. */
const NOT_WRITTEN_BY_ROUTES = new Set(['rate_limits', 'sign_in_failures', 'oidc_payloads', 'job_runs', 'job_processes', 'app_secrets', 'oidc_keys']);

interface Operation {
  method: string;
  path: string;
  op: any;
}
const operations = (): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
/** The path with the own chatbot in every parameter (any id works here: text is refused before a record is looked up). */
const filled = (path: string, at?: string, value?: string) => path.replace(/\{([^}]+)\}/g, (_, name) => (name === at ? value! : name === 'lang' ? 'de' : bot));
/** The string fields of a JSON body (of each alternative, for a body of alternatives), and string lists as lists. */
function stringFields(op: any): { name: string; list: boolean }[] {
  const schema = op.requestBody?.content?.['application/json']?.schema ?? {};
  const props = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((x: any) => Object.entries(x.properties ?? {}));
  const fields = props.flatMap(([name, p]: [string, any]) =>
    p.type === 'string' || p.anyOf?.some((x: any) => x.type === 'string') ? [{ name, list: false }] : p.type === 'array' && p.items?.type === 'string' ? [{ name, list: true }] : [],
  );
  return [...new Map(fields.map((f) => [f.name, f])).values()];
}
const formFields = (op: any): string[] => /multipart\/form-data:.*the fields ([\w, ]+)/.exec(op.description ?? '')?.[1].split(', ') ?? [];
const filterFields = (param: any): string[] => /fields: ([^;]*)/.exec(param.description ?? '')?.[1].split(', ') ?? [];

/** Every table's content, so a refused request can be shown to have written nothing. */
async function tablesContent() {
  const tables = await s.db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    if (NOT_WRITTEN_BY_ROUTES.has(table_name)) continue;
    const r = await s.db.query<{ n: number; digest: string | null }>(`select count(*)::int n, md5(string_agg(t::text, '|' order by t::text)) digest from ${table_name} t`);
    out[table_name] = `${r.rows[0].n} ${r.rows[0].digest}`;
  }
  return out;
}

const label = (r: { status: number; text: string }, what: string) => `${what} → ${r.status} ${r.text.slice(0, 200)}`;

/** 400 ValidationFailed whose details name `field`. */
function expectRefused(r: { status: number; text: string; json?: any }, field: string, what: string) {
  expect.soft(r.status, label(r, what)).toBe(400);
  expect.soft(r.json?.error, label(r, what)).toBe('ValidationFailed');
  expect.soft(JSON.stringify(r.json?.details ?? ''), label(r, what)).toContain(field);
}

describe('text that cannot be stored', () => {
  it('in a list filter (language, search words) of every list → 400 ValidationFailed naming the field', async () => {
    for (const resource of ['documents', 'qna', 'schedules', 'scrape-jobs', 'webpages', 'chats', 'contacts', 'websites'])
      for (const value of Object.values(BAD))
        for (const key of ['lang', 'q']) {
          const r = await s.api('GET', `/api/v1/${resource}?${filter({ [key]: value })}`, { token });
          expectRefused(r, key, `${resource} ${key} ${JSON.stringify(value)}`);
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

describe('on every route of the OpenAPI document', () => {
  it('every JSON body string field, query parameter, filter field and form field → 400 naming it; nothing written', { timeout: 300_000 }, async () => {
    const before = await tablesContent();
    let requests = 0;
    const ops = operations();
    for (const { method, path, op } of ops) {
      const url = filled(path);
      for (const { name, list } of stringFields(op))
        for (const [what, value] of Object.entries(BAD)) {
          const r = await s.api(method, url, { token: tokenFor(path), body: { [name]: list ? ['ok', value] : value } });
          requests++;
          expectRefused(r, `body.${name}`, `${method} ${path} body.${name} = ${what}`);
        }
      for (const param of (op.parameters ?? []).filter((p: any) => p.in === 'query')) {
        if (param.name === 'filter') {
          for (const field of filterFields(param))
            for (const [what, value] of Object.entries(BAD)) {
              const r = await s.api(method, `${url}?${filter({ [field]: value })}`, { token: tokenFor(path) });
              requests++;
              expectRefused(r, field, `${method} ${path} filter.${field} = ${what}`);
            }
          continue;
        }
        for (const [what, value] of Object.entries(BAD_IN_URL)) {
          const r = await s.api(method, `${url}?${param.name}=${value}`, { token: tokenFor(path) });
          requests++;
          // A lone surrogate's bytes are not UTF-8: the query parser reads them as U+FFFD, which is storable text.
          if (what === 'NUL') expectRefused(r, `query.${param.name}`, `${method} ${path} ?${param.name} = ${what}`);
          else expect.soft(r.status, label(r, `${method} ${path} ?${param.name} = ${what}`)).toBeLessThan(500);
        }
      }
      for (const field of formFields(op)) {
        // A form is UTF-8 too: a lone surrogate arrives as U+FFFD, so NUL is the text to refuse.
        const form = new FormData();
        for (const f of formFields(op)) form.append(f, f === field ? BAD.NUL : f === 'chatbotId' ? bot : f === 'lang' ? 'de' : 'check');
        form.append('file', new Blob(['Text']), 'a.txt');
        const res = await fetch(`${s.url}${url}`, { method, headers: { authorization: `Bearer ${tokenFor(path)}` }, body: form });
        const text = await res.text();
        requests++;
        expectRefused({ status: res.status, text, json: JSON.parse(text) }, field, `${method} ${path} form ${field} = NUL`);
      }
    }
    expect(await tablesContent()).toEqual(before);
    console.log(`storable text: ${requests} requests over ${ops.length} operations`);
    expect(requests).toBeGreaterThan(300);
  });

  it('a path segment with NUL or a lone surrogate → 404 for an id, 4xx for other parameters, never 500; nothing written', { timeout: 120_000 }, async () => {
    const before = await tablesContent();
    for (const { method, path, op } of operations())
      for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]))
        for (const [what, value] of Object.entries(BAD_IN_URL)) {
          const body = op.requestBody?.content?.['application/json'] ? {} : undefined;
          const r = await s.api(method, filled(path, name, value), { token: tokenFor(path), body });
          const where = `${method} ${path} {${name}} = ${what}`;
          expect.soft(r.json?.error, label(r, where)).toBeTypeOf('string');
          if (what !== 'NUL') {
            // Bytes that are not UTF-8 are no path at all: the router answers before any route, as for a route that does not exist.
            expect.soft(r.status, label(r, where)).toBe(404);
            expect.soft(r.json?.error, label(r, where)).toBe('NotFound');
          } else if (name === 'lang') {
            expect.soft(r.status, label(r, where)).toBeGreaterThanOrEqual(400);
            expect.soft(r.status, label(r, where)).toBeLessThan(500);
          } else if (path.startsWith('/api/v1/public/') && name === 'chatbotId') {
            // The widget's convention: a malformed chatbot id is 400 (the demo page's "invalid link").
            expect.soft(r.status, label(r, where)).toBe(400);
          } else if (!body) expect.soft(r.status, label(r, where)).toBe(404);
          else expect.soft([400, 404], label(r, where)).toContain(r.status);
        }
    expect(await tablesContent()).toEqual(before);
  });
});
