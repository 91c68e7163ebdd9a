import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useDelete, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatRun } from './formatRun.ts';
import { modeOfCron } from './schedulePresets.ts';
import type { Schedule } from './types.ts';

/** The scheduled trainings of a website (the site itself and single pages), with interval and status. */
export function ScheduleList({ scope, websiteId, onEdit }: { scope: Record<string, string>; websiteId: string; onEdit: (s: Schedule) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [remove] = useDelete<Schedule>();
  const { data = [] } = useGetList<Schedule>('schedules', { filter: { ...scope, websiteId }, pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' } });
  if (!data.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="schedule-list">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('training.schedule.listTitle')}
      </Typography>
      <Stack spacing={1}>
        {data.map((s) => {
          const mode = modeOfCron(s.cron);
          return (
            <Box key={s.id} data-testid="schedule-item" data-status={s.status} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
                {s.url}
              </Typography>
              <Chip size="small" label={mode === 'advanced' ? s.cron : translate(`training.schedule.presets.${mode}`)} data-testid="schedule-interval" />
              {s.includeSubsites && <Chip size="small" variant="outlined" label={translate('training.schedule.withSubsites')} />}
              <Chip size="small" color={s.status === 'active' ? 'success' : 'default'} label={translate(`training.schedule.status.${s.status}`)} />
              {s.status === 'active' && s.nextRunAt && (
                <Typography variant="caption" color="text.secondary">
                  {translate('training.schedule.nextRun', { date: formatRun(s.nextRunAt, locale) })}
                </Typography>
              )}
              <Tooltip title={translate('ra.action.edit')}>
                <IconButton size="small" onClick={() => onEdit(s)} aria-label={translate('ra.action.edit')} data-testid="schedule-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('ra.action.delete')}>
                <IconButton
                  size="small"
                  aria-label={translate('ra.action.delete')}
                  onClick={() =>
                    remove('schedules', { id: s.id, previousData: s }, {
                      mutationMode: 'pessimistic',
                      onSuccess: () => notify('training.schedule.deleted', { type: 'success' }),
                      onError: (e: any) => notify(e?.message || 'errors.Unknown', { type: 'error' }),
                    })
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
