import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { ERROR_KEYS } from '../../contract/errors.ts';
import { routesOf } from './routeList.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** A route's shape with its parameters unnamed: /users/:id and /users/{id} are both /users/{}. */
const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}|:[^/]+/g, '{}')}`;

let s: TestServer;
let doc: any;

beforeAll(async () => {
  s = await startTestServer();
  const r = await s.api('GET', '/api/v1/openapi.json');
  expect(r.status).toBe(200);
  doc = r.json;
});
afterAll(() => s?.close());

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3 document: version, info, paths with operations and responses', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path.startsWith('/api/v1/'), path).toBe(true);
      for (const [method, op] of Object.entries<any>(item)) {
        expect(['get', 'post', 'put', 'patch', 'delete'], `${method} ${path}`).toContain(method);
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(1);
        for (const p of op.parameters ?? []) expect(['path', 'query', 'header'], `${method} ${path}`).toContain(p.in);
      }
    }
  });

  it('lists every /api/v1 route the server registers, and nothing else', () => {
    const api = routesOf(s.app)
      .filter((r) => METHODS.includes(r.method) && r.path.startsWith('/api/v1/') && r.path !== '/api/v1/openapi.json')
      .map((r) => shape(r.method, r.path));
    const documented = Object.entries<any>(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => shape(m, path)));
    expect(api.length).toBeGreaterThan(50);
    expect(documented.length).toBe(new Set(documented).size);
    expect(new Set(documented)).toEqual(new Set(api));
  });

  it('documents the success answer of each route', () => {
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item))
        expect(Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status)), `${method} ${path}`).not.toEqual([]);
    expect(doc.paths['/api/v1/chats/export'].get.responses['200'].content).toHaveProperty(['text/csv']);
  });

  it('names the path parameters of each route', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<any>(item)) {
        const inPath = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
        expect(inPath, `${method} ${path}`).toEqual(names);
      }
    }
  });

  it('documents the error body and its keys on the responses', () => {
    const op = doc.paths['/api/v1/chatbots'].post;
    const bad = op.responses['400'].content['application/json'].schema;
    expect(bad.required).toEqual(expect.arrayContaining(['error', 'message']));
    expect(bad.properties.error.enum).toEqual(expect.arrayContaining(['ValidationFailed', 'InvalidJson', 'LanguageNotAvailable']));
    expect(op.responses['401'].content['application/json'].schema.properties.error.enum).toEqual(expect.arrayContaining(['NoToken']));
    const keys = new Set(Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item))
      .flatMap((o) => Object.values<any>(o.responses).flatMap((r) => r.content?.['application/json']?.schema?.properties?.error?.enum ?? [])));
    for (const key of keys) expect(ERROR_KEYS).toContain(key);
    expect(keys.size).toBeGreaterThan(15);
  });

  it('needs no sign-in', async () => {
    const r = await s.api('GET', '/api/v1/openapi.json', { token: undefined });
    expect(r.status).toBe(200);
  });
});

describe('the documented schemas are what the server enforces', () => {
  it('a simple-rest list: sort, range and filter in the query, the sortable fields named', async () => {
    const op = doc.paths['/api/v1/websites'].get;
    const names = op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name).sort();
    expect(names).toEqual(['filter', 'range', 'sort']);
    const sort = op.parameters.find((p: any) => p.name === 'sort');
    expect(sort.description).toContain('domain');
    const { token } = await s.createUser();
    const r = await s.api('GET', `/api/v1/websites?sort=${encodeURIComponent('["password","ASC"]')}&filter=${encodeURIComponent('{"chatbotId":"x"}')}`, { token });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('ValidationFailed');
    expect(r.json.details.map((d: { path: string }) => d.path)).toContain('sort');
  });

  it('a body the schema forbids (an unknown field, a missing one) is a 400 ValidationFailed naming the field', async () => {
    const body = doc.paths['/api/v1/chatbots'].post.requestBody.content['application/json'].schema;
    expect(body.required.sort()).toEqual(['lang', 'organizationId', 'url']);
    expect(body.additionalProperties).toBe(false);
    const { token, user } = await s.createUser();
    const extra = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: 'example.com', lang: 'de', plan: 'x' } });
    expect(extra.status).toBe(400);
    expect(extra.json.error).toBe('ValidationFailed');
    const missing = await s.api('POST', '/api/v1/chatbots', { token, body: { organizationId: user.organization_id, url: 'example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.json.details.map((d: { path: string }) => d.path)).toEqual(['lang']);
  });

  it('a query parameter over its documented maximum is a 400', async () => {
    const params = doc.paths['/api/v1/translations'].get.parameters;
    const message = params.find((p: any) => p.name === 'message');
    expect(message.required).toBe(true);
    const { token } = await s.createUser();
    const r = await s.api('GET', `/api/v1/translations?lang=de&message=${'a'.repeat(message.schema.maxLength + 1)}`, { token });
    expect(r.status).toBe(400);
    expect(r.json.details[0].path).toBe('message');
  });
});
