import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/providers/http.ts';
import { createDataProvider } from '../../src/providers/dataProvider.ts';

function recordingProvider(scope = { chatbotId: 'c1' as string | null, lang: 'de' as string | null }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const body = String(url).includes('/verify') ? { initialSetup: 'completed', progress: {} } : [{ id: 1 }];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Range': 'x 0-0/1' } });
  });
  const http = createHttpClient({ getToken: () => 'tok', fetch, isOnline: () => true });
  return { dp: createDataProvider(http, () => scope), calls };
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('dataProvider scoping', () => {
  it('adds the active chatbot and language to list filters of training and history resources', async () => {
    const { dp, calls } = recordingProvider();
    await dp.getList('chats', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'hi' } });
    expect(JSON.parse(query(calls[0].url).filter)).toEqual({ chatbotId: 'c1', lang: 'de', q: 'hi' });
  });
  it('keeps a filter the caller set itself', async () => {
    const { dp, calls } = recordingProvider();
    await dp.getList('qna', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { lang: 'en' } });
    expect(JSON.parse(query(calls[0].url).filter)).toEqual({ chatbotId: 'c1', lang: 'en' });
  });
  it('adds them to new records', async () => {
    const { dp, calls } = recordingProvider();
    await dp.create('contacts', { data: { name: 'Support' } });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ chatbotId: 'c1', lang: 'de', name: 'Support' });
  });
  it('leaves other resources alone', async () => {
    const { dp, calls } = recordingProvider();
    await dp.getList('plans', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(JSON.parse(query(calls[0].url).filter)).toEqual({});
  });
});

describe('dataProvider custom methods', () => {
  it('call the paths of spec section 7', async () => {
    const { dp, calls } = recordingProvider();
    await dp.lookupUser();
    await dp.getUser('u 1');
    await dp.patchUser('u1', { firstName: 'A' });
    await dp.getChatbot('c1');
    await dp.createChatbot({ organizationId: 'o1', url: 'https://x.de', lang: 'de' });
    await dp.verifyChatbot('c1', { url: 'https://x.de/a?b=1', lang: '' });
    await dp.screenshot('https://x.de');
    await dp.getLanguagePool();
    await dp.getTranslationLanguages();
    await dp.getChatbotLanguages('c1');
    await dp.addLanguage('c1', 'en');
    await dp.setDefaultLanguage('c1', 'en');
    await dp.deleteLanguage('c1', 'en');
    await dp.translate('en', 'Hallo Welt');
    await dp.createPortalSession('cus_1');
    expect(calls.map((c) => `${c.init.method ?? 'GET'} ${c.url}`)).toEqual([
      'GET /api/v1/users/lookup',
      'GET /api/v1/users/u%201',
      'PATCH /api/v1/users/u1',
      'GET /api/v1/chatbots/c1',
      'POST /api/v1/chatbots',
      'GET /api/v1/chatbots/c1/verify?url=https%3A%2F%2Fx.de%2Fa%3Fb%3D1&lang=de',
      'GET /api/v1/chatbots/screenshot?url=https%3A%2F%2Fx.de',
      'GET /api/v1/languages',
      'GET /api/v1/languages/translation',
      'GET /api/v1/languages/c1',
      'POST /api/v1/languages/c1',
      'PATCH /api/v1/languages/c1/en',
      'DELETE /api/v1/languages/c1/en',
      'GET /api/v1/translations?lang=en&message=Hallo%20Welt',
      'POST /api/v1/stripe/portal-session',
    ]);
    expect(JSON.parse(String(calls[11].init.body))).toEqual({ isDefault: true });
    expect(JSON.parse(String(calls[14].init.body))).toEqual({ customerId: 'cus_1' });
  });
});
