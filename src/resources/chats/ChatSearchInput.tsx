import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useListSearchText } from '../../components/useListSearchText.ts';

/** Words to find in the visitors' messages and the answers; applied while typing, after a pause. */
export function ChatSearchInput() {
  const translate = useTranslate();
  const [text, setText] = useListSearchText();
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
