import { IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useListContext, useTranslate } from 'react-admin';

/** Sort field and direction of a training list (spec: name, type, size, last added, url, last trained, favorite…). */
export function SortSelect({ fields, testId }: { fields: { field: string; label: string }[]; testId: string }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const asc = sort.order === 'ASC';
  const direction = translate(asc ? 'training.sort.asc' : 'training.sort.desc');
  return (
    <Stack direction="row" alignItems="center" spacing={0.5}>
      <TextField
        select
        size="small"
        label={translate('training.sort.label')}
        value={sort.field}
        onChange={(e) => setSort({ field: e.target.value, order: sort.order })}
        sx={{ minWidth: 170 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
      >
        {fields.map((f) => (
          <MenuItem key={f.field} value={f.field}>
            {translate(f.label)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={direction}>
        <IconButton aria-label={direction} onClick={() => setSort({ field: sort.field, order: asc ? 'DESC' : 'ASC' })} data-testid={`${testId}-order`}>
          {asc ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
