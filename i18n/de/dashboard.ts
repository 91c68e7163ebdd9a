import type { dashboard as en } from '../en/dashboard.ts';
import type { MessagesOf } from '../types.ts';
export const dashboard: MessagesOf<typeof en> = {
  title: 'Dashboard',
  subscription: {
    expired: 'Ihr Abonnement ist abgelaufen',
    expiredText: 'Ihr Chatbot antwortet nicht mehr. Verlängern Sie Ihr Abonnement, um ihn wieder einzuschalten.',
    trialing: 'Testphase',
    plan: 'Tarif %{plan}: %{state}',
  },
  stats: {
    messagesToday: 'Nachrichten heute',
    messagesThisMonth: 'Nachrichten diesen Monat',
    chats: 'Chats',
    messages: 'Nachrichten',
    avgMessagesPerChat: 'Nachrichten pro Chat',
    avgLeadsPerChat: 'Kontakte pro Chat',
    contactsCollected: 'Gesammelte Kontakte',
  },
  usedMessages: 'Verbrauchte Nachrichten diesen Monat',
  chart: { title: 'Nachrichten pro Tag (letzte 30 Tage)', messages: 'Nachrichten' },
  history: {
    title: 'Chatverlauf',
    unread: 'Ungelesene Chats',
    contact: 'Kontaktanfragen',
    hr: 'HR-Chats',
    favorites: 'Markierte Chats',
    open: 'Chatverlauf öffnen',
  },
  // Bewertungen der Besucher im Chatfenster (Daumen hoch / runter).
  feedback: {
    title: 'Bewertungen der Antworten',
    up: 'Hilfreich (Daumen hoch)',
    down: 'Nicht hilfreich (Daumen runter)',
    hint: 'Besucher bewerten Antworten im Chatfenster mit Daumen hoch oder runter.',
  },
  plan: {
    title: 'Ihr Tarif: %{plan}',
    limits: 'Bis zu %{languages} Sprachen, %{webpages} Webseiten, %{cycles} Trainingszyklen und %{messages} Nachrichten im Monat.',
    features: {
      stylingAllowed: 'Design und Farben',
      contactCollectionAllowed: 'Kontakte sammeln',
      brandingRemovalAllowed: 'Branding entfernen',
    },
  },
};
