/**
 * The answer header naming the cursor of a full page's last chat: sent as `after` it asks for the page that
 * follows, sought in the index (keyset) instead of counting past the chats before (OFFSET), so every chat is
 * listed exactly once even while new ones arrive. (No zod here: the dashboard's data provider imports it.)
 */
export const CHAT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * Counts in the history (a list's total, the counts per category and read state) stop past this many: an exact
 * count is a pass over every matching chat (100,000 of them took ~0.5 s on PGlite, for every first page and
 * every tab), and past a thousand the dashboard says "more than 1,000". A list whose total is past it answers
 * Content-Range `chats 0-24/*` with CHAT_TOTAL_EXCEEDS_HEADER naming the cap; the counts give CAP + 1.
 */
export const CHAT_COUNT_CAP = 1000;
export const CHAT_TOTAL_EXCEEDS_HEADER = 'X-Total-Exceeds';
