import type { profile as en } from '../en/profile.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';
export const profile: MessagesOf<typeof en> = {
  ...shell.profile,
  personal: 'Persönliche Daten',
  email: 'E-Mail',
  emailHint: 'Ihre Adresse für die Anmeldung',
  saved: 'Profil gespeichert',
  subscription: 'Abonnement',
  plan: 'Tarif',
  price: 'Preis',
  period: 'Abrechnungszeitraum',
  periods: { month: 'Monatlich', year: 'Jährlich' },
  startedAt: 'Seit',
  lines: {
    // Drawn by the dashboard's first screen, so its text stands in shell.ts.
    expiredOn: shell.profile.lines.expiredOn,
    trialing: 'Testphase bis %{date}',
    endsAt: 'Endet am %{date}',
    extendsOn: 'Verlängert sich am %{date}',
    demo: 'Demo-Konto',
    externalInvoice: 'Abrechnung per Rechnung',
  },
  noSubscription: 'Noch kein Abonnement.',
  billingUnavailable: {
    notConfigured: 'Die Online-Verwaltung des Abonnements ist nicht verfügbar. Bitte kontaktieren Sie uns, um Ihren Tarif zu ändern.',
    noCustomer: 'Für Ihre Organisation gibt es noch kein Abrechnungskonto. Bitte kontaktieren Sie uns, um Ihren Tarif zu ändern.',
  },
  help: 'Persönliche Beratung',
  meetingText: 'Buchen Sie einen Termin mit uns: Wir helfen beim Einrichten des Chatbots und bei der Wahl des Tarifs.',
  meetingUnavailable: 'Es ist keine Buchungsseite eingerichtet, daher kann kein Termin online gebucht werden.',
  contactSales: 'Schreiben Sie uns',
  contactSalesSubject: 'Tarifwechsel',
  bookMeeting: 'Termin buchen',
};
