import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { LANGUAGES_QUERY_KEY } from '../../hooks/useChatbotLanguages.ts';

/**
 * Websites per language of the chatbot, from the training `websites` resource (all languages at once:
 * the filter names no language, so the data provider's scope adds none). Where that resource is
 * unavailable every language counts 0 rather than failing the screen.
 */
export function useWebsiteCounts(chatbotId: string | null) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [LANGUAGES_QUERY_KEY, 'websites', chatbotId],
    enabled: !!chatbotId,
    queryFn: async (): Promise<Record<string, number>> => {
      try {
        const { data } = await dataProvider.getList<{ id: string; lang: string }>('websites', {
          filter: { chatbotId, lang: undefined },
          pagination: { page: 1, perPage: 500 },
          sort: { field: 'domain', order: 'ASC' },
        });
        const counts: Record<string, number> = {};
        for (const site of data) counts[site.lang] = (counts[site.lang] ?? 0) + 1;
        return counts;
      } catch {
        return {};
      }
    },
  });
}
