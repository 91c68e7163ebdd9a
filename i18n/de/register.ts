import type { register as en } from '../en/register.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';
export const register: MessagesOf<typeof en> = {
  ...shell.register,
  steps: { login: 'Anmeldedaten', personal: 'Persönliche Daten', website: 'Website trainieren', start: 'Loslegen' },
  signedInAs: 'Angemeldet als %{email}',
  next: 'Weiter',
  back: 'Zurück',
  createChatbot: 'Chatbot erstellen',
  fields: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    company: 'Firma',
    phone: 'Telefon',
    preferredLanguage: 'Bevorzugte Sprache',
    url: 'Adresse der Website',
    lang: 'Sprache der Website',
  },
  hints: {
    phone: 'z. B. +49 30 1234567',
    url: 'Geben Sie die Adresse genau so ein, wie sie im Browser steht – mit oder ohne www.',
    urlResult: 'Der Chatbot lernt von %{url}',
    lang: 'Die Sprache, in der Ihre Website geschrieben ist',
  },
  validation: {
    required: 'Pflichtfeld',
    phone: 'Ungültige Telefonnummer',
    invalid: 'Ungültiger Wert',
    tooLong: 'Zu lang',
  },
  training: {
    intro: 'Ihr Chatbot lernt jetzt von Ihrer Website. Mit dieser Seite beginnt er:',
    screenshotAlt: 'Bildschirmfoto von %{url}',
    noScreenshot: 'Für diese Website ist kein Bildschirmfoto verfügbar.',
    status: 'Stand des Trainings:',
    states: { pending: 'Wartet', running: 'Läuft', completed: 'Abgeschlossen', failed: 'Fehlgeschlagen' },
    progress: '%{trained} von %{found} Seiten trainiert',
    completed: 'Ihre Website ist trainiert. Der Chatbot kann jetzt antworten.',
    failed: 'Die Website konnte nicht trainiert werden. Prüfen Sie die Adresse oder fügen Sie unter Training Seiten und Dokumente hinzu.',
    background: 'Sie können schon weitermachen: Das Training läuft im Hintergrund weiter.',
    verify: {
      expired: 'Ihr Abonnement ist nicht mehr gültig.',
      invalid: 'Der Stand des Trainings konnte nicht abgefragt werden.',
    },
  },
  start: {
    intro: 'Ihr Chatbot ist eingerichtet. Wie möchten Sie weitermachen?',
    dashboard: 'Zum Dashboard',
    preview: { title: 'Ausprobieren', text: 'Chatten Sie in der Vorschau mit Ihrem Chatbot.' },
    implementation: { title: 'In die Website einbauen', text: 'Kopieren Sie eine Zeile Code in Ihre Seite.' },
    training: { title: 'Weiter trainieren', text: 'Fügen Sie Seiten, Dokumente, Kontakte und Antworten hinzu.' },
  },
};
