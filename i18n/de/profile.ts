import type { profile as en } from '../en/profile.ts';
import type { MessagesOf } from '../types.ts';
export const profile: MessagesOf<typeof en> = { title: 'Profil' };
