import { useEffect } from 'react';
import { pickActiveLanguage } from '../lib/activeLanguage.ts';
import { activeChatbotId, activeLanguageStore, useActiveLanguageValue } from '../providers/scope.ts';
import { useUserLookup } from '../providers/userStore.ts';
import { useChatbotLanguages } from './useChatbotLanguages.ts';

/**
 * The chatbot language the dashboard works on: the persisted one while the chatbot has it, else its default,
 * else its first language (spec section 4).
 */
export function useActiveLanguage() {
  useUserLookup(); // re-render when the chatbot becomes known
  const chatbotId = activeChatbotId();
  const { data: languages = [], isPending } = useChatbotLanguages(chatbotId);
  const stored = useActiveLanguageValue();
  const active = isPending ? stored : pickActiveLanguage(stored, languages);
  useEffect(() => {
    if (!isPending && active !== stored) activeLanguageStore.set(active);
  }, [active, stored, isPending]);
  return { active, languages, setActive: activeLanguageStore.set, chatbotId };
}
