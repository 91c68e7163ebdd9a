import { Box, Checkbox, Chip, ListItemButton, Stack, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from './formatDate.ts';
import type { ApiChat } from './types.ts';

const CATEGORY_COLOR = { general: 'default', contact: 'primary', hr: 'secondary' } as const;

/** One chat in the list: unread mark, date, category, favorite, the lead's name and the first question. */
export function ChatListItem({ chat, selected, onOpen }: { chat: ApiChat; selected: boolean; onOpen: (id: string) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { selectedIds, onToggleItem } = useListContext();
  const who = chat.lead?.name || [chat.lead?.firstName, chat.lead?.lastName].filter(Boolean).join(' ') || chat.lead?.email;
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onOpen(chat.id)}
      data-testid="chat-item"
      data-chat-id={chat.id}
      data-read={chat.read}
      sx={{ alignItems: 'flex-start', gap: 1, borderBottom: 1, borderColor: 'divider', py: 1 }}
    >
      <Checkbox
        size="small"
        checked={selectedIds.includes(chat.id)}
        onClick={(e) => e.stopPropagation()}
        onChange={() => onToggleItem(chat.id)}
        inputProps={{ 'aria-label': translate('history.actions.select') }}
        sx={{ p: 0.5, mt: -0.25 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          {!chat.read && (
            <Box
              component="span"
              title={translate('history.chat.unread')}
              aria-label={translate('history.chat.unread')}
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
          )}
          <Typography variant="body2" sx={{ fontWeight: chat.read ? 400 : 700, flex: 1 }} noWrap>
            {who || translate('history.chat.anonymous')}
          </Typography>
          {chat.favorite && <StarIcon fontSize="small" sx={{ color: 'warning.main' }} aria-label={translate('history.actions.favorite')} />}
          <Typography variant="caption" color="text.secondary" noWrap>
            {formatDateTime(chat.createdAt, locale, 'short')}
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
  );
}
