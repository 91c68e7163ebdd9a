import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** The orders of the history: by start (newest or oldest first) or by the latest message. Each pages by its own cursor. */
const SORTS = [
  { field: 'createdAt', order: 'DESC', label: 'history.filters.sortNewest' },
  { field: 'createdAt', order: 'ASC', label: 'history.filters.sortOldest' },
  { field: 'lastMessageAt', order: 'DESC', label: 'history.filters.sortLastMessage' },
] as const;

export function ChatSortSelect() {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const value = `${sort.field}:${sort.order}`;
  const known = SORTS.some((s) => `${s.field}:${s.order}` === value);
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      name="sort"
      value={known ? value : 'createdAt:DESC'}
      onChange={(e) => {
        const [field, order] = e.target.value.split(':');
        setSort({ field, order: order as 'ASC' | 'DESC' });
      }}
      sx={{ width: 200 }}
      inputProps={{ 'aria-label': translate('history.filters.sortLabel') }}
      data-testid="chat-sort"
    >
      {SORTS.map((s) => (
        <MenuItem key={`${s.field}:${s.order}`} value={`${s.field}:${s.order}`}>
          {translate(s.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}
