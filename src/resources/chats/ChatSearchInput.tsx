import { useEffect, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';

/** Words to find in the visitors' messages and the answers; applied while typing, after a pause. */
export function ChatSearchInput() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  useEffect(() => {
    if ((filterValues.q ?? '') === text.trim()) return;
    const timer = setTimeout(() => {
      const { q: _q, ...rest } = filterValues;
      setFilters(text.trim() ? { ...rest, q: text.trim() } : rest, undefined, false);
    }, 400);
    return () => clearTimeout(timer);
  }, [text, filterValues, setFilters]);
  return (
    <TextField
      size="small"
      variant="outlined"
      type="search"
      name="q"
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={translate('history.filters.search')}
      inputProps={{ 'aria-label': translate('history.filters.search'), maxLength: 200 }}
      InputProps={{ startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }}
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
  );
}
