import { Checkbox, FormControlLabel } from '@mui/material';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import { useListContext, useTranslate } from 'react-admin';

/** "Rated negatively only": chats with an answer the visitor gave a thumbs-down (filter rating = 'down'). */
export function ChatRatingFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const toggle = (checked: boolean) => {
    const { rating: _r, ...rest } = filterValues;
    setFilters(checked ? { ...rest, rating: 'down' } : rest, undefined, false);
  };
  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={
        <Checkbox
          name="rating"
          checked={filterValues.rating === 'down'}
          onChange={(e) => toggle(e.target.checked)}
          icon={<ThumbDownOutlinedIcon />}
          checkedIcon={<ThumbDownIcon color="error" />}
        />
      }
      label={translate('feedback.filter')}
    />
  );
}
