import { Alert, Box, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UpgradePrompt } from '../../components/UpgradePrompt.tsx';
import { ConfigTextField } from './ConfigTextField.tsx';
import { LeadFieldRow } from './LeadFieldRow.tsx';
import { LEAD_FIELDS, TEXT_LIMITS, TRIGGER_COUNT_MAX, type FieldErrors, type UiConfig, type UiConfigRecord } from './uiConfigModel.ts';

interface Props {
  config: UiConfig;
  errors: FieldErrors;
  locks: UiConfigRecord['locks'];
  change: (update: (c: UiConfig) => UiConfig) => void;
}

/** /uiconfig/contacts: the lead form (toggle, fields, when it appears, consent text). */
export function ContactsTab({ config, errors, locks, change }: Props) {
  const translate = useTranslate();
  const form = (
    <Stack spacing={2.5}>
      <FormControlLabel
        control={
          <Switch
            checked={config.collectContacts}
            onChange={(e) => change((c) => ({ ...c, collectContacts: e.target.checked }))}
            slotProps={{ input: { 'data-testid': 'field-collectContacts' } as object }}
          />
        }
        label={translate('uiconfig.fields.collectContacts')}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('uiconfig.help.collectContacts')}
      </Typography>
      <TextField
        type="number"
        size="small"
        sx={{ maxWidth: 320 }}
        label={translate('uiconfig.fields.leadFormTriggerCount')}
        value={Number.isNaN(config.leadFormTriggerCount) ? '' : config.leadFormTriggerCount}
        onChange={(e) => change((c) => ({ ...c, leadFormTriggerCount: e.target.value === '' ? Number.NaN : Number(e.target.value) }))}
        error={!!errors.leadFormTriggerCount}
        helperText={translate(errors.leadFormTriggerCount ?? 'uiconfig.help.leadFormTriggerCount', { max: TRIGGER_COUNT_MAX })}
        slotProps={{ htmlInput: { min: 0, max: TRIGGER_COUNT_MAX, step: 1, 'data-testid': 'field-leadFormTriggerCount' } }}
      />
      <Box>
        <Typography variant="subtitle2" component="h2">
          {translate('uiconfig.fields.leadForm')}
        </Typography>
        {errors.leadForm && (
          <Alert severity="error" sx={{ my: 1 }}>
            {translate(errors.leadForm)}
          </Alert>
        )}
        {LEAD_FIELDS.map((field) => (
          <LeadFieldRow
            key={field}
            field={field}
            value={config.leadForm[field]}
            errors={{ description: errors[`leadForm.${field}.description`], required: errors[`leadForm.${field}.required`] }}
            onChange={(v) => change((c) => ({ ...c, leadForm: { ...c.leadForm, [field]: v } }))}
          />
        ))}
      </Box>
      <ConfigTextField
        path="consentText"
        label="uiconfig.fields.consentText"
        helper="uiconfig.help.consentText"
        value={config.consentText}
        max={TEXT_LIMITS.consentText}
        multiline
        error={errors.consentText}
        onChange={(v) => change((c) => ({ ...c, consentText: v }))}
      />
    </Stack>
  );
  return <Box data-testid="uiconfig-contacts">{locks.contactCollection ? <UpgradePrompt reason="contactCollectionAllowed">{form}</UpgradePrompt> : form}</Box>;
}
