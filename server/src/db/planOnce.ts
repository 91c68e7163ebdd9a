/**
 * Statements whose best plan does not depend on their values: reads and writes by key (a chat by its id, the
 * passages of a list of ids, a rate counter, a message appended). On PostgreSQL each connection plans such a
 * statement once and runs that plan with every later value (a generic plan); every other statement is planned
 * anew for its values, because there the values choose the plan (a chatbot with a million passages needs
 * another plan than one with ten). Planning the answer path's statements was about half of the database's CPU
 * of an answer. PGlite, one session, prepares such a statement at its first run and runs it with one plan too
 * (pgliteThread.ts); every other statement it plans for its values.
 *
 * Mark only statements whose text is the same on every call: the set is bounded, and a text beyond the bound is
 * planned for its values like any other.
 */
const MAX_TEXTS = 200;
const texts = new Set<string>();

/** Marks `text` as planned once (see above) and returns it. */
export function planOnce(text: string): string {
  if (texts.size < MAX_TEXTS) texts.add(text);
  return text;
}

export const isPlannedOnce = (text: string) => texts.has(text);
