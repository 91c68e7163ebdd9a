import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import type { TestRun } from './types.ts';

export const testRunsKey = (chatbotId: string | null) => ['test-questions', 'runs', chatbotId];

/**
 * The chatbot's score history (oldest first). While a run is queued or running (`waiting`) it is asked again
 * every two seconds until a newer completed run is there.
 */
export function useTestRuns(chatbotId: string | null, waiting = false) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: testRunsKey(chatbotId),
    enabled: !!chatbotId,
    queryFn: () => dataProvider.request<TestRun[]>('GET', `test-questions/runs?filter=${encodeURIComponent(JSON.stringify({ chatbotId }))}`),
    refetchInterval: (q) => (waiting || q.state.data?.some((r) => r.status === 'running') ? 2000 : false),
  });
}

export function useInvalidateTestRuns() {
  const client = useQueryClient();
  return (chatbotId: string | null) => client.invalidateQueries({ queryKey: testRunsKey(chatbotId) });
}
