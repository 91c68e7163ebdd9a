/**
 * German texts of feature namespaces that the first screen draws: menu entries and page titles, and the
 * subscription lines of the dashboard. The namespace files spread these back in (one place per text), and
 * i18n/deShell.ts puts them in the catalogue the dashboard starts with; the rest of each namespace loads
 * with the first page that needs it (src/providers/i18nProvider.ts).
 */
export const shell = {
  history: { title: 'Chatverlauf' },
  training: {
    title: 'Training',
    tabs: { website: 'Website', contacts: 'Kontakte', documents: 'Dokumente', questionAnswer: 'Frage-Antwort' },
  },
  uiconfig: {
    title: 'Chatbot-Oberfläche',
    textAndMessages: 'Texte und Nachrichten',
    stylingAndColors: 'Design und Farben',
    contacts: 'Kontakte sammeln',
  },
  preview: { title: 'Vorschau' },
  language: { title: 'Sprachen' },
  implementation: { title: 'Einbindung' },
  privacy: { title: 'Datenschutz' },
  register: { title: 'Registrierung' },
  demo: { title: 'Demo' },
  operators: { menu: 'Kunden', customers: { title: 'Kunden' }, expired: { title: 'Admin-Ansicht beendet' } },
  knowledgeGaps: { title: 'Wissenslücken' },
  testQuestions: { title: 'Testfragen', menu: 'Testfragen' },
  profile: {
    title: 'Profil',
    states: { active: 'Aktiv', trialing: 'Testphase', expired: 'Abgelaufen', demo: 'Demo', none: 'Kein Abonnement' },
    // The plans' names (the server's plan ids); a plan not listed shows the name the server gives.
    plans: { trial: 'Testphase', starter: 'Starter', business: 'Business', enterprise: 'Enterprise' },
    lines: { expiredOn: 'Abgelaufen am %{date}' },
    daysLeft: 'Noch %{smart_count} Tag |||| Noch %{smart_count} Tage',
    manageSubscription: 'Abonnement verwalten',
    upgrade: {
      title: 'Nicht in Ihrem Tarif enthalten',
      action: 'Upgrade',
      reasons: {
        stylingAllowed: 'Design und Farben gibt es in einem höheren Tarif.',
        contactCollectionAllowed: 'Das Sammeln von Kontakten gibt es in einem höheren Tarif.',
        brandingRemovalAllowed: 'Das Entfernen des Brandings gibt es in einem höheren Tarif.',
        maxLanguages: 'Ihr Tarif erlaubt %{max} Sprachen. Für weitere Sprachen wechseln Sie den Tarif.',
        maxWebpages: 'Ihr Tarif erlaubt %{max} Webseiten. Für mehr wechseln Sie den Tarif.',
        monthlyTrainingCycles: 'Die %{max} monatlichen Trainingszyklen Ihres Tarifs sind aufgebraucht.',
        monthlyMessages: 'Die %{max} monatlichen Nachrichten Ihres Tarifs sind aufgebraucht.',
      },
    },
  },
};
