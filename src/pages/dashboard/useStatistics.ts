import { useQuery } from '@tanstack/react-query';
import type { Statistics } from '../../../server/src/services/statistics.ts';
import { API_URL, httpClient } from '../../providers/dataProvider.ts';

export type { Statistics };

/** The viewer's time zone: "today" and the chart's days follow the viewer's calendar. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every figure of the dashboard in one call (GET statistics). */
export function useStatistics(chatbotId: string | null) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: ['statistics', chatbotId, tz],
    enabled: !!chatbotId,
    queryFn: async () => {
      const q = new URLSearchParams({ chatbotId: chatbotId!, tz });
      return (await httpClient<Statistics>(`${API_URL}/statistics?${q}`)).json;
    },
  });
}
