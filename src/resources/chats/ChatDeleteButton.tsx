import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, useDelete, useNotify, useTranslate } from 'react-admin';
import { useRefreshCounts } from './useRefreshCounts.ts';
import type { ApiChat } from './types.ts';

/** Deletes the open chat after a confirmation; the notification still offers to undo it. */
export function ChatDeleteButton({ chat, onDeleted }: { chat: ApiChat; onDeleted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshCounts = useRefreshCounts();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const confirm = () => {
    setOpen(false);
    remove(
      'chats',
      { id: chat.id, previousData: chat },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify('history.actions.deleted', { type: 'info', messageArgs: { smart_count: 1 }, undoable: true });
          onDeleted();
        },
        onError: (e: any) => notify(e?.message || 'ra.notification.http_error', { type: 'error' }),
        onSettled: () => void refreshCounts(),
      },
    );
  };
  return (
    <>
      <Tooltip title={translate('history.actions.delete')}>
        <span>
          <IconButton color="error" onClick={() => setOpen(true)} disabled={isPending} aria-label={translate('history.actions.delete')}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        title={translate('history.actions.deleteTitle')}
        content={translate('history.actions.deleteContent')}
        confirm={translate('ra.action.delete')}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
