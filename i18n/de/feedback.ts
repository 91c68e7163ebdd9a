import type { feedback as en } from '../en/feedback.ts';
import type { MessagesOf } from '../types.ts';

export const feedback: MessagesOf<typeof en> = {
  filter: 'Nur negativ bewertete',
  rating: {
    up: 'Der Besucher fand diese Antwort hilfreich',
    down: 'Der Besucher fand diese Antwort nicht hilfreich',
  },
  comment: 'Kommentar des Besuchers',
  stats: {
    title: 'Bewertungen der Antworten',
    up: 'Hilfreich (Daumen hoch)',
    down: 'Nicht hilfreich (Daumen runter)',
    hint: 'Besucher bewerten Antworten im Chatfenster mit Daumen hoch oder runter.',
  },
};
