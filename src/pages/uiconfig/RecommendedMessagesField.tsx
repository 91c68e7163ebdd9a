import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { MAX_RECOMMENDED_MESSAGES, TEXT_LIMITS, type FieldErrors } from './uiConfigModel.ts';

interface Props {
  value: string[];
  onChange: (value: string[]) => void;
  errors: FieldErrors;
}

/** Suggested questions the widget offers before the first message: up to the server's maximum. */
export function RecommendedMessagesField({ value, onChange, errors }: Props) {
  const translate = useTranslate();
  const set = (i: number, text: string) => onChange(value.map((m, j) => (j === i ? text : m)));
  const full = value.length >= MAX_RECOMMENDED_MESSAGES;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="recommended-messages">
      <Typography component="legend" variant="subtitle2" gutterBottom>
        {translate('uiconfig.fields.recommendedMessages')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('uiconfig.help.recommendedMessages', { max: MAX_RECOMMENDED_MESSAGES })}
      </Typography>
      <Stack spacing={1.5}>
        {value.map((m, i) => {
          const error = errors[`recommendedMessages.${i}`];
          return (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                fullWidth
                size="small"
                label={translate('uiconfig.fields.recommendedMessage', { n: i + 1 })}
                value={m}
                onChange={(e) => set(i, e.target.value)}
                error={!!error}
                helperText={error ? translate(error, { max: TEXT_LIMITS.recommendedMessage }) : `${m.length}/${TEXT_LIMITS.recommendedMessage}`}
                slotProps={{ htmlInput: { 'data-testid': `field-recommendedMessages.${i}` } }}
              />
              <IconButton
                aria-label={translate('uiconfig.actions.removeMessage', { n: i + 1 })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button startIcon={<AddIcon />} sx={{ mt: 1 }} disabled={full} onClick={() => onChange([...value, ''])}>
        {full ? translate('uiconfig.help.recommendedMessagesFull', { max: MAX_RECOMMENDED_MESSAGES }) : translate('uiconfig.actions.addMessage')}
      </Button>
      {errors.recommendedMessages && (
        <Typography color="error" variant="body2">
          {translate(errors.recommendedMessages, { max: MAX_RECOMMENDED_MESSAGES })}
        </Typography>
      )}
    </Box>
  );
}
