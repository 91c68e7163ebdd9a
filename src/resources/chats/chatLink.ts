/**
 * Deep links to a chat: /history?chatId=<id>. What the screen does with the link (spec section 8):
 * no id, an id that cannot be one (invalid link), or an id to look up.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ChatLink = { kind: 'none' } | { kind: 'invalid' } | { kind: 'chat'; id: string };

export function parseChatLink(search: string | URLSearchParams): ChatLink {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!params.has('chatId')) return { kind: 'none' };
  const id = (params.get('chatId') ?? '').trim();
  return UUID.test(id) ? { kind: 'chat', id: id.toLowerCase() } : { kind: 'invalid' };
}

/** The notification for a chat link that failed: not found (404) or the search itself failed. */
export function chatLinkErrorMessage(status: number | undefined): string {
  return status === 404 ? 'errors.link.chatNotFound' : 'errors.link.chatSearchFailed';
}

/** The link to a chat, kept in the address bar so it can be copied and shared. */
export function chatLinkSearch(current: string, chatId: string | null): string {
  const params = new URLSearchParams(current);
  if (chatId) params.set('chatId', chatId);
  else params.delete('chatId');
  const s = params.toString();
  return s ? `?${s}` : '';
}
