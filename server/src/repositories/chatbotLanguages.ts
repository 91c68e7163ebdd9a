import type { Queryable } from '../db/index.ts';

export interface ChatbotLanguageRow {
  chatbot_id: string;
  lang: string;
  is_default: boolean;
  created_at: string;
}

/** The languages of one chatbot. Callers have already checked that the chatbot is the caller's. */
export const chatbotLanguagesRepo = {
  async list(db: Queryable, chatbotId: string) {
    const r = await db.query<ChatbotLanguageRow>('select * from chatbot_languages where chatbot_id = $1 order by created_at, lang', [chatbotId]);
    return r.rows;
  },
  /** The languages as the widget offers them: default first. */
  async listDefaultFirst(db: Queryable, chatbotId: string) {
    const r = await db.query<{ lang: string; is_default: boolean }>(
      'select lang, is_default from chatbot_languages where chatbot_id = $1 order by is_default desc, created_at, lang',
      [chatbotId],
    );
    return r.rows;
  },
  async count(db: Queryable, chatbotId: string) {
    const r = await db.query<{ n: number }>('select count(*)::int as n from chatbot_languages where chatbot_id = $1', [chatbotId]);
    return r.rows[0].n;
  },
  async find(db: Queryable, chatbotId: string, lang: string) {
    const r = await db.query<ChatbotLanguageRow>('select * from chatbot_languages where chatbot_id = $1 and lang = $2', [chatbotId, lang]);
    return r.rows[0] ?? null;
  },
  async add(db: Queryable, chatbotId: string, lang: string, isDefault: boolean) {
    await db.query('insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, $2, $3)', [chatbotId, lang, isDefault]);
  },
  /** Moves the default flag: clear first, so the one-default index never sees two. */
  async setDefault(db: Queryable, chatbotId: string, lang: string) {
    await db.query('update chatbot_languages set is_default = false where chatbot_id = $1 and is_default', [chatbotId]);
    await db.query('update chatbot_languages set is_default = true where chatbot_id = $1 and lang = $2', [chatbotId, lang]);
  },
  async remove(db: Queryable, chatbotId: string, lang: string) {
    await db.query('delete from chatbot_languages where chatbot_id = $1 and lang = $2', [chatbotId, lang]);
  },
};
