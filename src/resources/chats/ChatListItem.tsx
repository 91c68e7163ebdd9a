import { Box, Checkbox, Chip, ListItem, ListItemButton, Stack, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from './formatDate.ts';
import type { ApiChat } from './types.ts';

const CATEGORY_COLOR = { general: 'default', contact: 'primary', hr: 'secondary' } as const;

/**
 * One chat in the list: its tick box, then the button that opens it (unread mark, date, category,
 * favorite, the lead's name and the first question). The two sit side by side, never one inside the other.
 */
export function ChatListItem({ chat, selected, onOpen }: { chat: ApiChat; selected: boolean; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { selectedIds, onToggleItem } = useListContext();
  const who = chat.lead?.name || [chat.lead?.firstName, chat.lead?.lastName].filter(Boolean).join(' ') || chat.lead?.email;
  const name = who || translate('history.chat.anonymous');
  const date = formatDateTime(chat.createdAt, locale, 'short');
  return (
    <ListItem
      disablePadding
      data-testid="chat-item"
      data-chat-id={chat.id}
      data-read={chat.read}
      sx={{ alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider', bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Checkbox
        size="small"
        checked={selectedIds.includes(chat.id)}
        onChange={() => onToggleItem(chat.id)}
        inputProps={{ 'aria-label': translate('history.actions.selectChat', { name, date }) }}
        sx={{ p: 0.5, mt: 0.75, ml: 1 }}
      />
      <ListItemButton onClick={() => onOpen(chat.id)} aria-current={selected || undefined} sx={{ alignItems: 'flex-start', py: 1, pl: 1, minWidth: 0 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            {!chat.read && (
              <Box component="span" role="img" aria-label={translate('history.chat.unread')} title={translate('history.chat.unread')} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />
            )}
            <Typography variant="body2" sx={{ fontWeight: chat.read ? 400 : 700, flex: 1 }} noWrap>
              {name}
            </Typography>
            {chat.favorite && <StarIcon fontSize="small" sx={{ color: 'warning.dark' }} titleAccess={translate('history.chat.favorite')} />}
            <Typography variant="caption" color="text.secondary" noWrap>
              {date}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.25 }}>
            {chat.preview ?? translate('history.chat.noMessages')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }} alignItems="center">
            <Chip size="small" variant="outlined" color={CATEGORY_COLOR[chat.category]} label={translate(`history.categories.${chat.category}`)} />
            <Typography variant="caption" color="text.secondary">
              {translate('history.chat.messages', { smart_count: chat.messageCount })}
            </Typography>
          </Stack>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
