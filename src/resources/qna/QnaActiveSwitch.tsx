import { FormControlLabel, Switch } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Qna } from './types.ts';

/** Activates or deactivates a pair right away: only active pairs are used for answers. */
export function QnaActiveSwitch({ qna }: { qna: Qna }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Qna>();
  const toggle = () =>
    update(
      'qna',
      { id: qna.id, data: { active: !qna.active }, previousData: qna },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => notify(saved.active ? 'training.qna.activated' : 'training.qna.deactivated', { type: 'success' }),
        onError: (e: any) => notify(e?.message || 'errors.Unknown', { type: 'error' }),
      },
    );
  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={<Switch size="small" checked={qna.active} disabled={isPending} onChange={toggle} inputProps={{ 'aria-label': translate('training.qna.fields.active') }} data-testid="qna-active" />}
      label={translate(qna.active ? 'training.qna.active' : 'training.qna.inactive')}
      slotProps={{ typography: { variant: 'body2', color: qna.active ? 'text.primary' : 'text.secondary' } }}
    />
  );
}
