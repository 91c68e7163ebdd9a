/**
 * The answer header naming the cursor of a full page's last chat: sent as `after` it asks for the page that
 * follows, sought in the index (keyset) instead of counting past the chats before (OFFSET), so every chat is
 * listed exactly once even while new ones arrive. (No zod here: the dashboard's data provider imports it.)
 */
export const CHAT_CURSOR_HEADER = 'X-Next-Cursor';
