/**
 * The history screen's filters, turned into one parameterised WHERE clause. The same filters drive the
 * list, the counts per category and the CSV export, so what a support person sees is what they export.
 */
import { z } from 'zod';

export const CATEGORIES = ['general', 'contact', 'hr'] as const;
export type Category = (typeof CATEGORIES)[number];

const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'not a chat id');

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

/**
 * A prefix query for PostgreSQL full text ('simple' configuration, like messages.search): every word
 * of the input must match the beginning of a word. Only letters and digits reach the query text,
 * so nothing the visitor or the user typed can change its syntax. Null when there is no word.
 */
export function prefixTsQuery(q: string): string | null {
  const words = (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  if (!words.length) return null;
  return words.map((w) => `'${w.toLowerCase()}':*`).join(' & ');
}

interface WhereParts {
  /**
   * What to select from, as `c`. With a text search, a subquery that PostgreSQL must plan on its own
   * (OFFSET 0 keeps it from being merged into the outer query), so the search is answered from the GIN
   * index and the outer query sorts what it found. Otherwise the planner may walk the date index and
   * test every chat's words, because its estimate for word prefixes is poor: slow when few chats match.
   */
  from: string;
  /** Conditions every query shares: tenant, chatbot, language, dates, favorite, text, ids. */
  base: string;
  category: string | null;
  read: string | null;
  params: unknown[];
}

/** Builds the conditions on `chats c` with numbered parameters; the tenant comes first, always. */
export function chatWhere(f: ChatFilter, organizationId: string): WhereParts {
  const params: unknown[] = [organizationId, f.chatbotId];
  const add = (v: unknown) => `$${params.push(v)}`;
  const and: string[] = ['c.organization_id = $1', 'c.chatbot_id = $2'];
  if (f.lang) and.push(`c.lang = ${add(f.lang)}`);
  if (f.favorite !== undefined) and.push(f.favorite ? 'c.favorite' : 'not c.favorite');
  if (f.from) and.push(`c.created_at >= ${add(f.from)}::timestamptz`);
  if (f.to) and.push(`c.created_at < ${add(f.to)}::timestamptz`);
  if (f.id) and.push(`c.id = any(${add(f.id)}::uuid[])`);
  const tsq = f.q ? prefixTsQuery(f.q) : null;
  // chats.search holds the words of all the chat's messages (migration 040).
  if (tsq) and.push(`c.search @@ to_tsquery('simple', ${add(tsq)})`);
  const base = and.join(' and ');
  return {
    from: tsq ? `(select * from chats c where ${base} offset 0) c` : 'chats c',
    base: tsq ? 'true' : base,
    category: f.category ? `c.category = ${add(f.category)}` : null,
    read: f.read === undefined ? null : f.read ? 'c.read' : 'not c.read',
    params,
  };
}

/** All conditions joined: the list and the export. */
export function fullWhere(w: WhereParts): string {
  return [w.base, w.category, w.read].filter(Boolean).join(' and ');
}
