import type { preview as en } from '../en/preview.ts';
import type { MessagesOf } from '../types.ts';
export const preview: MessagesOf<typeof en> = { title: 'Vorschau' };
