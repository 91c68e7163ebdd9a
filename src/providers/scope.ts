/**
 * The chatbot and language the dashboard works on. Training and history requests are scoped to them
 * (dataProvider.ts). The chatbot is the admin's chosen one in admin mode, else the user's own.
 */
import { useSyncExternalStore } from 'react';
import { persistActiveLanguage, readActiveLanguage } from '../lib/activeLanguage.ts';
import { currentAdminParams } from './adminSession.ts';
import { userStore } from './userStore.ts';

type Listener = () => void;
let activeLanguage: string | null = readActiveLanguage();
const listeners = new Set<Listener>();

export const activeLanguageStore = {
  get: () => activeLanguage,
  set(lang: string | null) {
    if (lang === activeLanguage) return;
    activeLanguage = lang;
    persistActiveLanguage(lang);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useActiveLanguageValue() {
  return useSyncExternalStore(activeLanguageStore.subscribe, activeLanguageStore.get, activeLanguageStore.get);
}

export function activeChatbotId(): string | null {
  const { adminToken, chatbotId } = currentAdminParams();
  if (adminToken && chatbotId) return chatbotId;
  return userStore.get()?.chatbot?.id ?? null;
}

export function getScope(): { chatbotId: string | null; lang: string | null } {
  return { chatbotId: activeChatbotId(), lang: activeLanguageStore.get() };
}
