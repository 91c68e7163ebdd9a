import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, errorKeyForStatus } from '../../src/providers/http.ts';

function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }),
  );
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('errorKeyForStatus', () => {
  it.each([
    [401, 'Forbidden'],
    [403, 'Forbidden'],
    [413, 'FileTooLarge'],
    [400, 'Unknown'],
    [404, 'Unknown'],
    [409, 'Unknown'],
    [500, 'Unknown'],
    [502, 'Unknown'],
  ])('maps %i to %s', (status, key) => expect(errorKeyForStatus(status)).toBe(key));
});

describe('httpClient', () => {
  it('sends the bearer token and returns the JSON', async () => {
    const fetch = fakeFetch(200, { ok: 1 }, { 'content-range': 'chats 0-0/1' });
    const http = createHttpClient({ getToken: () => 'tok', fetch, isOnline: () => true });
    const res = await http('/api/v1/x');
    expect(res.json).toEqual({ ok: 1 });
    expect(res.headers.get('content-range')).toBe('chats 0-0/1');
    const headers = new Headers(fetch.mock.calls[0][1]!.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.has('x-act-as-user')).toBe(false);
  });

  it('adds X-Act-As-User in admin mode and keeps given headers', async () => {
    const fetch = fakeFetch(200, []);
    const http = createHttpClient({ getToken: async () => 'admin', getActAsUser: () => 'u42', fetch, isOnline: () => true });
    await http('/api/v1/x', { method: 'POST', body: '{}', headers: new Headers({ Range: 'chats=0-9' }) });
    const headers = new Headers(fetch.mock.calls[0][1]!.headers);
    expect(headers.get('x-act-as-user')).toBe('u42');
    expect(headers.get('range')).toBe('chats=0-9');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('blocks every call with NoInternetConnection while offline, sending nothing', async () => {
    const fetch = fakeFetch(200, {});
    const http = createHttpClient({ getToken: () => 'tok', fetch, isOnline: () => false });
    const e = await failure(http('/api/v1/x'));
    expect(e).toBeInstanceOf(ApiError);
    expect(e.key).toBe('NoInternetConnection');
    expect(e.message).toBe('errors.NoInternetConnection');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives NoToken without a token, sending nothing', async () => {
    const fetch = fakeFetch(200, {});
    const http = createHttpClient({ getToken: () => null, fetch, isOnline: () => true });
    const e = await failure(http('/api/v1/x'));
    expect(e.key).toBe('NoToken');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('calls public endpoints without a token', async () => {
    const fetch = fakeFetch(200, { a: 1 });
    const http = createHttpClient({ getToken: () => null, fetch, isOnline: () => true });
    await http('/api/v1/public/app-config', { public: true });
    expect(new Headers(fetch.mock.calls[0][1]!.headers).has('authorization')).toBe(false);
  });

  it.each([
    [401, 'Forbidden'],
    [403, 'Forbidden'],
    [413, 'FileTooLarge'],
    [500, 'Unknown'],
    [400, 'Unknown'],
  ])('maps HTTP %i to %s and keeps the server body', async (status, key) => {
    const body = { error: 'SomethingServerSide', message: 'Precise text', details: [{ path: 'url' }] };
    const http = createHttpClient({ getToken: () => 't', fetch: fakeFetch(status, body), isOnline: () => true });
    const e = await failure(http('/api/v1/x'));
    expect(e.key).toBe(key);
    expect(e.status).toBe(status);
    expect(e.serverKey).toBe('SomethingServerSide');
    expect(e.serverMessage).toBe('Precise text');
    expect(e.details).toEqual([{ path: 'url' }]);
    expect(e.body).toEqual(body);
    expect(e.message).toBe(`errors.${key}`);
  });

  it('shows the server key when the dashboard has a text for it', async () => {
    const http = createHttpClient({
      getToken: () => 't',
      fetch: fakeFetch(400, { error: 'LanguageNotAvailable', message: 'nope' }),
      isOnline: () => true,
      knownErrorKeys: new Set(['LanguageNotAvailable']),
    });
    const e = await failure(http('/api/v1/languages/c1'));
    expect(e.key).toBe('Unknown');
    expect(e.message).toBe('errors.LanguageNotAvailable');
  });

  it('copes with a non-JSON error body', async () => {
    const http = createHttpClient({ getToken: () => 't', fetch: fakeFetch(502, '<html>Bad gateway</html>'), isOnline: () => true });
    const e = await failure(http('/api/v1/x'));
    expect(e.key).toBe('Unknown');
    expect(e.serverKey).toBeNull();
    expect(e.body).toBe('<html>Bad gateway</html>');
  });

  it('maps a network failure to Unknown, or NoInternetConnection when the browser went offline', async () => {
    let online = true;
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const http = createHttpClient({ getToken: () => 't', fetch, isOnline: () => online });
    expect((await failure(http('/x'))).key).toBe('Unknown');
    fetch.mockImplementation(async () => {
      online = false;
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(http('/x'))).key).toBe('NoInternetConnection');
  });
});
