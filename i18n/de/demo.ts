import type { demo as en } from '../en/demo.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';
export const demo: MessagesOf<typeof en> = {
  ...shell.demo,
  intro: 'Probieren Sie den Chatbot aus: Fragen Sie ihn alles zur Website, mit der er trainiert wurde.',
  training: 'Der Chatbot wird noch trainiert: Die Antworten können vorerst schlechter sein.',
  frameTitle: 'Chatbot-Demo',
  problems: {
    invalidLink: 'Der Link führt zu keinem Chatbot. Bitte prüfen Sie, ob er vollständig kopiert wurde.',
    chatbotNotFound: 'Unter diesem Link gibt es keinen Chatbot (mehr).',
    subscriptionInvalid: 'Dieser Chatbot ist derzeit nicht verfügbar, weil sein Abonnement abgelaufen ist.',
    offline: 'Bitte prüfen Sie Ihre Internetverbindung und laden Sie die Seite neu.',
    unknown: 'Der Chatbot konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  },
};
