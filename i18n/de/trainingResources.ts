import type { trainingResources as en } from '../en/trainingResources.ts';
import type { MessagesOf } from '../types.ts';

/** Die Ressourcentexte der Trainingsquellen (`resources.<name>.*`), siehe en/trainingResources.ts. */
export const trainingResources: MessagesOf<typeof en> = {
  qna: {
    name: 'Frage-Antwort-Paar |||| Frage-Antwort-Paare',
    forcedCaseName: 'Frage-Antwort-Paar |||| Frage-Antwort-Paare',
    fields: { question: 'Frage', answer: 'Antwort', active: 'Aktiv', createdAt: 'Hinzugefügt', updatedAt: 'Geändert' },
    message: {
      delete_title: 'Frage-Antwort-Paar löschen',
      delete_content: 'Möchten Sie das Paar „%{recordRepresentation}“ wirklich löschen?',
    },
  },
  contacts: {
    name: 'Kontakt |||| Kontakte',
    forcedCaseName: 'Kontakt |||| Kontakte',
    fields: { name: 'Vollständiger Name', department: 'Abteilung', email: 'E-Mail', phone: 'Telefon', isDefault: 'Standardkontakt', overridesId: 'Ersetzt', createdAt: 'Hinzugefügt' },
    message: {
      delete_title: 'Kontakt löschen',
      delete_content: 'Möchten Sie den Kontakt %{recordRepresentation} wirklich löschen?',
    },
  },
  documents: {
    name: 'Dokument |||| Dokumente',
    forcedCaseName: 'Dokument |||| Dokumente',
    fields: { name: 'Name', type: 'Typ', size: 'Größe', characters: 'Zeichen', createdAt: 'Hinzugefügt', sourceUrl: 'Quelle' },
    message: {
      delete_title: 'Dokument löschen',
      delete_content: 'Möchten Sie das Dokument „%{recordRepresentation}“ wirklich löschen? Der Chatbot antwortet dann nicht mehr daraus.',
    },
  },
};
