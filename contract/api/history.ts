/**
 * The chat history's filters (list, counts per category, CSV export): what the dashboard may send.
 * The server turns them into SQL in server/src/history/filters.ts.
 */
import { z } from 'zod';
import { uuid } from '../ids.ts';

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
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), { path: ['to'], message: 'must be after from' });

export type ChatFilter = z.infer<typeof chatFilterSchema>;
