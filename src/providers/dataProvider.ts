/**
 * ra-data-simple-rest over /api/v1 (unchanged underneath, with our fetch wrapper), plus typed methods for
 * the calls of spec section 7, plus callbacks that scope training and history requests to the active
 * chatbot and language.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import { withLifecycleCallbacks, type DataProvider, type ResourceCallbacks } from 'ra-core';
import type { ApiChatbot, ApiUser, LanguageEntry, PortalSession, ScreenshotResult, TranslationResult, UserLookup, VerifyResult } from '../../contract/api/account.ts';
import { ERROR_KEYS } from '../../contract/errors.ts';
import { createHttpClient, type HttpClient } from './http.ts';
import { saveFile } from '../lib/saveFile.ts';
import type { VisitorSelector } from '../../contract/privacy.ts';
import type { ApiMessage, ChatCounts, ChatFilterValues } from '../resources/chats/types.ts';
import { getAccessToken, getActAsUser } from './authProvider.ts';
import { getScope } from './scope.ts';
import { lazyResourceProvider, withResourceProviders } from './resourceProviders.ts';
import { withLongPages } from './longPages.ts';

export const API_URL = '/api/v1';

/** Resources whose lists and new records belong to one chatbot and one language. */
export const SCOPED_RESOURCES = ['chats', 'websites', 'webpages', 'documents', 'contacts', 'qna', 'intervals', 'scrape-jobs', 'knowledge-gaps'];

export const httpClient = createHttpClient({
  getToken: getAccessToken,
  getActAsUser,
  knownErrorKeys: new Set<string>(ERROR_KEYS),
});

export interface PatchUserBody {
  firstName?: string;
  lastName?: string;
  company?: string;
  phone?: string;
  campaign?: string | null;
  preferredLanguage?: 'de' | 'en';
}

const enc = encodeURIComponent;

type Scope = () => { chatbotId: string | null; lang: string | null };

/** The active chatbot and language added to a filter or a new record, unless the caller set them itself. */
export function withScope<T extends Record<string, any>>(scope: Scope, values: T | undefined): T {
  const { chatbotId, lang } = scope();
  return { ...(chatbotId ? { chatbotId } : {}), ...(lang ? { lang } : {}), ...(values ?? ({} as T)) };
}

export interface ExportResult {
  csv: string;
  fileName: string;
  chats: number;
  skipped: number;
}

