import { useEffect, useState } from 'react';
import { ApiError } from '../../providers/http.ts';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { hasFiveFields } from './schedulePresets.ts';

/** The server's next runs of a cron expression (it validates it), asked for a moment after typing stops. */
export function useNextRuns(cron: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ runs: string[]; error: string | null; loading: boolean }>({ runs: [], error: null, loading: false });
  useEffect(() => {
    if (!hasFiveFields(cron)) {
      setState({ runs: [], error: cron.trim() ? 'training.schedule.cronFields' : 'ra.validation.required', loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const t = setTimeout(async () => {
      try {
        const r = await dataProvider.request<{ nextRuns: string[] }>('GET', `schedules/next-runs?cron=${encodeURIComponent(cron)}&count=5`);
        if (live) setState({ runs: r.nextRuns, error: null, loading: false });
      } catch (e) {
        if (live) setState({ runs: [], error: e instanceof ApiError && e.serverKey === 'InvalidCron' ? 'errors.InvalidCron' : 'errors.Unknown', loading: false });
      }
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [cron, dataProvider]);
  return state;
}
