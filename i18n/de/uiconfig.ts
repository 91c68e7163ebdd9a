import type { uiconfig as en } from '../en/uiconfig.ts';
import type { MessagesOf } from '../types.ts';
export const uiconfig: MessagesOf<typeof en> = {
  title: 'Chatbot-Oberfläche',
  textAndMessages: 'Texte und Nachrichten',
  stylingAndColors: 'Design und Farben',
  contacts: 'Kontakte sammeln',
};
