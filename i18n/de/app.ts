import type { app as en } from '../en/app.ts';
import type { MessagesOf } from '../types.ts';

export const app: MessagesOf<typeof en> = {
  title: 'Chatbot Studio',
  loading: 'Wird geladen...',
  loadingWait: 'Das dauert etwas länger, bitte warten...',
  locale: 'Sprache der Oberfläche',
  locales: { de: 'Deutsch', en: 'English' },
  activeLanguage: 'Chatbot-Sprache',
  noLanguages: 'Noch keine Sprache',
  adminMode: 'Admin-Ansicht',
  adminModeBack: 'Kundenliste',
  adminModeBackLabel: 'Admin-Ansicht verlassen und zur Kundenliste zurückkehren',
  comingSoon: 'Diese Ansicht wird gerade gebaut.',
  copied: 'In die Zwischenablage kopiert',
  notification: { errorTitle: 'Fehler', successTitle: 'Erledigt' },
  menu: { open: 'Menü öffnen' },
};
