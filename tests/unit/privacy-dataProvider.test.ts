/**
 * The privacy calls of the dashboard go through the dataProvider's one fetch wrapper: visitor data and the
 * account export arrive as files saved under the server's name; deletions send exactly what the server reads.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from '../../src/providers/http.ts';
import { createDataProvider } from '../../src/providers/dataProvider.ts';

function provider(respond: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return respond(String(url), init ?? {});
  });
  const http = createHttpClient({ getToken: () => 'tok', fetch, isOnline: () => true, knownErrorKeys: new Set(['NotFound']) });
  return { dp: createDataProvider(http, () => ({ chatbotId: 'c1', lang: 'de' })), calls };
}

/** Captures what the browser would download: the blob and the file name of the link clicked. */
function captureDownloads() {
  const files: { blob: Blob; name: string }[] = [];
  const blobs: Blob[] = [];
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:x'));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ blob: blobs.at(-1)!, name: this.download });
  });
  return { files, restore: () => (createObjectURL.mockRestore(), click.mockRestore()) };
}

const file = (body: string, name: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${name}"` } });

describe('privacy calls', () => {
  it('exports a visitor’s data with a POST of the selector and saves the file under the server’s name', async () => {
    const { dp, calls } = provider(() => file('{"chats":[]}', 'visitor-data-2026-11-26.json'));
    const downloads = captureDownloads();
    await dp.exportVisitorData({ chatbotId: 'c1', chatId: 'chat-1' });
    downloads.restore();
    expect(calls[0].url).toBe('/api/v1/chats/visitor-data/export');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ chatbotId: 'c1', chatId: 'chat-1' });
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer tok');
    expect(downloads.files).toHaveLength(1);
    expect(downloads.files[0].name).toBe('visitor-data-2026-11-26.json');
    expect(await downloads.files[0].blob.text()).toBe('{"chats":[]}');
  });

  it('exports the account with a GET; a visitor without data is a 404 ApiError and nothing is saved', async () => {
    const { dp, calls } = provider((url) =>
      url.endsWith('account/export') ? file('{"organization":{}}', 'account-2026-11-26.json') : new Response(JSON.stringify({ error: 'NotFound', message: 'x' }), { status: 404 }),
    );
    const downloads = captureDownloads();
    await dp.exportAccount();
    const missing = await dp.exportVisitorData({ chatbotId: 'c1', email: 'nobody@example.test' }).catch((e: unknown) => e);
    downloads.restore();
    expect(calls[0].init.method ?? 'GET').toBe('GET');
    expect(downloads.files.map((f) => f.name)).toEqual(['account-2026-11-26.json']);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
  });

  it('deletes a visitor’s data and the account with the bodies the server validates', async () => {
    const { dp, calls } = provider((url) =>
      new Response(JSON.stringify(url.endsWith('account/delete') ? { deletionRequestedAt: 'now' } : { deletedChats: 2, deletedMessages: 3, deletedLeads: 1 }), { status: 200 }),
    );
    expect(await dp.deleteVisitorData({ chatbotId: 'c1', email: 'anna@example.test' })).toEqual({ deletedChats: 2, deletedMessages: 3, deletedLeads: 1 });
    expect(await dp.deleteAccount('me@example.test')).toEqual({ deletionRequestedAt: 'now' });
    expect(calls.map((c) => [c.init.method, c.url, JSON.parse(String(c.init.body))])).toEqual([
      ['POST', '/api/v1/chats/visitor-data/delete', { chatbotId: 'c1', email: 'anna@example.test' }],
      ['POST', '/api/v1/account/delete', { email: 'me@example.test' }],
    ]);
  });
});
