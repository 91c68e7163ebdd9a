import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** Sort by date: newest or oldest chats first. */
export function ChatSortSelect() {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      name="sort"
      value={sort.order}
      onChange={(e) => setSort({ field: 'createdAt', order: e.target.value as 'ASC' | 'DESC' })}
      sx={{ width: 170 }}
      inputProps={{ 'aria-label': translate('history.filters.sortNewest') }}
    >
      <MenuItem value="DESC">{translate('history.filters.sortNewest')}</MenuItem>
      <MenuItem value="ASC">{translate('history.filters.sortOldest')}</MenuItem>
    </TextField>
  );
}
