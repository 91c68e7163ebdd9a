import { useQuery } from '@tanstack/react-query';
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
  });
}
