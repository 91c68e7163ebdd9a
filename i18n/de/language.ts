import type { language as en } from '../en/language.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';
export const language: MessagesOf<typeof en> = {
  ...shell.language,
  intro: 'In diesen Sprachen antwortet Ihr Chatbot. Die Standardsprache gilt, wenn die Sprache eines Besuchers nicht verfügbar ist.',
  add: 'Sprache hinzufügen',
  addButton: 'Hinzufügen',
  default: 'Standard',
  isDefault: 'Standardsprache',
  setDefault: 'Als Standardsprache festlegen',
  setDefaultFor: '%{name} als Standardsprache festlegen',
  deleteFor: '%{name} löschen',
  defaultNotDeletable: 'Die Standardsprache kann nicht gelöscht werden',
  websites: '%{smart_count} Website |||| %{smart_count} Websites',
  noWebsite: 'Noch keine Website in dieser Sprache: unter Training → Website hinzufügen',
  usage: '%{used} von %{max} Sprachen Ihres Tarifs belegt',
  added: '%{name} hinzugefügt',
  deleted: '%{name} gelöscht',
  defaultSet: '%{name} ist jetzt die Standardsprache',
  deleteTitle: 'Sprache löschen',
  deleteConfirm: '%{name} löschen? Trainingsdaten und Einstellungen dieser Sprache werden dann nicht mehr verwendet.',
};