/** Calls beyond ra-data-simple-rest, through the same fetch wrapper (token, act-as header, error mapping). */
export function customMethods(http: HttpClient, base = API_URL, scope: Scope = getScope) {
  const get = async <T>(path: string) => (await http<T>(`${base}/${path}`)).json;
  const send = async <T>(method: string, path: string, body?: unknown) =>
    (await http<T>(`${base}/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })).json;
  /** A file the API answers with (GET, or POST with a JSON body), saved under the server's file name. */
  const saveDownload = async (url: string, fallbackName: string, body?: unknown) => {
    const r = await http(url, { responseType: 'blob', ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }) });
    saveFile(r.blob!, /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName);
  };
  const scopedFilter = (filter: object) => `filter=${enc(JSON.stringify(withScope(scope, filter as Record<string, unknown>)))}`;
  return {
    /** A JSON call of the API by path (training actions, schedules…). */
    request: <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      method === 'GET' ? get<T>(path) : send<T>(method, path, body ?? {}),
    /** multipart/form-data: the browser sets the boundary. */
    upload: async <T>(path: string, form: FormData) => (await http<T>(`${base}/${path}`, { method: 'POST', body: form })).json,
    /** A file of the API (qna.xlsx) saved by the browser under `fileName`; `filter` is scoped like a list's, `query` adds parameters. */
    download: async (path: string, filter: object, fileName: string, query: Record<string, string> = {}) => {
      const extra = Object.entries(query).map(([k, v]) => `&${enc(k)}=${enc(v)}`).join('');
      const r = await http(`${base}/${path}?${scopedFilter(filter)}${extra}`, { responseType: 'blob' });
      saveFile(r.blob!, fileName);
    },
    chatCounts: (filter: ChatFilterValues) => get<ChatCounts>(`chats/counts?${scopedFilter(filter)}`),
    saveTranslation: (chatId: string, messageId: string, translatedText: string, translatedLang: string) =>
      send<ApiMessage>('PUT', `chats/${enc(chatId)}/messages/${enc(messageId)}`, { translatedText, translatedLang }),
    optimizeAnswer: (chatId: string, messageId: string, answer: string, question?: string) =>
      send<{ message: ApiMessage; qna: { id: string }; created: boolean }>(
        'POST',
        `chats/${enc(chatId)}/messages/${enc(messageId)}/optimize`,
        question ? { answer, question } : { answer },
      ),
    /** The server streams the file; the counts in its headers decide which message the user sees. */
    exportChats: async (filter: ChatFilterValues, amount: number, locale: string): Promise<ExportResult> => {
      const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
      const res = await http(`${base}/chats/export?${scopedFilter(filter)}&amount=${amount}&locale=${locale === 'en' ? 'en' : 'de'}&tz=${enc(tz)}`, {
        headers: { Accept: 'text/csv' },
      });
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'Chat_Export.csv';
      return { csv: res.body, fileName: name, chats: Number(res.headers.get('x-export-chats') ?? 0), skipped: Number(res.headers.get('x-export-skipped') ?? 0) };
    },
    lookupUser: () => get<UserLookup>('users/lookup'),
    getUser: (id: string) => get<UserLookup>(`users/${enc(id)}`),
    patchUser: (id: string, body: PatchUserBody) => send<ApiUser>('PATCH', `users/${enc(id)}`, body),
    getChatbot: (id: string) => get<ApiChatbot>(`chatbots/${enc(id)}`),
    createChatbot: (body: { organizationId: string; url: string; lang: string }) => send<ApiChatbot>('POST', 'chatbots', body),
    /** The verify language defaults to de when empty (spec section 5). */
    verifyChatbot: (id: string, q: { url: string; lang?: string | null }) =>
      get<VerifyResult>(`chatbots/${enc(id)}/verify?url=${enc(q.url)}&lang=${enc(q.lang || 'de')}`),
    screenshot: (url: string) => get<ScreenshotResult>(`chatbots/screenshot?url=${enc(url)}`),
    getLanguagePool: () => get<string[]>('languages'),
    getTranslationLanguages: () => get<string[]>('languages/translation'),
    getChatbotLanguages: (chatbotId: string) => get<LanguageEntry[]>(`languages/${enc(chatbotId)}`),
    addLanguage: (chatbotId: string, lang: string) => send<LanguageEntry>('POST', `languages/${enc(chatbotId)}`, { lang }),
    setDefaultLanguage: (chatbotId: string, lang: string) =>
      send<LanguageEntry>('PATCH', `languages/${enc(chatbotId)}/${enc(lang)}`, { isDefault: true }),
    deleteLanguage: (chatbotId: string, lang: string) => send<unknown>('DELETE', `languages/${enc(chatbotId)}/${enc(lang)}`),
    translate: (lang: string, message: string) => get<TranslationResult>(`translations?lang=${enc(lang)}&message=${enc(message)}`),
    createPortalSession: (customerId: string) => send<PortalSession>('POST', 'stripe/portal-session', { customerId }),
    /** One visitor's data (found by one of their chats or their e-mail address) saved as a JSON file. */
    exportVisitorData: (selector: VisitorSelector) => saveDownload(`${base}/chats/visitor-data/export`, 'visitor-data.json', selector),
    deleteVisitorData: (selector: VisitorSelector) =>
      send<{ deletedChats: number; deletedMessages: number; deletedLeads: number }>('POST', 'chats/visitor-data/delete', selector),
    /** Everything stored in the account, saved as one JSON file. */
    exportAccount: () => saveDownload(`${base}/account/export`, 'account.json'),
    /** Deletes the account: `email` is the account's address typed again. */
    deleteAccount: (email: string) => send<{ deletionRequestedAt: string }>('POST', 'account/delete', { email }),
  };
}

export type CustomMethods = ReturnType<typeof customMethods>;

/** Adds chatbotId and lang to list filters and new records, unless the caller set them itself. */
export function scopeCallbacks(resources: readonly string[], scope: Scope): ResourceCallbacks[] {
  return resources.map((resource) => ({
    resource,
    beforeGetList: async (params) => ({ ...params, filter: withScope(scope, params.filter) }),
    beforeGetManyReference: async (params) => ({ ...params, filter: withScope(scope, params.filter) }),
    beforeCreate: async (params) => ({ ...params, data: withScope(scope, params.data) }),
  }));
}

export function createDataProvider(http: HttpClient = httpClient, scope = getScope) {
  const custom = customMethods(http, API_URL, scope);
  // chats page by cursor; languages are the spec's language calls (issue 11).
  const simpleRest = withLongPages(simpleRestProvider(API_URL, http));
  const base: DataProvider = withResourceProviders(simpleRest, {
    chats: lazyResourceProvider(simpleRest, async () => ({ getList: (await import('./chatsKeyset.ts')).keysetGetList(http, API_URL) })),
    languages: lazyResourceProvider(simpleRest, async () => (await import('./languagesProvider.ts')).languagesProvider(custom, () => scope().chatbotId)),
    // The spec's "delete the selection" is one call, not one DELETE per page.
    webpages: {
      deleteMany: async (_resource, params) => ({
        data: (await custom.request<{ ids: string[] }>('POST', 'webpages/delete', withScope(scope, { ids: params.ids }))).ids,
      }),
    },
  });
  return {
    ...withLifecycleCallbacks(base, scopeCallbacks(SCOPED_RESOURCES, scope)),
    ...custom,
  };
}

export const dataProvider = createDataProvider();
export type AppDataProvider = typeof dataProvider;
