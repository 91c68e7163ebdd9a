import { useEffect, useRef } from 'react';
import { Box, Button, Chip, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useGetOne, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { ChatDeleteButton } from './ChatDeleteButton.tsx';
import { VisitorDataButtons } from '../../pages/history/VisitorDataButtons.tsx';
import { ChatFlagButtons } from './ChatFlagButtons.tsx';
import { ChatLeadDetails } from './ChatLeadDetails.tsx';
import { ChatMessage } from './ChatMessage.tsx';
import { chatLinkErrorMessage } from './chatLink.ts';
import { formatDateTime } from './formatDate.ts';
import { useRefreshCounts } from './useRefreshCounts.ts';
import type { ApiChat } from './types.ts';

/**
 * The open chat as a conversation. Opening an unread chat marks it read. A chat that cannot be
 * loaded (a stale or foreign link) says so: not found, or the search by id failed.
 */
export function ChatConversation({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const refreshCounts = useRefreshCounts();
  const { data: chat, error, isPending, refetch } = useGetOne<ApiChat>('chats', { id }, { retry: false });
  const [update] = useUpdate();
  const marked = useRef<string | null>(null);
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!chat || chat.id !== id || chat.read || marked.current === id) return;
    marked.current = id;
    update('chats', { id, data: { read: true }, previousData: chat }, { mutationMode: 'optimistic', onSettled: () => void refreshCounts() });
  }, [chat, id, update, refreshCounts]);

  useEffect(() => {
    if (!error || reported.current === id) return;
    reported.current = id;
    notify(chatLinkErrorMessage((error as { status?: number }).status), { type: 'error' });
  }, [error, id, notify]);

  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  if (error || !chat)
    return (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="chat-error">
        <Typography color="text.secondary">
          {translate((error as { status?: number })?.status === 404 ? 'errors.link.chatNotFound' : 'errors.link.chatSearchFailed')}
        </Typography>
        <Button startIcon={<ArrowBackIcon />} onClick={onClose} sx={{ mt: 1 }}>{translate('history.back')}</Button>
      </Paper>
    );

  const replaceMessage = () => void refetch();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="chat-conversation" data-chat-id={chat.id}>
      <Button size="small" startIcon={<ArrowBackIcon />} onClick={onClose} sx={{ display: { md: 'none' }, mb: 1 }}>
        {translate('history.back')}
      </Button>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
            {translate('history.chat.started', { date: formatDateTime(chat.createdAt, locale) })}
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center">
            <Chip size="small" label={translate(`history.categories.${chat.category}`)} />
            <Typography variant="caption" color="text.secondary">
              {translate('history.chat.messages', { smart_count: chat.messageCount })} · {chat.lang}
            </Typography>
          </Stack>
        </Box>
        <ChatFlagButtons chat={chat} />
        <ChatDeleteButton chat={chat} onDeleted={onClose} />
        <VisitorDataButtons chat={chat} onDeleted={onClose} />
      </Stack>
      <Divider sx={{ mb: 2 }} />
      <ChatLeadDetails chat={chat} />
      {chat.messages?.length ? (
        chat.messages.map((m) => <ChatMessage key={m.id} message={m} onChange={replaceMessage} />)
      ) : (
        <Typography color="text.secondary">{translate('history.chat.noMessages')}</Typography>
      )}
    </Paper>
  );
}
