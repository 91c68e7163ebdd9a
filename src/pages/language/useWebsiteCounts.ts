import { useQuery } from '@tanstack/react-query';
import { API_URL, httpClient } from '../../providers/dataProvider.ts';
import { LANGUAGES_QUERY_KEY } from '../../hooks/useChatbotLanguages.ts';

/**
 * Websites per language of the chatbot, from the training `websites` resource (all languages at once).
 * Where that resource is unavailable every language counts 0 rather than failing the screen.
 */
export function useWebsiteCounts(chatbotId: string | null) {
  return useQuery({
    queryKey: [LANGUAGES_QUERY_KEY, 'websites', chatbotId],
    enabled: !!chatbotId,
    queryFn: async (): Promise<Record<string, number>> => {
      const filter = encodeURIComponent(JSON.stringify({ chatbotId }));
      try {
        const { json } = await httpClient<{ lang: string }[]>(`${API_URL}/websites?filter=${filter}&range=${encodeURIComponent('[0,999]')}`);
        const counts: Record<string, number> = {};
        for (const site of Array.isArray(json) ? json : []) counts[site.lang] = (counts[site.lang] ?? 0) + 1;
        return counts;
      } catch {
        return {};
      }
    },
  });
}
