import type { feedback as en } from '../en/feedback.ts';
import type { MessagesOf } from '../types.ts';

export const feedback: MessagesOf<typeof en> = {
  filter: 'Nur negativ bewertete Chats',
  rating: {
    up: 'Der Besucher fand diese Antwort hilfreich',
    down: 'Der Besucher fand diese Antwort nicht hilfreich',
  },
  comment: 'Kommentar des Besuchers',
};
