import type { dashboard as en } from '../en/dashboard.ts';
import type { MessagesOf } from '../types.ts';
export const dashboard: MessagesOf<typeof en> = { title: 'Dashboard' };
