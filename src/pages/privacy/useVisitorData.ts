import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import type { VisitorSelector } from '../../../contract/privacy.ts';

/**
 * Export and delete one visitor's data (from the history's chat view or by e-mail address on the privacy
 * page), with the notifications both places show. A visitor without data is the caller's `onNotFound`.
 */
export function useVisitorData(opts: { onNotFound?: () => void } = {}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    try {
      await work();
      return true;
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404 && opts.onNotFound) opts.onNotFound();
      else notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
      return false;
    } finally {
      setPending(false);
    }
  };

  return {
    pending,
    exportData: (selector: VisitorSelector) =>
      run(async () => {
        await dataProvider.exportVisitorData(selector);
        notify('privacy.visitor.exported', { type: 'info' });
      }),
    deleteData: (selector: VisitorSelector) =>
      run(async () => {
        const r = await dataProvider.deleteVisitorData(selector);
        notify('privacy.visitor.deleted', { type: 'info', messageArgs: { smart_count: r.deletedChats } });
      }),
  };
}
