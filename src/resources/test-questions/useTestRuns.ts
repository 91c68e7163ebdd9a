import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import type { TestRun } from './types.ts';

export const testRunsKey = (chatbotId: string | null) => ['test-questions', 'runs', chatbotId];

/** A run is due or under way: its score is coming. */
export const runPending = (runs: readonly TestRun[] | undefined) => !!runs?.some((r) => r.status === 'queued' || r.status === 'running');

/**
 * The chatbot's score history (oldest first). While a run is queued or running (the server lists it, or the
 * caller is `waiting` for one it asked for) it is asked again every two seconds until a newer completed run is there.
 */
export function useTestRuns(chatbotId: string | null, waiting = false) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: testRunsKey(chatbotId),
    enabled: !!chatbotId,
    queryFn: () => dataProvider.request<TestRun[]>('GET', `test-questions/runs?filter=${encodeURIComponent(JSON.stringify({ chatbotId }))}`),
    refetchInterval: (q) => (waiting || runPending(q.state.data) ? 2000 : false),
  });
}

export function useInvalidateTestRuns() {
  const client = useQueryClient();
  return (chatbotId: string | null) => client.invalidateQueries({ queryKey: testRunsKey(chatbotId) });
}
