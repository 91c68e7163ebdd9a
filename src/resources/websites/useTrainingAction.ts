import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, errorMessage } from '../../providers/http.ts';

/** What a refused training action leaves on screen (beyond the notification). */
export type ActionNotice =
  | { kind: 'limit'; details: { cycles?: number; budget?: number; used?: number } }
  | { kind: 'noValidUrls'; causes: string[] }
  | null;

/**
 * Runs a training action (train, retrain, collect, delete…): success notice, then the jobs and pages
 * reload; a plan limit or "no valid URLs" stays visible as a notice, any other error is notified.
 */
export function useTrainingAction(onStarted: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ActionNotice>(null);
  const run = async (call: () => Promise<unknown>, success: string, messageArgs?: Record<string, unknown>) => {
    setBusy(true);
    setNotice(null);
    try {
      await call();
      notify(success, { type: 'success', messageArgs });
      onStarted();
      refresh();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.serverKey === 'TrainingLimitReached') setNotice({ kind: 'limit', details: (e.details ?? {}) as object });
      if (e instanceof ApiError && e.serverKey === 'NoValidUrlsFound')
        setNotice({ kind: 'noValidUrls', causes: ((e.details as { causes?: string[] } | undefined)?.causes ?? []) as string[] });
      notify(errorMessage(e), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, notice, clearNotice: () => setNotice(null) };
}
