/** SQL of the widget's UI configuration and per-chatbot settings. */
import type { Queryable } from '../db/index.ts';
import { effectiveUiConfig, type UiConfig, type UiConfigPatch } from './uiConfig.ts';

export const uiConfigRepo = {
  async stored(db: Queryable, chatbotId: string, lang: string): Promise<UiConfigPatch> {
    const r = await db.query<{ config: UiConfigPatch }>('select config from chatbot_ui_configs where chatbot_id = $1 and lang = $2', [chatbotId, lang]);
    return r.rows[0]?.config ?? {};
  },
  /** Defaults of the language with the customer's stored changes on top. */
  async effective(db: Queryable, chatbotId: string, lang: string): Promise<UiConfig> {
    return effectiveUiConfig(lang, await this.stored(db, chatbotId, lang));
  },
  async save(db: Queryable, chatbotId: string, lang: string, config: UiConfigPatch) {
    await db.query(
      `insert into chatbot_ui_configs(chatbot_id, lang, config) values ($1, $2, $3::jsonb)
       on conflict (chatbot_id, lang) do update set config = excluded.config, updated_at = now()`,
      [chatbotId, lang, JSON.stringify(config)],
    );
  },
  async allowedOrigins(db: Queryable, chatbotId: string): Promise<string[]> {
    const r = await db.query<{ allowed_origins: string[] }>('select allowed_origins from chatbot_settings where chatbot_id = $1', [chatbotId]);
    return r.rows[0]?.allowed_origins ?? [];
  },
  async setAllowedOrigins(db: Queryable, chatbotId: string, origins: string[]) {
    await db.query(
      `insert into chatbot_settings(chatbot_id, allowed_origins) values ($1, $2)
       on conflict (chatbot_id) do update set allowed_origins = excluded.allowed_origins, updated_at = now()`,
      [chatbotId, origins],
    );
  },
};
