import { Checkbox, FormControlLabel, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import { useListSearchText } from '../../components/useListSearchText.ts';

/** Filters of the pairs list: text search, active or not, from chat history, with a link. */
export function QnaFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [q, setQ] = useListSearchText();
  const set = (key: string, value: unknown) => setFilters({ ...filterValues, [key]: value });
  const active = filterValues.active === undefined ? 'all' : filterValues.active ? 'active' : 'inactive';
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
      <TextField
        size="small"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={translate('training.qna.search')}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': 'qna-search', 'aria-label': translate('training.qna.search') } }}
        fullWidth={false}
        sx={{ width: { xs: '100%', md: 320 } }}
      />
      <TextField
        select
        size="small"
        value={active}
        label={translate('training.qna.fields.active')}
        onChange={(e) => set('active', e.target.value === 'all' ? undefined : e.target.value === 'active')}
        fullWidth={false}
        sx={{ width: { xs: '100%', md: 180 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'qna-filter-active' } as object } }}
      >
        <MenuItem value="all">{translate('training.qna.filterAll')}</MenuItem>
        <MenuItem value="active">{translate('training.qna.active')}</MenuItem>
        <MenuItem value="inactive">{translate('training.qna.inactive')}</MenuItem>
      </TextField>
      <FormControlLabel
        control={<Checkbox size="small" checked={!!filterValues.fromChatHistory} onChange={(e) => set('fromChatHistory', e.target.checked || undefined)} />}
        label={translate('training.qna.fromChatHistory')}
      />
      <FormControlLabel
        control={<Checkbox size="small" checked={!!filterValues.hasLink} onChange={(e) => set('hasLink', e.target.checked || undefined)} />}
        label={translate('training.qna.hasLink')}
      />
    </Stack>
  );
}
