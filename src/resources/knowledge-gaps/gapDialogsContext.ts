import { createContext, useContext } from 'react';
import type { KnowledgeGap } from './types.ts';

/**
 * Opens the "answer it" and proof dialogs of a group. They belong to the list, not to a row: the rows become
 * cards when the window narrows (a phone turned, a window resized), and an open dialog must survive that.
 */
export interface GapDialogs {
  answer: (gap: KnowledgeGap) => void;
  prove: (gap: KnowledgeGap) => void;
}

export const GapDialogsContext = createContext<GapDialogs>({ answer: () => {}, prove: () => {} });
export const useGapDialogs = () => useContext(GapDialogsContext);
