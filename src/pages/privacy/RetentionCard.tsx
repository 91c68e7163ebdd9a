import { useEffect, useState } from 'react';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { RETENTION_MONTHS } from '../../../contract/privacy.ts';
import { PrivacyCard } from './PrivacyCard.tsx';

interface PrivacySettings {
  id: string;
  chatbotId: string;
  retentionMonths: number;
}

const MONTHS = Array.from({ length: RETENTION_MONTHS.max - RETENTION_MONTHS.min + 1 }, (_, i) => RETENTION_MONTHS.min + i);

/** The active chatbot's retention period for chats and leads (privacy-settings/{chatbotId}). */
export function RetentionCard({ chatbotId }: { chatbotId: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useGetOne<PrivacySettings>('privacy-settings', { id: chatbotId ?? '' }, { enabled: !!chatbotId });
  const [months, setMonths] = useState<number>(RETENTION_MONTHS.default);
  const [update, { isPending }] = useUpdate<PrivacySettings>();
  useEffect(() => {
    if (data) setMonths(data.retentionMonths);
  }, [data]);

  const save = () =>
    data &&
    update(
      'privacy-settings',
      { id: data.id, data: { retentionMonths: months }, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('privacy.retention.saved', { type: 'success' }),
        onError: (e) => notify((e as Error).message || 'ra.notification.http_error', { type: 'error' }),
      },
    );

  return (
    <PrivacyCard title="privacy.retention.title" help={chatbotId ? 'privacy.retention.help' : 'privacy.retention.noChatbot'}>
      <Stack spacing={2} alignItems="flex-start">
        <FormControl size="small" sx={{ minWidth: 220 }} disabled={!data}>
          <InputLabel id="retention-months-label">{translate('privacy.retention.label')}</InputLabel>
          <Select
            labelId="retention-months-label"
            label={translate('privacy.retention.label')}
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
            data-testid="retention-months"
          >
            {MONTHS.map((m) => (
              <MenuItem key={m} value={m}>
                {translate('privacy.retention.months', { smart_count: m })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="contained" onClick={save} disabled={!data || isPending || months === data.retentionMonths} data-testid="retention-save">
          {translate('privacy.retention.save')}
        </Button>
      </Stack>
    </PrivacyCard>
  );
}
