import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { MAX_EXPORT_CHATS, downloadCsv, exportAmountError } from './exportCsv.ts';
import type { ChatFilterValues } from './types.ts';

/**
 * Exports the newest chats matching the current filters as Chat_Export_<date>.csv. The amount is
 * required (at least 1). Messages: no chat exportable, some chats not exported, success.
 */
export function ChatExportButton() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { filterValues, total, meta } = useListContext();
  const totalExceeds = (meta as { totalExceeds?: number } | undefined)?.totalExceeds;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = exportAmountError(amount);

  const start = () => {
    // Past the server's count cap the total is unknown but larger than it (meta.totalExceeds).
    setAmount(String(Math.min(total ?? totalExceeds ?? 100, 1000) || 100));
    setTouched(false);
    setOpen(true);
  };
  const submit = async () => {
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      const result = await dataProvider.exportChats(filterValues as ChatFilterValues, Number(amount), locale);
      if (result.chats === 0) {
        notify('errors.export.noChats', { type: 'error' });
        return;
      }
      if (result.skipped > 0) notify('errors.export.someNotExported', { type: 'warning' });
      else notify('errors.export.success', { type: 'success' });
      downloadCsv(result.csv, result.fileName);
      setOpen(false);
    } catch (e: any) {
      notify(e?.message || 'errors.export.noChats', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={start} data-testid="export-button">
        {translate('history.export.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="export-title">
        <DialogTitle id="export-title">{translate('history.export.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('history.export.help')}
          </Typography>
          <TextField
            label={translate('history.export.amount')}
            name="amount"
            type="number"
            required
            fullWidth
            autoFocus
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!error}
            helperText={touched && error ? translate(error, { min: 1, max: MAX_EXPORT_CHATS }) : translate('history.export.amountMin')}
            inputProps={{ min: 1, step: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {translate('history.export.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
