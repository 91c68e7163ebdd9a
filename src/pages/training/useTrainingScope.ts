import { useActiveLanguage } from '../../hooks/useActiveLanguage.ts';

/**
 * The chatbot and language the training screens work on. Lists put them into their filter (the data
 * provider would add them anyway) so that switching the language in the app bar refetches the lists.
 */
export function useTrainingScope() {
  const { chatbotId, active } = useActiveLanguage();
  return { chatbotId, lang: active, ready: !!chatbotId && !!active, filter: { ...(chatbotId ? { chatbotId } : {}), ...(active ? { lang: active } : {}) } };
}
