import { MenuItem, Stack, TextField } from '@mui/material';
import { FilterLiveSearch, useListContext, useTranslate } from 'react-admin';

const TYPES = ['pdf', 'docx', 'txt'] as const;

/** Filters of the documents list (kept in the URL by the list): name search and file type. */
export function DocumentFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 1 }}>
      <FilterLiveSearch source="q" label={translate('training.documents.search')} sx={{ width: { xs: '100%', sm: 300 } }} />
      <TextField
        select
        size="small"
        label={translate('resources.documents.fields.type')}
        value={filterValues.type ?? ''}
        onChange={(e) => setFilters({ ...filterValues, type: e.target.value || undefined })}
        sx={{ width: { xs: '100%', sm: 160 } }}
        slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'document-filter-type' } as object }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('training.documents.allTypes')}</MenuItem>
        {TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
