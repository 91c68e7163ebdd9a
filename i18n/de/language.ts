import type { language as en } from '../en/language.ts';
import type { MessagesOf } from '../types.ts';
export const language: MessagesOf<typeof en> = { title: 'Sprachen' };
