import type { Queryable } from '../db/index.ts';

export interface SetupPageRow {
  chatbot_id: string;
  url: string;
  title: string;
  text: string;
  fetched_at: string;
}

/** Pages the initial-setup job fetched for a chatbot. */
export const setupPagesRepo = {
  async upsert(db: Queryable, p: { chatbotId: string; url: string; title: string; text: string }) {
    await db.query(
      `insert into setup_pages(chatbot_id, url, title, text) values ($1, $2, $3, $4)
       on conflict (chatbot_id, url) do update set title = excluded.title, text = excluded.text, fetched_at = now()`,
      [p.chatbotId, p.url, p.title, p.text],
    );
  },
  async list(db: Queryable, chatbotId: string) {
    return (await db.query<SetupPageRow>('select * from setup_pages where chatbot_id = $1 order by id', [chatbotId])).rows;
  },
};
