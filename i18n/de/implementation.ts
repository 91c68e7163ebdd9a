import type { implementation as en } from '../en/implementation.ts';
import type { MessagesOf } from '../types.ts';
export const implementation: MessagesOf<typeof en> = { title: 'Einbindung', default: 'Webseite', shopify: 'Shopify' };
