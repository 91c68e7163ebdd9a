import { Stack } from '@mui/material';
import { ConfigTextField } from './ConfigTextField.tsx';
import { RecommendedMessagesField } from './RecommendedMessagesField.tsx';
import { TEXT_LIMITS, type FieldErrors, type UiConfig } from './uiConfigModel.ts';

type TextKey = 'title' | 'introHeading' | 'subHeading' | 'startMessage' | 'placeholderText' | 'chatbotToggleText';
const TEXT_FIELDS: { key: TextKey; multiline?: boolean }[] = [
  { key: 'title' },
  { key: 'introHeading' },
  { key: 'subHeading', multiline: true },
  { key: 'startMessage', multiline: true },
  { key: 'placeholderText' },
  { key: 'chatbotToggleText' },
];

interface Props {
  config: UiConfig;
  errors: FieldErrors;
  change: (update: (c: UiConfig) => UiConfig) => void;
}

/** /uiconfig/text-and-messages: the widget's texts in the active chatbot language. */
export function TextsTab({ config, errors, change }: Props) {
  return (
    <Stack spacing={2.5} data-testid="uiconfig-texts">
      {TEXT_FIELDS.map(({ key, multiline }) => (
        <ConfigTextField
          key={key}
          path={key}
          label={`uiconfig.fields.${key}`}
          helper={`uiconfig.help.${key}`}
          value={config[key]}
          max={TEXT_LIMITS[key]}
          multiline={multiline}
          required={key === 'title'}
          error={errors[key]}
          onChange={(v) => change((c) => ({ ...c, [key]: v }))}
        />
      ))}
      <RecommendedMessagesField
        value={config.recommendedMessages}
        errors={errors}
        onChange={(recommendedMessages) => change((c) => ({ ...c, recommendedMessages }))}
      />
    </Stack>
  );
}
