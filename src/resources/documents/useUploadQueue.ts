import { useCallback, useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError, errorMessage } from '../../providers/http.ts';
import { precheckFile, statusForUploadError, type UploadStatus } from './fileCheck.ts';
import type { QueueItem, TrainingDocument } from './types.ts';

const MESSAGE: Record<Exclude<UploadStatus, 'uploading' | 'success'>, string> = {
  oversize: 'errors.documents.fileTooLarge',
  incorrectType: 'errors.documents.formatNotAllowed',
  error: 'errors.documents.uploadError',
};

let seq = 0;

/**
 * The upload queue: every dropped or chosen file (and every URL) is an item that goes uploading → success,
 * or ends as error, oversize or incorrectType. Files are checked here first (type, server's size limit),
 * so a file that cannot be accepted is never sent.
 */
export function useUploadQueue(scope: Record<string, string>, maxBytes: number | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [items, setItems] = useState<QueueItem[]>([]);
  const notify = useNotify();
  const refresh = useRefresh();
  const set = (key: string, patch: Partial<QueueItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const run = async (item: QueueItem, send: () => Promise<TrainingDocument>, failure: (e: unknown) => Partial<QueueItem>) => {
    setItems((all) => [item, ...all]);
    try {
      const doc = await send();
      set(item.key, { status: 'success', name: doc.name, size: doc.size });
      refresh();
    } catch (e) {
      const patch = failure(e);
      set(item.key, patch);
      notify(patch.message ?? 'errors.documents.uploadError', { type: 'error' });
    }
  };

  const addFiles = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `f${++seq}`;
        const refused = precheckFile(file, maxBytes);
        if (refused) {
          setItems((all) => [{ key, name: file.name, size: file.size, status: refused, message: MESSAGE[refused] }, ...all]);
          continue;
        }
        const form = new FormData();
        for (const [k, v] of Object.entries(scope)) form.append(k, v);
        form.append('file', file, file.name);
        void run({ key, name: file.name, size: file.size, status: 'uploading' }, () => dataProvider.upload<TrainingDocument>('documents', form), (e) => {
          const status = statusForUploadError(e instanceof ApiError ? e : {});
          return { status, message: status === 'error' ? MESSAGE.error : MESSAGE[status] };
        });
      }
    },
    [scope, maxBytes], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const addUrl = useCallback(
    (url: string) =>
      run({ key: `u${++seq}`, name: url, size: null, status: 'uploading' }, () => dataProvider.request<TrainingDocument>('POST', 'documents/url', { ...scope, url }), (e) => {
        const status = statusForUploadError(e instanceof ApiError ? e : {});
        // A URL that could not be loaded has its own text; a refused type or size keeps theirs.
        return { status, message: status === 'error' ? (e instanceof ApiError && e.serverKey === 'UrlLoadFailed' ? 'errors.documents.urlLoadError' : errorMessage(e)) : MESSAGE[status] };
      }),
    [scope], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const clearDone = () => setItems((all) => all.filter((i) => i.status === 'uploading'));
  return { items, addFiles, addUrl, clearDone };
}
