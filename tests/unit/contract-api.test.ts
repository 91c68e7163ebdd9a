/** The API schemas of contract/: list queries, error responses, ids, schedule presets, request bodies. */
import { describe, expect, it } from 'vitest';
import type { ZodEnum } from 'zod';
import { DEFAULT_RANGE, listQuery, MAX_PAGE, pageOf, simpleRestQuery } from '../../contract/api/simpleRest.ts';
import { errorBody, errorResponses, mergeErrorResponses } from '../../contract/api/common.ts';
import { ERROR_KEYS, ERROR_STATUS, errorKeysOf } from '../../contract/errors.ts';
import { isUuid, pathId, uuid } from '../../contract/ids.ts';
import { DEFAULT_CRON, normalizeCron, presetOf, SCHEDULE_PRESETS } from '../../contract/schedules.ts';
import { createChatbotBody, translationQuery, MAX_TRANSLATION_CHARS } from '../../contract/api/account.ts';
import { createScheduleBody, createWebsiteBody, trainWebpagesBody, websiteFilter } from '../../contract/api/training.ts';

const A_UUID = '8f14e45f-ceea-467f-a0e6-1a2b3c4d5e6f';
const list = listQuery(websiteFilter, { sortable: ['domain', 'createdAt'], defaultSort: ['domain', 'ASC'] });
const q = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]));
/** The error keys an error response lists. */
const keysOf = (schema: unknown) => ((schema as ReturnType<typeof errorBody>).shape.error as ZodEnum).options;
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('listQuery: the simple-rest sort/range/filter query', () => {
  it.each([
    ['defaults', q({ filter: { chatbotId: 'b' } }), { sort: { field: 'domain', order: 'ASC' }, limit: 25, offset: 0 }],
    ['sort and range', q({ sort: ['createdAt', 'desc'], range: [10, 19], filter: { chatbotId: 'b' } }), { sort: { field: 'createdAt', order: 'DESC' }, limit: 10, offset: 10 }],
    ['a range over the page limit', q({ range: [0, 10_000], filter: { chatbotId: 'b' } }), { limit: MAX_PAGE, offset: 0 }],
    ['a one-record range', q({ range: [7, 7], filter: { chatbotId: 'b' } }), { limit: 1, offset: 7 }],
  ])('%s', (_name, query, expected) => {
    const r = list.safeParse(query);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ ...expected, filter: { chatbotId: 'b' } });
  });

  it.each([
    ['a field that is not sortable', q({ sort: ['password', 'ASC'], filter: { chatbotId: 'b' } }), 'sort'],
    ['an order that is neither', q({ sort: ['domain', 'UP'], filter: { chatbotId: 'b' } }), 'sort.1'],
    ['a range ending before it starts', q({ range: [5, 2], filter: { chatbotId: 'b' } }), 'range'],
    ['a negative range', q({ range: [-1, 2], filter: { chatbotId: 'b' } }), 'range.0'],
    ['sort that is not JSON', { sort: '[domain', filter: '{"chatbotId":"b"}' }, 'sort'],
    ['no filter (the chatbot is required)', {}, 'filter.chatbotId'],
    ['a malformed id in the filter', q({ filter: { chatbotId: 'b', id: [A_UUID, 'x'] } }), 'filter.id.1'],
  ])('refuses %s, naming the field', (_name, query, path) => {
    const r = list.safeParse(query);
    expect(r.success).toBe(false);
    expect(paths(r)).toContain(path);
  });
});

describe('the dialect for any resource (the mock server) and its pages', () => {
  it.each([
    [undefined, { offset: 0, limit: 25 }],
    [[0, 0], { offset: 0, limit: 1 }],
    [[50, 99], { offset: 50, limit: 50 }],
    [[10, 100_000], { offset: 10, limit: MAX_PAGE }],
  ] as const)('range %j is %j', (range, page) => expect(pageOf(range)).toEqual(page));

  it('the default range is the first 25 records', () => expect(pageOf(DEFAULT_RANGE)).toEqual({ offset: 0, limit: 25 }));

  it.each([
    [q({ sort: ['anything', 'asc'], filter: { q: 'brot', id: [1, 2] } }), true],
    [{}, true],
    [q({ range: [3, 1] }), false],
    [q({ filter: [1, 2] }), false],
    [{ sort: 'title' }, false],
  ])('%j is valid: %s', (query, ok) => expect(simpleRestQuery.safeParse(query).success).toBe(ok));
});

