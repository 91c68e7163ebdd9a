import type { history as en } from '../en/history.ts';
import type { MessagesOf } from '../types.ts';
export const history: MessagesOf<typeof en> = { title: 'Chatverlauf' };
