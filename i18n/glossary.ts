/**
 * One term per concept: the words the product's texts use, in German (formal "Sie") and English, and the
 * variants they must not use. tests/unit/i18n-glossary.test.ts holds every catalogue to it: the dashboard's
 * (i18n/de, i18n/en, react-admin's texts included), the identity provider's pages and the widget's labels.
 */
export interface Term {
  /** What the term names. */
  concept: string;
  de: string;
  en: string;
  /** Variants German texts must not use (whole words, case-insensitive). */
  notDe?: string[];
  /** Variants English texts must not use. */
  notEn?: string[];
}

export const GLOSSARY: Term[] = [
  { concept: "the customer's whole site (domain)", de: 'Website', en: 'website', notDe: ['Homepage', 'Internetseite', 'Internetpräsenz'] },
  { concept: 'one page of a website', de: 'Webseite', en: 'webpage', notEn: ['web page', 'web-page'] },
  { concept: 'a page below a start page', de: 'Unterseite', en: 'subpage', notEn: ['sub-page'] },
  { concept: 'a form field that must be filled', de: 'Pflichtfeld', en: 'required', notDe: ['Benötigt', 'Erforderlich', 'Muss-Feld'] },
  { concept: 'the free first weeks and their plan', de: 'Testphase', en: 'trial', notDe: ['Trial', 'Probezeit', 'Probephase', 'Testversion', 'Testzeitraum'] },
  { concept: 'what a customer pays for (trial, starter, business…)', de: 'Tarif', en: 'plan', notDe: ['Paket', 'Preisplan', 'Plan'] },
  { concept: 'the paid contract with its dates', de: 'Abonnement', en: 'subscription', notDe: ['Abo', 'Subscription'] },
  { concept: 'the colours of the widget', de: 'Farben', en: 'colors', notEn: ['colour', 'colours'] },
  { concept: 'the branding line under the chat', de: 'Bereitgestellt von', en: 'Powered by', notDe: ['Powered'] },
  // Counted as "label: number" ("Duplikate in der Datei: 1"), never "1 Duplikate".
  { concept: 'an entry that is there twice', de: 'Duplikat', en: 'duplicate', notDe: ['doppelt', 'Dublette', 'Dubletten'] },
  { concept: 'a visitor who left contact details', de: 'Kontakt', en: 'contact', notDe: ['Lead', 'Leads'] },
  { concept: 'electronic mail', de: 'E-Mail', en: 'email', notDe: ['Email', 'eMail', 'Mail'], notEn: ['e-mail'] },
  { concept: 'signing in and out', de: 'Anmelden', en: 'sign in', notDe: ['Einloggen', 'Ausloggen', 'Login', 'Logout', 'Log-in'] },
  { concept: 'a question with its answer', de: 'Frage-Antwort-Paar', en: 'question-answer pair', notDe: ['Q&A', 'FAQ-Eintrag'] },
  { concept: 'the list of past conversations', de: 'Chatverlauf', en: 'chat history', notDe: ['Chat-Verlauf', 'Chathistorie', 'Chat-Historie'] },
  { concept: 'the interface language vs the languages the chatbot answers in', de: 'Sprache der Oberfläche / Chatbot-Sprache', en: 'interface language / chatbot language' },
];

/** The informal address the German texts never use (the product says "Sie"). */
export const INFORMAL_GERMAN = ['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines', 'prüfe', 'klicke', 'wähle'];

/**
 * Words of the product's English texts that are no German words: none may show on a German screen. Each must
 * occur in the English catalogue (the test checks), so the list stays drawn from the product's own texts.
 */
export const ENGLISH_WORDS = [
  'the', 'your', 'you', 'and', 'not', 'this', 'of', 'to', 'is', 'are', 'be', 'please', 'for', 'from', 'with', 'or', 'could',
  'found', 'saved', 'deleted', 'delete', 'add', 'save', 'select', 'must', 'already', 'invalid', 'required', 'powered', 'trial',
  'page', 'pages', 'language', 'answer', 'question', 'contact', 'contacts', 'visitor', 'address', 'messages', 'settings', 'colors',
  'upload', 'cancel', 'close', 'yes', 'no', 'loading', 'search', 'sign', 'plan', 'subscription', 'duplicates',
];

/** Words of the product's German texts that are no English words: none may show on an English screen. */
export const GERMAN_WORDS = [
  'sie', 'die', 'der', 'das', 'und', 'nicht', 'ist', 'sind', 'ein', 'eine', 'keine', 'mit', 'für', 'bitte', 'oder', 'wird', 'werden',
  'ihr', 'ihre', 'seite', 'seiten', 'antwort', 'frage', 'löschen', 'speichern', 'sprache', 'nachrichten', 'besucher', 'tarif',
  'pflichtfeld', 'testphase', 'abonnement', 'farben', 'webseite', 'kontakte', 'gelöscht', 'gespeichert', 'hinzufügen', 'abbrechen',
];
