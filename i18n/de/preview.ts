import type { preview as en } from '../en/preview.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';
export const preview: MessagesOf<typeof en> = {
  ...shell.preview,
  intro:
    'Ihr Chatbot, wie ihn die Besucher von %{url} sehen, vor einem Bild Ihrer Website. Probieren Sie ihn aus: Er antwortet mit Ihren trainierten Inhalten.',
  noScreenshot: 'Von Ihrer Website konnte kein Bild aufgenommen werden; der Chatbot wird deshalb auf einer leeren Seite gezeigt.',
  frameTitle: 'Vorschau Ihres Chatbots auf Ihrer Website',
};
