/**
 * The history screen's calls beyond ra-data-simple-rest: counts per category, keeping a translation,
 * optimizing an answer and the CSV export. They go through the dashboard's one fetch wrapper.
 */
import { API_URL, httpClient } from '../../providers/dataProvider.ts';
import { getScope } from '../../providers/scope.ts';
import type { ApiMessage, ChatCounts, ChatFilterValues } from './types.ts';

const enc = encodeURIComponent;

/** Scoped like the list: the active chatbot and language, unless the caller set them. */
function filterParam(filter: ChatFilterValues) {
  const { chatbotId, lang } = getScope();
  return `filter=${enc(JSON.stringify({ ...(chatbotId ? { chatbotId } : {}), ...(lang ? { lang } : {}), ...filter }))}`;
}

export interface ExportResult {
  csv: string;
  fileName: string;
  chats: number;
  skipped: number;
}

export const chatsApi = {
  counts: async (filter: ChatFilterValues) => (await httpClient<ChatCounts>(`${API_URL}/chats/counts?${filterParam(filter)}`)).json,

  saveTranslation: async (chatId: string, messageId: string, translatedText: string, translatedLang: string) =>
    (
      await httpClient<ApiMessage>(`${API_URL}/chats/${enc(chatId)}/messages/${enc(messageId)}`, {
        method: 'PUT',
        body: JSON.stringify({ translatedText, translatedLang }),
      })
    ).json,

  optimize: async (chatId: string, messageId: string, answer: string, question?: string) =>
    (
      await httpClient<{ message: ApiMessage; qna: { id: string }; created: boolean }>(
        `${API_URL}/chats/${enc(chatId)}/messages/${enc(messageId)}/optimize`,
        { method: 'POST', body: JSON.stringify(question ? { answer, question } : { answer }) },
      )
    ).json,

  /** The server streams the file; the counts in its headers decide which message the user sees. */
  exportCsv: async (filter: ChatFilterValues, amount: number, locale: string): Promise<ExportResult> => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const res = await httpClient(
      `${API_URL}/chats/export?${filterParam(filter)}&amount=${amount}&locale=${locale === 'en' ? 'en' : 'de'}&tz=${enc(tz)}`,
      { headers: { Accept: 'text/csv' } },
    );
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'Chat_Export.csv';
    return {
      csv: res.body,
      fileName: name,
      chats: Number(res.headers.get('x-export-chats') ?? 0),
      skipped: Number(res.headers.get('x-export-skipped') ?? 0),
    };
  },
};


