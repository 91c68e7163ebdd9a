/** The history's filters a person chose (category, read state, favorites, dates, search), not its scope. */
const NARROWING = ['category', 'read', 'favorite', 'from', 'to', 'q'] as const;

/** Whether FILTERS narrow the chats down: an empty list then means "none match", not "none yet". */
export function narrowsChats(filters: Record<string, unknown> | undefined): boolean {
  return NARROWING.some((k) => {
    const v = filters?.[k];
    return v !== undefined && v !== null && v !== '' && !(k === 'category' && v === 'all');
  });
}

/** The filters without the narrowing ones: the scope (chatbot, language) stays. */
export function withoutNarrowing(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([k]) => !(NARROWING as readonly string[]).includes(k)));
}
