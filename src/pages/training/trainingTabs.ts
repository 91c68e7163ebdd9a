export type TrainingTab = 'website' | 'contacts' | 'documents' | 'questionAnswer';

/** The four training sources in the menu's order, with their paths under /training. */
export const TRAINING_TABS: { path: string; tab: TrainingTab }[] = [
  { path: 'website', tab: 'website' },
  { path: 'contacts', tab: 'contacts' },
  { path: 'documents', tab: 'documents' },
  { path: 'question-answer', tab: 'questionAnswer' },
];
