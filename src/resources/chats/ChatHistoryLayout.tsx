import { useEffect, useRef } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useNotify, useTranslate } from 'react-admin';
import { ChatCategoryTabs } from './ChatCategoryTabs.tsx';
import { ChatConversation } from './ChatConversation.tsx';
import { ChatExportButton } from './ChatExportButton.tsx';
import { ChatFilterBar } from './ChatFilterBar.tsx';
import { ChatListPane } from './ChatListPane.tsx';
import { parseChatLink } from './chatLink.ts';
import { useChatCounts } from './useChatCounts.ts';

/**
 * The history screen inside the list context: categories, filters, the chats and the open chat.
 * The open chat lives in the address (?chatId=…), so every chat has a link that opens it.
 * On a phone the list and the conversation take turns.
 */
export function ChatHistoryLayout() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const link = parseChatLink(params);
  const openId = link.kind === 'chat' ? link.id : null;
  const { data: counts } = useChatCounts();
  const warned = useRef(false);

  useEffect(() => {
    if (link.kind !== 'invalid' || warned.current) return;
    warned.current = true;
    notify('errors.link.invalid', { type: 'error' });
  }, [link.kind, notify]);

  const open = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('chatId', id);
      else next.delete('chatId');
      return next;
    });

  return (
    // A one-column grid of minmax(0, 1fr): the scrollable tabs and filters cannot widen the page on a phone.
    <Box sx={{ pb: 4, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="history-page">
      <Stack direction="row" useFlexGap flexWrap="wrap" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mt: 1, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('history.title')}
        </Typography>
        <ChatExportButton />
      </Stack>
      {/* On a phone an open chat takes the whole screen; categories and filters return with the list. */}
      <Box sx={{ display: { xs: openId ? 'none' : 'block', md: 'block' } }}>
        <ChatCategoryTabs counts={counts} />
        <ChatFilterBar counts={counts} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0, display: { xs: openId ? 'none' : 'block', md: 'block' } }}>
          <ChatListPane openId={openId} onOpen={open} onDeleted={(ids) => openId && ids.includes(openId) && open(null)} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: { xs: openId ? 'block' : 'none', md: 'block' } }}>
          {openId ? (
            <ChatConversation key={openId} id={openId} onClose={() => open(null)} />
          ) : (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary">
                {translate(link.kind === 'invalid' ? 'errors.link.invalid' : 'history.noChatSelected')}
              </Typography>
            </Paper>
          )}
        </Box>
      </Box>
    </Box>
  );
}
