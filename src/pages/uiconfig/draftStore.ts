/**
 * Unsaved changes per chatbot and language (a draft exists only while it differs from the saved record), outside React: the three tabs are separate routes, and a
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

/**
 * A reload, closing the tab or leaving for another site would lose the drafts: the browser asks first.
 * (Moving between the dashboard's screens keeps them, so that needs no warning.)
 */
if (typeof window !== 'undefined')
  window.addEventListener('beforeunload', (event) => {
    if (!drafts.size) return;
    event.preventDefault();
    event.returnValue = '';
  });

export function useDraft(key: string | null): UiConfig | undefined {
  return useSyncExternalStore(
    draftStore.subscribe,
    () => (key ? draftStore.get(key) : undefined),
    () => undefined,
  );
}
