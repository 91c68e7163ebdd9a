import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { activeChatbotId, useActiveLanguageValue } from '../../providers/scope.ts';
import type { ChatFilterValues } from './types.ts';

/** Key prefix of the counts; actions that change read state, favorites or chats invalidate it. */
export const CHAT_COUNTS_KEY = ['chats', 'counts'] as const;

/** Counts per category and read state under the list's current filters, one request. */
export function useChatCounts() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues } = useListContext();
  // The active chatbot and language are part of the key: switching either counts that history.
  const lang = useActiveLanguageValue();
  return useQuery({
    queryKey: [...CHAT_COUNTS_KEY, activeChatbotId(), lang, filterValues],
    queryFn: () => dataProvider.chatCounts(filterValues as ChatFilterValues),
    placeholderData: (previous) => previous,
  });
}
