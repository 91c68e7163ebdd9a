import { Button, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import type { Website } from './types.ts';

/** The domains of the active language: which one the screen shows, and adding another. */
export function DomainBar({ websites, selected, onSelect, onAdd }: { websites: Website[]; selected?: string; onSelect: (id: string) => void; onAdd: () => void }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      {websites.length > 0 && (
        <TextField
          select
          size="small"
          label={translate('training.website.domain')}
          value={selected ?? ''}
          onChange={(e) => onSelect(e.target.value)}
          sx={{ minWidth: { sm: 320 }, maxWidth: '100%' }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'website-select' } as object } }}
        >
          {websites.map((w) => (
            <MenuItem key={w.id} value={w.id}>
              {w.domain}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button startIcon={<AddIcon />} onClick={onAdd} variant={websites.length ? 'text' : 'contained'} data-testid="website-add" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, whiteSpace: 'nowrap', flexShrink: 0 }}>
        {translate('training.website.addDomain')}
      </Button>
    </Stack>
  );
}
