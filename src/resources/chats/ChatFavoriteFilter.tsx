import { Checkbox, FormControlLabel } from '@mui/material';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import { useListContext, useTranslate } from 'react-admin';

export function ChatFavoriteFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const toggle = (checked: boolean) => {
    const { favorite: _f, ...rest } = filterValues;
    setFilters(checked ? { ...rest, favorite: true } : rest, undefined, false);
  };
  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={
        <Checkbox
          name="favorite"
          checked={filterValues.favorite === true}
          onChange={(e) => toggle(e.target.checked)}
          icon={<StarBorderIcon />}
          checkedIcon={<StarIcon sx={{ color: 'warning.main' }} />}
        />
      }
      label={translate('history.filters.favorites')}
    />
  );
}
