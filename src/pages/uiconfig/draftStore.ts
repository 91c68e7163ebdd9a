/**
 * Unsaved changes per chatbot and language, outside React: the three tabs are separate routes, and a
 * change made on one tab must survive switching to another until it is saved or discarded.
 */
import { useSyncExternalStore } from 'react';
import type { UiConfig } from './uiConfigModel.ts';

type Listener = () => void;
const drafts = new Map<string, UiConfig>();
const listeners = new Set<Listener>();

export const draftKey = (chatbotId: string, lang: string) => `${chatbotId}:${lang}`;

export const draftStore = {
  get: (key: string) => drafts.get(key),
  set(key: string, value: UiConfig | undefined) {
    if (value === undefined) drafts.delete(key);
    else drafts.set(key, value);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useDraft(key: string | null): UiConfig | undefined {
  return useSyncExternalStore(
    draftStore.subscribe,
    () => (key ? draftStore.get(key) : undefined),
    () => undefined,
  );
}
