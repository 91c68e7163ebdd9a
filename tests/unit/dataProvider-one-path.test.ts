/**
 * The dashboard's one API path: training actions, uploads, downloads and the history calls are methods of
 * the dataProvider, through the same fetch wrapper (token, act-as header, errors) and the same scoping.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from '../../src/providers/http.ts';
import { createDataProvider } from '../../src/providers/dataProvider.ts';

function provider(respond: (url: string) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return respond(String(url));
  });
  const http = createHttpClient({ getToken: () => 'tok', getActAsUser: () => 'customer-1', fetch, isOnline: () => true, knownErrorKeys: new Set(['InvalidCron']) });
  return { dp: createDataProvider(http, () => ({ chatbotId: 'c1', lang: 'de' })), calls };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);
const filterOf = (url: string) => JSON.parse(new URL(url, 'http://x').searchParams.get('filter')!);

describe('one API path', () => {
  it('request: JSON calls with the token and the admin\'s act-as header; server errors keep their key', async () => {
    const { dp, calls } = provider((url) => (url.includes('schedules') ? json({ error: 'InvalidCron', message: 'bad' }, 400) : json({ id: 'w1' }, 201)));
    expect(await dp.request('POST', 'websites', { domain: 'x.de' })).toEqual({ id: 'w1' });
    expect(calls[0].url).toBe('/api/v1/websites');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ domain: 'x.de' });
    expect(headerOf(calls[0].init, 'authorization')).toBe('Bearer tok');
    expect(headerOf(calls[0].init, 'x-act-as-user')).toBe('customer-1');
    const err = await dp.request('PUT', 'schedules/s1', { cron: 'x' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('errors.InvalidCron');
  });

  it('download: a binary file arrives whole, under the scoped filter, through the same wrapper', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0xfe]);
    const { dp, calls } = provider(() => new Response(bytes, { status: 200, headers: { 'content-type': 'application/octet-stream' } }));
    const saved: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (saved.push(b as Blob), 'blob:x'));
    await dp.download('qna/export', { q: 'Preis' }, 'qna.xlsx');
    createObjectURL.mockRestore();
    expect(calls[0].url.startsWith('/api/v1/qna/export?')).toBe(true);
    expect(filterOf(calls[0].url)).toEqual({ chatbotId: 'c1', lang: 'de', q: 'Preis' });
    expect(headerOf(calls[0].init, 'authorization')).toBe('Bearer tok');
    expect(new Uint8Array(await saved[0].arrayBuffer())).toEqual(bytes);
  });

  it('download: the sort of the list and the interface language go along as their own parameters', async () => {
    const { dp, calls } = provider(() => new Response(new Uint8Array([1]), { status: 200 }));
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    await dp.download('qna/export', { active: true }, 'qna.xlsx', { sort: JSON.stringify(['question', 'DESC']), locale: 'en' });
    createObjectURL.mockRestore();
    const params = new URL(calls[0].url, 'http://x').searchParams;
    expect(JSON.parse(params.get('sort')!)).toEqual(['question', 'DESC']);
    expect(params.get('locale')).toBe('en');
    expect(filterOf(calls[0].url)).toEqual({ chatbotId: 'c1', lang: 'de', active: true });
  });

  it('a failed download is an ApiError, nothing is saved', async () => {
    const { dp } = provider(() => json({ error: 'Forbidden', message: 'no' }, 403));
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    expect(await dp.download('qna/export', {}, 'qna.xlsx').catch((e) => e)).toBeInstanceOf(ApiError);
    expect(createObjectURL).not.toHaveBeenCalled();
    createObjectURL.mockRestore();
  });

  it('history calls are scoped like the list: counts, translation, optimize, export', async () => {
    const { dp, calls } = provider((url) =>
      url.includes('/export') ? new Response('a;b\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="Chat_Export_1.csv"', 'x-export-chats': '3', 'x-export-skipped': '1' } }) : json({}),
    );
    await dp.chatCounts({ category: 'hr' });
    expect(filterOf(calls[0].url)).toEqual({ chatbotId: 'c1', lang: 'de', category: 'hr' });
    await dp.saveTranslation('ch 1', 'm1', 'Hello', 'en');
    expect(calls[1].url).toBe('/api/v1/chats/ch%201/messages/m1');
    expect(calls[1].init.method).toBe('PUT');
    await dp.optimizeAnswer('ch1', 'm1', 'Better');
    expect(JSON.parse(String(calls[2].init.body))).toEqual({ answer: 'Better' });
    expect(await dp.exportChats({}, 3, 'en')).toEqual({ csv: 'a;b\n', fileName: 'Chat_Export_1.csv', chats: 3, skipped: 1 });
    expect(new URL(calls[3].url, 'http://x').searchParams.get('locale')).toBe('en');
  });
});
