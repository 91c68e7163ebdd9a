import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_COUNTS_KEY } from './useChatCounts.ts';

/** After a chat changed: the counts per category are fetched again. */
export function useRefreshCounts() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: CHAT_COUNTS_KEY }), [queryClient]);
}