describe('error keys and error responses', () => {
  it('every key has one HTTP error status', () => {
    for (const key of ERROR_KEYS) expect(ERROR_STATUS[key] >= 400 && ERROR_STATUS[key] < 600, key).toBe(true);
  });

  it.each([
    [400, ['ValidationFailed', 'InvalidJson', 'LanguageNotAvailable']],
    [401, ['NoToken', 'Unauthorized']],
    [404, ['NotFound']],
    [413, ['FileTooLarge']],
    [429, ['RateLimited', 'MessageQuotaReached']],
  ])('status %i comes with %j', (status, keys) => expect(errorKeysOf(status)).toEqual(expect.arrayContaining(keys)));

  it.each([
    [['LanguageNotAvailable'], { 400: ['LanguageNotAvailable'] }],
    [['LanguageNotAvailable', 'ValidationFailed', 'LanguageAlreadyAdded'], { 400: ['LanguageNotAvailable', 'ValidationFailed'], 409: ['LanguageAlreadyAdded'] }],
    [['NoToken', 'FileTooLarge'], { 401: ['NoToken'], 413: ['FileTooLarge'] }],
  ] as const)('errorResponses(%j) groups the keys by status', (keys, expected) => {
    const responses = errorResponses(...keys);
    expect(Object.keys(responses).map(Number).sort()).toEqual(Object.keys(expected).map(Number).sort());
    for (const [status, list] of Object.entries(expected)) expect(keysOf(responses[Number(status)])).toEqual(list);
  });

  it('merging keeps both sets of keys where a status is in both', () => {
    const merged = mergeErrorResponses(errorResponses('ValidationFailed', 'NotFound'), errorResponses('LanguageNotAvailable', 'EmailTaken'));
    const keysAt = (status: number) => keysOf(merged[status]);
    expect(keysAt(400)).toEqual(['ValidationFailed', 'LanguageNotAvailable']);
    expect(keysAt(404)).toEqual(['NotFound']);
    expect(keysAt(409)).toEqual(['EmailTaken']);
  });

  it.each([
    [{ error: 'NotFound', message: 'Chatbot not found' }, true],
    [{ error: 'ValidationFailed', message: 'x', details: [{ path: 'url', message: 'bad' }] }, true],
    [{ error: 'NoSuchKey', message: 'x' }, false],
    [{ error: 'NotFound' }, false],
  ])('the error body %j is %s', (body, ok) => expect(errorBody().safeParse(body).success).toBe(ok));
});

describe('ids', () => {
  it.each([
    [A_UUID, true],
    [A_UUID.toUpperCase(), true],
    [A_UUID.replace(/-/g, ''), false],
    [`${A_UUID}\n`, false],
    [`${A_UUID}0`, false],
    ['', false],
    [42, false],
  ])('%j is a uuid: %s', (value, ok) => {
    expect(isUuid(value)).toBe(ok);
    expect(uuid.safeParse(value).success).toBe(ok);
  });

  it('a path id is any text (the record lookup answers 404 for a malformed one)', () => {
    for (const value of ['x', A_UUID, '../']) expect(pathId.safeParse(value).success).toBe(true);
  });
});

describe('schedule presets', () => {
  it.each(Object.entries(SCHEDULE_PRESETS))('%s is its own cron expression', (preset, cron) => {
    expect(presetOf(cron)).toBe(preset);
    expect(presetOf(`  ${cron.replace(/ /g, '   ')} `)).toBe(preset);
  });

  it.each([['0 0 2 1 *'], ['*/5 * * * *'], ['']])('%j is no preset', (cron) => expect(presetOf(cron)).toBeNull());

  it('the default is every 1 January', () => {
    expect(DEFAULT_CRON).toBe('0 0 1 1 *');
    expect(normalizeCron(' 0  0 1 1 * ')).toBe(DEFAULT_CRON);
  });
});

describe('request bodies', () => {
  const chatbot = { organizationId: A_UUID, url: 'example.com', lang: 'de' };
  it.each([
    ['createChatbotBody', createChatbotBody, chatbot, true],
    ['createChatbotBody with an unknown field', createChatbotBody, { ...chatbot, plan: 'x' }, false],
    ['createChatbotBody without lang', createChatbotBody, { organizationId: A_UUID, url: 'example.com' }, false],
    ['createWebsiteBody', createWebsiteBody, { chatbotId: 'b', domain: 'example.com' }, true],
    ['createWebsiteBody with an unknown crawl', createWebsiteBody, { chatbotId: 'b', domain: 'example.com', crawl: 'deep' }, false],
    ['trainWebpagesBody with ids', trainWebpagesBody, { chatbotId: 'b', ids: [A_UUID] }, true],
    ['trainWebpagesBody with an empty selection', trainWebpagesBody, { chatbotId: 'b', ids: [] }, false],
    ['createScheduleBody with a preset', createScheduleBody, { chatbotId: 'b', websiteId: A_UUID, preset: 'weekly' }, true],
    ['createScheduleBody with an unknown preset', createScheduleBody, { chatbotId: 'b', websiteId: A_UUID, preset: 'hourly' }, false],
    ['translationQuery at the limit', translationQuery, { lang: 'de', message: 'a'.repeat(MAX_TRANSLATION_CHARS) }, true],
    ['translationQuery over the limit', translationQuery, { lang: 'de', message: 'a'.repeat(MAX_TRANSLATION_CHARS + 1) }, false],
  ] as const)('%s', (_name, schema, value, ok) => expect(schema.safeParse(value).success).toBe(ok));

  it('fills the defaults', () => {
    expect(createWebsiteBody.parse({ chatbotId: 'b', domain: 'example.com' }).crawl).toBe('spider');
    expect(createScheduleBody.parse({ chatbotId: 'b', websiteId: A_UUID })).toMatchObject({ includeSubsites: false, status: 'active' });
  });
});
