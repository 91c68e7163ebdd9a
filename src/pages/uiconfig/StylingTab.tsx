import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UpgradePrompt } from '../../components/UpgradePrompt.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { ColorField } from './ColorField.tsx';
import { COLOR_KEYS, type FieldErrors, type UiConfig, type UiConfigRecord } from './uiConfigModel.ts';

interface Props {
  config: UiConfig;
  errors: FieldErrors;
  locks: UiConfigRecord['locks'];
  change: (update: (c: UiConfig) => UiConfig) => void;
}

/** /uiconfig/styling-and-colors: theme, rounding, button, position, colors; branding where the plan allows. */
export function StylingTab({ config, errors, locks, change }: Props) {
  const translate = useTranslate();
  const set = <K extends keyof UiConfig>(key: K) => (value: UiConfig[K]) => change((c) => ({ ...c, [key]: value }));
  const styling = (
    <Stack spacing={2.5}>
      <ChoiceField name="theme" label="uiconfig.fields.theme" value={config.theme} options={['light', 'dark'] as const} onChange={set('theme')} />
      <ChoiceField name="rounding" label="uiconfig.fields.rounding" value={config.rounding} options={['round', 'rounded', 'none'] as const} onChange={set('rounding')} />
      <ChoiceField
        name="chatbotToggleStyle"
        label="uiconfig.fields.chatbotToggleStyle"
        value={config.chatbotToggleStyle}
        options={['icon', 'iconAndText'] as const}
        onChange={set('chatbotToggleStyle')}
      />
      <ChoiceField name="position" label="uiconfig.fields.position" value={config.position} options={['top', 'middle', 'bottom'] as const} onChange={set('position')} />
      <Box>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {translate('uiconfig.fields.colors')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {COLOR_KEYS.map((key) => (
            <ColorField
              key={key}
              path={`colors.${key}`}
              label={`uiconfig.colors.${key}`}
              value={config.colors[key]}
              error={errors[`colors.${key}`]}
              onChange={(v) => change((c) => ({ ...c, colors: { ...c.colors, [key]: v } }))}
            />
          ))}
        </Box>
      </Box>
    </Stack>
  );
  const branding = (
    <FormControlLabel
      control={
        <Switch
          checked={!config.showPoweredBy}
          disabled={locks.brandingRemoval}
          onChange={(e) => change((c) => ({ ...c, showPoweredBy: !e.target.checked }))}
          slotProps={{ input: { 'data-testid': 'field-removeBranding' } as object }}
        />
      }
      label={translate('uiconfig.fields.removeBranding')}
    />
  );
  return (
    <Stack spacing={3} data-testid="uiconfig-styling">
      {locks.styling ? <UpgradePrompt reason="stylingAllowed">{styling}</UpgradePrompt> : styling}
      <Box>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {translate('uiconfig.fields.branding')}
        </Typography>
        {branding}
        {locks.brandingRemoval && <UpgradePrompt reason="brandingRemovalAllowed" compact />}
      </Box>
    </Stack>
  );
}
