import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';

interface Props<T extends string> {
  name: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}

/** One of a few named options (theme, rounding, button style, position) as a row of radio buttons. */
export function ChoiceField<T extends string>({ name, label, value, options, onChange }: Props<T>) {
  const translate = useTranslate();
  return (
    <FormControl data-testid={`choice-${name}`}>
      <FormLabel id={`uiconfig-${name}`}>{translate(label)}</FormLabel>
      <RadioGroup row aria-labelledby={`uiconfig-${name}`} name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <FormControlLabel key={o} value={o} control={<Radio size="small" />} label={translate(`uiconfig.options.${name}.${o}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
