import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';

/**
 * Whether a translation provider is set up: languages/translation lists the languages it can
 * translate into, and nothing when none is configured.
 */
export function useTranslationAvailable() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const q = useQuery({
    queryKey: ['languages', 'translation'],
    queryFn: () => dataProvider.getTranslationLanguages(),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return { available: q.isSuccess ? q.data.length > 0 : null, languages: q.data ?? [] };
}
