import { IconButton, Tooltip } from '@mui/material';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { useRefreshCounts } from './useRefreshCounts.ts';
import type { ApiChat } from './types.ts';

/** Read/unread and favorite toggles of the open chat. */
export function ChatFlagButtons({ chat }: { chat: ApiChat }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshCounts = useRefreshCounts();
  const [update, { isPending }] = useUpdate();
  const set = (data: { read?: boolean; favorite?: boolean }) =>
    update(
      'chats',
      { id: chat.id, data, previousData: chat },
      {
        mutationMode: 'optimistic',
        onError: (e: any) => notify(e?.message || 'ra.notification.http_error', { type: 'error' }),
        onSettled: () => void refreshCounts(),
      },
    );
  const readLabel = translate(chat.read ? 'history.actions.markUnread' : 'history.actions.markRead');
  const favLabel = translate(chat.favorite ? 'history.actions.unfavorite' : 'history.actions.favorite');
  return (
    <>
      <Tooltip title={readLabel}>
        <IconButton onClick={() => set({ read: !chat.read })} disabled={isPending} aria-label={readLabel}>
          {chat.read ? <MarkEmailUnreadIcon /> : <MarkEmailReadIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={favLabel}>
        <IconButton onClick={() => set({ favorite: !chat.favorite })} disabled={isPending} aria-label={favLabel} aria-pressed={chat.favorite}>
          {chat.favorite ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
        </IconButton>
      </Tooltip>
    </>
  );
}
