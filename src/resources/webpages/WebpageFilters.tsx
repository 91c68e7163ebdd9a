import { Checkbox, FormControlLabel, InputAdornment, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import { useListContext, useTranslate } from 'react-admin';
import { useListSearchText } from '../../components/useListSearchText.ts';

/** Search in address and title, favorites only. The values live in the list's filters (and so in the address). */
export function WebpageFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useListSearchText();
  const toggleFavorites = (on: boolean) => {
    const { favorite: _f, ...rest } = filterValues;
    setFilters(on ? { ...rest, favorite: true } : rest, undefined, false);
  };
  return (
    <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center" data-testid="pages-filters">
      <TextField
        size="small"
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        label={translate('training.website.filters.search')}
        inputProps={{ maxLength: 200, 'data-testid': 'pages-search' }}
        InputProps={{ startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Checkbox
            name="favorite"
            checked={filterValues.favorite === true}
            onChange={(e) => toggleFavorites(e.target.checked)}
            icon={<StarBorderIcon />}
            checkedIcon={<StarIcon sx={{ color: 'warning.dark' }} />}
            inputProps={{ 'data-testid': 'pages-favorites-only' } as object}
          />
        }
        label={translate('training.website.filters.favorites')}
      />
    </Stack>
  );
}
