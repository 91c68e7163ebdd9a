import { Stack } from '@mui/material';
import { ChatDateFilter } from './ChatDateFilter.tsx';
import { ChatFavoriteFilter } from './ChatFavoriteFilter.tsx';
import { ChatRatingFilter } from './ChatRatingFilter.tsx';
import { ChatReadStateFilter } from './ChatReadStateFilter.tsx';
import { ChatSearchInput } from './ChatSearchInput.tsx';
import { ChatSortSelect } from './ChatSortSelect.tsx';
import type { ChatCounts } from './types.ts';

export function ChatFilterBar({ counts }: { counts?: ChatCounts }) {
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1.5} alignItems="center" sx={{ py: 1.5 }} data-testid="chat-filters">
      <ChatReadStateFilter counts={counts} />
      <ChatSearchInput />
      <ChatDateFilter />
      <ChatFavoriteFilter />
      <ChatRatingFilter />
      <ChatSortSelect />
    </Stack>
  );
}
