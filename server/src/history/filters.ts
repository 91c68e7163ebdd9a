/**
 * The history screen's filters, turned into one parameterised WHERE clause. The same filters drive the
 * list, the counts per category and the CSV export, so what a support person sees is what they export.
 */
import type { ChatFilter } from '../../../contract/api/history.ts';

// The schema lives in contract/; re-exported for the server's modules that take it from here.
export { CATEGORIES, chatFilterSchema, type Category, type ChatFilter } from '../../../contract/api/history.ts';

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

export interface WhereParts {
  /**
   * What to select from, as `c`. With a text search, a subquery that PostgreSQL must plan on its own
   * (OFFSET 0 keeps it from being merged into the outer query), so the search is answered from the GIN
   * index and the outer query sorts what it found. Otherwise the planner may walk the date index and
   * test every chat's words, because its estimate for word prefixes is poor: slow when few chats match.
   */
  from: string;
  /** Conditions every query shares: tenant, chatbot, language, dates, favorite, rating, text, ids. */
  base: string;
  /** The same without the text search, and the text search alone (null without one): the list's probe. */
  plain: string;
  text: string | null;
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
  // Chats with an answer rated so: found from the index of rated answers (migration 141), not per chat.
  if (f.rating) and.push(`c.id in (select m.chat_id from messages m where m.chatbot_id = $2 and m.feedback_rating = ${add(f.rating)})`);
  const plain = and.join(' and ');
  const tsq = f.q ? prefixTsQuery(f.q) : null;
  // chats.search holds the words of the chat's messages (migration 040), of its first SEARCH_WORDS_MESSAGES (repositories/conversations.ts).
  const text = tsq ? `c.search @@ to_tsquery('simple', ${add(tsq)})` : null;
  const base = text ? `${plain} and ${text}` : plain;
  return {
    from: text ? `(select * from chats c where ${base} offset 0) c` : 'chats c',
    base: text ? 'true' : base,
    plain,
    text,
    category: f.category ? `c.category = ${add(f.category)}` : null,
    read: f.read === undefined ? null : f.read ? 'c.read' : 'not c.read',
    params,
  };
}

/** All conditions joined: the list and the export. */
export function fullWhere(w: WhereParts): string {
  return [w.base, w.category, w.read].filter(Boolean).join(' and ');
}
