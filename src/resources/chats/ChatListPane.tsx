import { Box, Checkbox, FormControlLabel, LinearProgress, List, Paper, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { ChatBulkActions } from './ChatBulkActions.tsx';
import { ChatListItem } from './ChatListItem.tsx';
import { LoadOlderChats } from './LoadOlderChats.tsx';
import { HistoryEmptyState } from '../../components/HistoryEmptyState.tsx';
import type { ApiChat } from './types.ts';

/** The chats matching the filters, newest (or oldest) first, loaded page by page. */
export function ChatListPane({ openId, onOpen, onDeleted }: { openId: string | null; onOpen: (id: string) => void; onDeleted: (ids: string[]) => void }) {
  const translate = useTranslate();
  const { data, isPending, isFetching, selectedIds, onSelect, onUnselectItems } = useListContext<ApiChat>();
  const shown = data ?? [];
  const allTicked = shown.length > 0 && shown.every((c) => selectedIds.includes(c.id));
  return (
    <Box>
      <ChatBulkActions onDeleted={onDeleted} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={allTicked}
                indeterminate={!allTicked && selectedIds.length > 0}
                onChange={(e) => (e.target.checked ? onSelect(shown.map((c) => c.id)) : onUnselectItems())}
              />
            }
            label={<Typography variant="caption">{translate('history.actions.selectAll')}</Typography>}
          />
        </Box>
        {isFetching && <LinearProgress sx={{ height: 2 }} aria-label={translate('history.loading')} />}
        {!isPending && !shown.length && <HistoryEmptyState />}
        <List disablePadding data-testid="chat-list">
          {shown.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} selected={chat.id === openId} onOpen={onOpen} />
          ))}
        </List>
        <LoadOlderChats />
      </Paper>
    </Box>
  );
}
