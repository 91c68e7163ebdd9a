import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider.ts';

/** Query key prefix of everything language-related; a locale change invalidates it (spec section 2). */
export const LANGUAGES_QUERY_KEY = 'languages';

export function useChatbotLanguages(chatbotId: string | null) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [LANGUAGES_QUERY_KEY, 'chatbot', chatbotId],
    queryFn: () => dataProvider.getChatbotLanguages(chatbotId!),
    enabled: !!chatbotId,
  });
}
