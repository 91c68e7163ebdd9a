import type { emptyStates as en } from '../en/emptyStates.ts';
import type { MessagesOf } from '../types.ts';

export const emptyStates: MessagesOf<typeof en> = {
  history: {
    title: 'Noch keine Chats',
    text: 'Sobald Besucher Ihrem Chatbot schreiben, erscheinen ihre Chats hier. Probieren Sie ihn selbst in der Vorschau aus, oder binden Sie ihn auf Ihrer Website ein, damit Besucher ihn finden.',
    preview: 'Chatbot in der Vorschau ausprobieren',
    implementation: 'Chatbot auf der Website einbinden',
    filtered: 'Keine Chats für diese Filter.',
    resetFilters: 'Filter zurücksetzen',
  },
};
