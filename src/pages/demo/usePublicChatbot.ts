import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_URL, httpClient } from '../../providers/dataProvider.ts';
import type { PublicConfig } from '../../../widget/src/shared/config.ts';

/** The chatbot as a visitor sees it (public widget API, no token): existence, subscription, training state. */
export function usePublicChatbot(chatbotId: string | null, lang?: string) {
  return useQuery({
    queryKey: ['public-chatbot', chatbotId, lang],
    queryFn: async () => {
      const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
      return (await httpClient<PublicConfig>(`${API_URL}/public/chatbots/${encodeURIComponent(chatbotId!)}/config${query}`, { public: true })).json;
    },
    enabled: !!chatbotId,
    retry: false,
    refetchOnWindowFocus: false,
    // The interface locale can settle just after the first render; keeping the chatbot meanwhile keeps the
    // widget's frame mounted, so a visitor's first typed words are not lost to a remount.
    placeholderData: keepPreviousData,
  });
}
