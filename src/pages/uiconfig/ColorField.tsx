import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { toHexColor } from './uiConfigModel.ts';

interface Props {
  path: string;
  label: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A color as text (any CSS color: hex, rgb(), hsl(), a name) with the browser's color picker beside it. */
export function ColorField({ path, label, value, error, disabled, onChange }: Props) {
  const translate = useTranslate();
  const hex = toHexColor(value);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        value={hex ?? '#000000'}
        disabled={disabled}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        aria-label={translate('uiconfig.actions.pickColor', { name: translate(label) })}
        data-testid={`picker-${path}`}
        sx={{ width: 44, height: 40, p: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer', flex: '0 0 auto' }}
      />
      <TextField
        fullWidth
        size="small"
        label={translate(label)}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error ? translate(error) : ' '}
        slotProps={{ htmlInput: { 'data-testid': `field-${path}`, spellCheck: false, maxLength: 64 } }}
      />
    </Box>
  );
}
