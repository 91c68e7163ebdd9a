import { useState } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, useDeleteMany, useListContext, useNotify, useTranslate, useUpdateMany } from 'react-admin';
import { useRefreshCounts } from './useRefreshCounts.ts';

/**
 * Actions on the chats ticked in the list: read, unread, favorite, not favorite, delete.
 * Deleting asks first and can then still be undone from the notification.
 */
export function ChatBulkActions({ onDeleted }: { onDeleted: (ids: string[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshCounts = useRefreshCounts();
  const { selectedIds, onUnselectItems } = useListContext();
  const [confirming, setConfirming] = useState(false);
  const [updateMany, { isPending: updating }] = useUpdateMany();
  const [deleteMany, { isPending: deleting }] = useDeleteMany();
  if (!selectedIds.length) return null;
  const count = selectedIds.length;

  const setFlags = (data: { read?: boolean; favorite?: boolean }) =>
    updateMany(
      'chats',
      { ids: selectedIds, data },
      {
        mutationMode: 'optimistic',
        onSuccess: () => notify('history.actions.done', { type: 'success' }),
        onError: (e: any) => notify(e?.message || 'ra.notification.http_error', { type: 'error' }),
        onSettled: () => void refreshCounts(),
      },
    );

  const remove = () => {
    const ids = [...selectedIds] as string[];
    setConfirming(false);
    deleteMany(
      'chats',
      { ids },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify('history.actions.deleted', { type: 'info', messageArgs: { smart_count: ids.length }, undoable: true });
          onUnselectItems();
          onDeleted(ids);
        },
        onError: (e: any) => notify(e?.message || 'ra.notification.http_error', { type: 'error' }),
        onSettled: () => void refreshCounts(),
      },
    );
  };

  const busy = updating || deleting;
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1, mb: 1, bgcolor: 'action.hover' }} data-testid="bulk-actions">
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} alignItems="center">
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
          {translate('history.actions.selected', { smart_count: count })}
        </Typography>
        <Button size="small" disabled={busy} onClick={() => setFlags({ read: true })}>{translate('history.actions.markRead')}</Button>
        <Button size="small" disabled={busy} onClick={() => setFlags({ read: false })}>{translate('history.actions.markUnread')}</Button>
        <Button size="small" disabled={busy} onClick={() => setFlags({ favorite: true })}>{translate('history.actions.favorite')}</Button>
        <Button size="small" disabled={busy} onClick={() => setFlags({ favorite: false })}>{translate('history.actions.unfavorite')}</Button>
        <Button size="small" color="error" disabled={busy} startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
          {translate('history.actions.delete')}
        </Button>
        <Button size="small" color="inherit" onClick={() => onUnselectItems()}>{translate('ra.action.cancel')}</Button>
      </Stack>
      <Confirm
        isOpen={confirming}
        title={translate('history.actions.bulkDeleteTitle', { smart_count: count })}
        content={translate('history.actions.deleteContent')}
        confirm={translate('ra.action.delete')}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
