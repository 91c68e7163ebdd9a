/** The UI configuration calls (GET/PUT uiconfig/{chatbotId}/{lang}) through the dashboard's one fetch wrapper. */
import { API_URL, httpClient } from '../../providers/dataProvider.ts';
import type { UiConfig, UiConfigRecord } from './uiConfigModel.ts';

const path = (chatbotId: string, lang: string) => `${API_URL}/uiconfig/${encodeURIComponent(chatbotId)}/${encodeURIComponent(lang)}`;

export const uiConfigApi = {
  get: async (chatbotId: string, lang: string) => (await httpClient<UiConfigRecord>(path(chatbotId, lang))).json,
  save: async (chatbotId: string, lang: string, config: UiConfig) =>
    (await httpClient<UiConfigRecord>(path(chatbotId, lang), { method: 'PUT', body: JSON.stringify(config) })).json,
};

export const UICONFIG_QUERY_KEY = 'uiconfig';
