import { Box, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TEXT_LIMITS, type LeadField, type UiConfig } from './uiConfigModel.ts';

interface Props {
  field: LeadField;
  value: UiConfig['leadForm'][LeadField];
  errors: { description?: string; required?: string };
  onChange: (value: UiConfig['leadForm'][LeadField]) => void;
}

/** One field of the lead form: shown or not, required or not, and the description the visitor reads. */
export function LeadFieldRow({ field, value, errors, onChange }: Props) {
  const translate = useTranslate();
  const name = translate(`uiconfig.leadFields.${field}`);
  return (
    <Box
      data-testid={`lead-field-${field}`}
      sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr auto auto' }, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { sm: 1 }, fontWeight: 500 }}>{name}</Typography>
      <TextField
        size="small"
        fullWidth
        label={translate('uiconfig.fields.leadDescription')}
        value={value.description}
        disabled={!value.enabled}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
        error={!!errors.description}
        helperText={errors.description ? translate(errors.description, { max: TEXT_LIMITS.leadDescription }) : undefined}
        sx={{ gridColumn: '1 / -1', gridRow: { sm: 2 } }}
        slotProps={{ htmlInput: { 'data-testid': `field-leadForm.${field}.description`, maxLength: TEXT_LIMITS.leadDescription + 20 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={value.enabled}
            onChange={(e) => onChange({ ...value, enabled: e.target.checked, required: e.target.checked && value.required })}
            slotProps={{ input: { 'aria-label': translate('uiconfig.fields.leadEnabledFor', { name }) } }}
          />
        }
        label={translate('uiconfig.fields.leadEnabled')}
      />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={value.required}
              disabled={!value.enabled}
              onChange={(e) => onChange({ ...value, required: e.target.checked })}
              slotProps={{ input: { 'aria-label': translate('uiconfig.fields.leadRequiredFor', { name }) } }}
            />
          }
          label={translate('uiconfig.fields.leadRequired')}
        />
        {errors.required && (
          <Typography color="error" variant="caption" display="block">
            {translate(errors.required)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
