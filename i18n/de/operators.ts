import type { operators as en } from '../en/operators.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';

/** Die Betreiberkonsole: Kundenliste, Admin-Ansicht eines Kunden, Ende einer Admin-Ansicht. */
export const operators: MessagesOf<typeof en> = {
  // Drawn by the first screen (menu, titles), so these texts stand in shell.ts.
  menu: shell.operators.menu,
  customers: {
    title: shell.operators.customers.title,
    fields: {
      email: 'E-Mail des Inhabers',
      name: 'Name',
      company: 'Firma',
      plan: 'Tarif',
      status: 'Abonnement',
      chatbots: 'Chatbots',
      createdAt: 'Erstellt',
      lastActivityAt: 'Letzte Aktivität',
      hasChatbot: 'Chatbot',
    },
    search: 'Nach E-Mail, Name oder Firma suchen',
    status: { trialing: 'Testphase', active: 'Aktiv', canceled: 'Gekündigt', expired: 'Abgelaufen', demo: 'Demo', none: 'Kein Abonnement' },
    hasChatbot: { yes: 'Mit Chatbot', no: 'Ohne Chatbot' },
    open: '%{email} in der Admin-Ansicht öffnen',
    empty: 'Keine Kunden für diese Filter.',
    exportFile: 'kunden',
  },
  expired: {
    title: shell.operators.expired.title,
    message: 'Ihr Admin-Zugang zu diesem Kunden ist abgelaufen. Öffnen Sie den Kunden erneut aus der Kundenliste.',
    back: 'Zurück zur Kundenliste',
  },
};
