import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Switch, TextField, Typography,
} from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError, errorMessage } from '../../providers/http.ts';
import { cronOfMode, DEFAULT_PRESET, modeOfCron, SCHEDULE_PRESETS, type ScheduleMode } from './schedulePresets.ts';
import { formatRun } from './formatRun.ts';
import { useNextRuns } from './useNextRuns.ts';
import type { Schedule } from './types.ts';

export interface ScheduleTarget {
  websiteId?: string;
  webpageId?: string;
  url: string;
  /** An existing schedule to change. */
  schedule?: Schedule;
}

const MODES: ScheduleMode[] = [...(Object.keys(SCHEDULE_PRESETS) as ScheduleMode[]), 'advanced'];

/**
 * Scheduled training of a website or one page: a simple preset (default every 1 January 00:00) or an
 * advanced cron expression, validated by the server, with the next runs shown; include subpages; active or paused.
 */
export function ScheduleDialog({ target, scope, onClose }: { target: ScheduleTarget | null; scope: Record<string, string>; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [mode, setMode] = useState<ScheduleMode>(DEFAULT_PRESET);
  const [advanced, setAdvanced] = useState<string>(SCHEDULE_PRESETS[DEFAULT_PRESET]);
  const [includeSubsites, setIncludeSubsites] = useState(false);
  const [active, setActive] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!target) return;
    const s = target.schedule;
    setMode(modeOfCron(s?.cron));
    setAdvanced(s?.cron ?? SCHEDULE_PRESETS[DEFAULT_PRESET]);
    setIncludeSubsites(s?.includeSubsites ?? !target.webpageId);
    setActive((s?.status ?? 'active') === 'active');
    setError(null);
  }, [target]);

  const cron = cronOfMode(mode, advanced);
  const next = useNextRuns(cron);
  const save = async () => {
    if (!target || next.error) return;
    setBusy(true);
    setError(null);
    const body = { ...(mode === 'advanced' ? { cron, preset: null } : { preset: mode }), includeSubsites, status: active ? 'active' : 'paused' };
    try {
      if (target.schedule) await dataProvider.request('PUT', `schedules/${target.schedule.id}`, body);
      else await dataProvider.request('POST', 'schedules', { ...scope, ...(target.webpageId ? { webpageId: target.webpageId } : { websiteId: target.websiteId }), ...body });
      notify('training.schedule.saved', { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      // "A URL without direct content cannot be trained" belongs in the dialog, next to the flag that fixes it.
      if (e instanceof ApiError && (e.serverKey === 'NoDirectContent' || e.serverKey === 'InvalidCron')) setError(errorMessage(e));
      else notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={!!target} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-title">
      <DialogTitle id="schedule-title">{translate(target?.schedule ? 'training.schedule.editTitle' : 'training.schedule.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="schedule-url">
          {target?.url}
        </Typography>
        <TextField
          select
          fullWidth
          label={translate('training.schedule.interval')}
          value={mode}
          onChange={(e) => setMode(e.target.value as ScheduleMode)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'schedule-mode' } as object } }}
        >
          {MODES.map((m) => (
            <MenuItem key={m} value={m} data-testid={`schedule-mode-${m}`}>
              {translate(`training.schedule.presets.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {mode === 'advanced' && (
          <TextField
            fullWidth
            sx={{ mt: 2 }}
            label={translate('training.schedule.cron')}
            value={advanced}
            onChange={(e) => setAdvanced(e.target.value)}
            error={!!next.error}
            helperText={next.error ? translate(next.error) : translate('training.schedule.cronHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-cron', spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        )}
        <Box sx={{ mt: 2 }} data-testid="schedule-next-runs">
          <Typography variant="subtitle2">{translate('training.schedule.nextRuns')}</Typography>
          {next.runs.length > 0 && !next.error ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {next.runs.map((r) => (
                <li key={r}>
                  <Typography variant="body2">{formatRun(r, locale)}</Typography>
                </li>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {next.loading ? '…' : '–'}
            </Typography>
          )}
        </Box>
        <FormControlLabel
          sx={{ mt: 1, display: 'flex' }}
          control={<Checkbox checked={includeSubsites} onChange={(e) => setIncludeSubsites(e.target.checked)} data-testid="schedule-subsites" />}
          label={translate('training.schedule.includeSubsites')}
        />
        <FormControlLabel
          sx={{ display: 'flex' }}
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="schedule-active" />}
          label={translate(active ? 'training.schedule.status.active' : 'training.schedule.status.paused')}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="schedule-error">
            {translate(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy || !!next.error} data-testid="schedule-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
