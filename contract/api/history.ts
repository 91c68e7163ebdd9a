/**
 * The chat history's filters (list, counts per category, CSV export): what the dashboard may send.
 * The server turns them into SQL in server/src/history/filters.ts.
 */
import { z } from 'zod';
import { uuid } from '../ids.ts';
import { FEEDBACK_RATINGS } from '../feedback.ts';
import { CHAT_CURSOR_HEADER } from './historyCursor.ts';

export const CATEGORIES = ['general', 'contact', 'hr'] as const;
export type Category = (typeof CATEGORIES)[number];

const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const chatFilterSchema = z
  .object({
    chatbotId: z.string().min(1),
    lang: z.string().min(2).max(10).optional(),
    category: z.enum(CATEGORIES).optional(),
    read: z.boolean().optional(),
    favorite: z.boolean().optional(),
    /** Chats started at or after this instant (the dashboard sends the start of the chosen local day). */
    from: instant.optional(),
    /** Chats started before this instant (the dashboard sends the start of the day after the chosen one). */
    to: instant.optional(),
    /** Words that must all occur (as word beginnings) in a question or answer of the chat. */
    q: z.string().trim().max(200).optional(),
    id: z.array(uuid).max(1000).optional(),
    /** Chats with at least one answer the visitor rated so ('down': the history's "rated negatively"). */
    rating: z.enum(FEEDBACK_RATINGS).optional(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), { path: ['to'], message: 'must be after from' });

export type ChatFilter = z.infer<typeof chatFilterSchema>;

/** The fields the chat list sorts by; each page is ordered by the field and then the chat's id, in one direction. */
export const CHAT_SORT_FIELDS = ['createdAt', 'lastMessageAt', 'id'] as const;
export type ChatSortField = (typeof CHAT_SORT_FIELDS)[number];

// The cursor's header lives in a module without zod, so the dashboard's first screen can name it cheaply.
export { CHAT_COUNT_CAP, CHAT_CURSOR_HEADER, CHAT_TOTAL_EXCEEDS_HEADER } from './historyCursor.ts';

/**
 * A cursor: the sort field, its value at the last chat (UTC, to the microsecond, as stored; empty when
 * sorting by id) and that chat's id. Clients pass back what the header said; only its shape is checked.
 */
const CURSOR_SHAPE = /^(createdAt|lastMessageAt|id)~(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)?~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export interface ChatCursor {
  field: ChatSortField;
  /** The sort value of the last chat (null when the field is the id). */
  key: string | null;
  id: string;
}

export const formatChatCursor = (c: ChatCursor) => `${c.field}~${c.key ?? ''}~${c.id}`;

export const chatCursorSchema = z
  .string()
  .max(120)
  .transform((s, ctx): ChatCursor => {
    const m = CURSOR_SHAPE.exec(s);
    if (!m || (m[1] === 'id') !== !m[2]) {
      ctx.addIssue({ code: 'custom', message: `not a cursor (pass back the ${CHAT_CURSOR_HEADER} header)` });
      return z.NEVER;
    }
    return { field: m[1] as ChatSortField, key: m[2] ?? null, id: m[3].toLowerCase() };
  })
  .describe(`cursor from the ${CHAT_CURSOR_HEADER} header of the previous page: the page after its last chat (keyset); range then only numbers Content-Range, whose total is * (not counted again)`);
