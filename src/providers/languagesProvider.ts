/**
 * The `languages` resource over the spec's language calls (section 7): GET/POST languages/{chatbotId},
 * PATCH and DELETE languages/{chatbotId}/{lang}. A record is a language entry with its code as id; the
 * chatbot is the filter's or, without one, the active chatbot.
 */
import type { DataProvider, GetListParams, Identifier } from 'ra-core';
import type { LanguageEntry } from '../../contract/api/account.ts';

export type LanguageRecord = LanguageEntry & { id: string; chatbotId?: string };

interface LanguageCalls {
  getChatbotLanguages: (chatbotId: string) => Promise<LanguageEntry[]>;
  addLanguage: (chatbotId: string, lang: string) => Promise<unknown>;
  setDefaultLanguage: (chatbotId: string, lang: string) => Promise<unknown>;
  deleteLanguage: (chatbotId: string, lang: string) => Promise<unknown>;
}

const toRecord = (e: LanguageEntry): LanguageRecord => ({ ...e, id: e.lang });

/** The server answers a change with the chatbot's languages; the record is the changed one's entry. */
const entryIn = (answer: unknown, lang: string): LanguageRecord => {
  const found = Array.isArray(answer) ? (answer as LanguageEntry[]).find((e) => e.lang === lang) : undefined;
  return toRecord(found ?? { lang, isDefault: false, name: lang, alias: lang } as LanguageEntry);
};

/** Language entries sorted by a field (the list is small and answered whole). */
export function sortLanguages(rows: LanguageRecord[], sort?: GetListParams['sort']): LanguageRecord[] {
  if (!sort?.field) return rows;
  const dir = sort.order === 'DESC' ? -1 : 1;
  const value = (r: LanguageRecord) => (r as unknown as Record<string, unknown>)[sort.field];
  return [...rows].sort((a, b) => dir * String(value(a) ?? '').localeCompare(String(value(b) ?? '')));
}

export function languagesProvider(calls: LanguageCalls, activeChatbot: () => string | null): Partial<DataProvider> {
  const chatbotOf = (filter?: Record<string, unknown>) => {
    const id = (filter?.chatbotId as string | undefined) ?? activeChatbot();
    if (!id) throw new Error('errors.NoLanguageSelected');
    return id;
  };
  const all = async (filter?: Record<string, unknown>) => (await calls.getChatbotLanguages(chatbotOf(filter))).map(toRecord);
  const one = async (id: Identifier, filter?: Record<string, unknown>) => {
    const found = (await all(filter)).find((l) => l.id === String(id));
    if (!found) throw new Error('errors.LanguageNotAvailable');
    return found;
  };
  return {
    getList: async (_resource, params) => {
      const rows = sortLanguages(await all(params.filter), params.sort);
      const { page = 1, perPage = rows.length || 1 } = params.pagination ?? {};
      return { data: rows.slice((page - 1) * perPage, page * perPage) as any[], total: rows.length };
    },
    getOne: async (_resource, params) => ({ data: (await one(params.id, params.meta)) as any }),
    getMany: async (_resource, params) => {
      const rows = await all(params.meta);
      return { data: rows.filter((r) => params.ids.map(String).includes(r.id)) as any[] };
    },
    getManyReference: async (_resource, params) => {
      const rows = sortLanguages(await all(params.filter), params.sort);
      return { data: rows as any[], total: rows.length };
    },
    create: async (_resource, params) => {
      const chatbotId = chatbotOf(params.data);
      const lang = String(params.data.lang);
      return { data: entryIn(await calls.addLanguage(chatbotId, lang), lang) as any };
    },
    /** The only change a language takes is becoming the default. */
    update: async (_resource, params) => {
      const chatbotId = chatbotOf(params.data);
      const lang = String(params.id);
      return { data: entryIn(await calls.setDefaultLanguage(chatbotId, lang), lang) as any };
    },
    delete: async (_resource, params) => {
      await calls.deleteLanguage(chatbotOf(params.meta), String(params.id));
      return { data: (params.previousData ?? { id: params.id }) as any };
    },
    deleteMany: async (_resource, params) => {
      const chatbotId = chatbotOf(params.meta);
      for (const id of params.ids) await calls.deleteLanguage(chatbotId, String(id));
      return { data: params.ids };
    },
  };
}
