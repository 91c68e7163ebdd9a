import type { training as en } from '../en/training.ts';
import type { MessagesOf } from '../types.ts';
export const training: MessagesOf<typeof en> = {
  title: 'Training',
  website: 'Webseite',
  contacts: 'Kontakte',
  documents: 'Dokumente',
  questionAnswer: 'Frage-Antwort',
};
