import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

interface Props {
  /** Field path, as the server names it in its errors (e.g. "title", "leadForm.email.description"). */
  path: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  error?: string;
  helper?: string;
  multiline?: boolean;
  disabled?: boolean;
  required?: boolean;
}

/** A text field of the UI configuration: label, character count against the limit, the field's error. */
export function ConfigTextField({ path, label, value, max, onChange, error, helper, multiline, disabled, required }: Props) {
  const translate = useTranslate();
  const count = `${value.length}/${max}`;
  return (
    <TextField
      fullWidth
      size="small"
      label={translate(label)}
      value={value}
      required={required}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      maxRows={multiline ? 6 : undefined}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ? `${translate(error, { max })} (${count})` : helper ? `${translate(helper)} · ${count}` : count}
      slotProps={{ htmlInput: { 'data-testid': `field-${path}`, 'aria-invalid': !!error } }}
    />
  );
}
