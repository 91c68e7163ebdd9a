import type { privacy as en } from '../en/privacy.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';

export const privacy: MessagesOf<typeof en> = {
  ...shell.privacy,
  intro: 'Was der Chatbot über Besucher speichert, wie lange, und Ihre eigenen Daten. Nutzen Sie das für Ihre Datenschutzerklärung und für Anfragen von Besuchern.',
  retention: {
    title: 'Aufbewahrungsdauer',
    help: 'Chats mit ihren Nachrichten und Kontaktdaten werden automatisch gelöscht, sobald sie älter sind (gezählt ab der letzten Nachricht). Die Statistik zählt sie weiterhin.',
    label: 'Aufbewahrungsdauer',
    months: '%{smart_count} Monat |||| %{smart_count} Monate',
    save: 'Aufbewahrungsdauer speichern',
    saved: 'Aufbewahrungsdauer gespeichert.',
    noChatbot: 'Richten Sie zuerst einen Chatbot ein.',
  },
  visitor: {
    title: 'Besucherdaten',
    help: 'Exportieren oder löschen Sie alles, was der Chatbot über einen Besucher gespeichert hat: alle Chats desselben Browsers und alle Chats mit dieser E-Mail-Adresse in den Kontaktdaten oder einer Nachricht.',
    email: 'E-Mail-Adresse des Besuchers',
    export: 'Besucherdaten exportieren',
    delete: 'Besucherdaten löschen',
    deleteTitle: 'Die Daten dieses Besuchers löschen?',
    deleteContent: 'Alle Chats dieses Besuchers, ihre Nachrichten und Kontaktdaten werden endgültig gelöscht. Die Statistik zählt sie weiterhin.',
    deleted: 'Besucherdaten gelöscht: %{smart_count} Chat |||| Besucherdaten gelöscht: %{smart_count} Chats',
    exported: 'Besucherdaten exportiert.',
    notFound: 'Zu dieser E-Mail-Adresse wurden keine Besucherdaten gefunden.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  },
  account: {
    title: 'Ihr Konto',
    exportHelp: 'Eine JSON-Datei mit allem, was in Ihrem Konto gespeichert ist: Profil, Chatbots, Einstellungen, Trainingsquellen, Frage-Antwort-Paare, Kontakte, Chats und Kontaktdaten.',
    export: 'Alle meine Daten exportieren',
    exported: 'Ihre Daten wurden exportiert.',
    deleteHelp: 'Beim Löschen werden Sie abgemeldet, und das Konto wird mit allen Chatbots, Chats, Kontaktdaten und hochgeladenen Dokumenten endgültig entfernt. Das lässt sich nicht rückgängig machen.',
    delete: 'Konto löschen',
    deleteTitle: 'Ihr Konto endgültig löschen?',
    deleteContent: 'Geben Sie zur Bestätigung Ihre E-Mail-Adresse %{email} ein.',
    confirmEmail: 'Ihre E-Mail-Adresse',
    confirmMismatch: 'Die E-Mail-Adresse passt nicht zu Ihrem Konto.',
    deleted: 'Ihr Konto wurde gelöscht.',
  },
};
