/**
 * The feedback buttons' labels in German and English (other languages use English). Kept in the chat
 * bundle, not in shared/texts.ts, which the loader bundles too: the loader does not grow by them.
 */
const de = {
  question: 'War diese Antwort hilfreich?',
  up: 'Hilfreich',
  down: 'Nicht hilfreich',
  commentLabel: 'Was hat gefehlt? (optional)',
  send: 'Kommentar senden',
  skip: 'Überspringen',
  thanks: 'Danke für Ihre Rückmeldung!',
  failed: 'Ihre Bewertung konnte nicht gespeichert werden.',
};
const en: typeof de = {
  question: 'Was this answer helpful?',
  up: 'Helpful',
  down: 'Not helpful',
  commentLabel: 'What was missing? (optional)',
  send: 'Send comment',
  skip: 'Skip',
  thanks: 'Thank you for your feedback!',
  failed: 'Your rating could not be saved.',
};

export type FeedbackTexts = typeof de;
export const feedbackTextsFor = (lang: string): FeedbackTexts => (lang.toLowerCase().startsWith('de') ? de : en);
