import { useRef, useState } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';
import type { QnaImportResult } from './types.ts';

/**
 * xlsx import: the server reads the sheet (so the dashboard never bundles a spreadsheet library), lists
 * its rows with duplicates flagged (within the file, already stored), and the user imports all or skips
 * the duplicates. A sheet whose rows do not have 2 columns is refused with the spec's warning.
 */
export function QnaImportDialog({ open, onClose, scope }: { open: boolean; onClose: () => void; scope: Record<string, string> }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<QnaImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const send = (f: File, mode: 'check' | 'import' | 'skip') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(scope)) form.append(k, v);
    form.append('mode', mode);
    form.append('file', f, f.name);
    return dataProvider.upload<QnaImportResult>('qna/import', form);
  };
  const choose = async (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    setCheck(null);
    setError(null);
    setBusy(true);
    try {
      setCheck(await send(f, 'check'));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const close = () => {
    setFile(null);
    setCheck(null);
    setError(null);
    onClose();
  };
  const commit = async (mode: 'import' | 'skip') => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await send(file, mode);
      notify('training.qna.import.done', { type: 'success', messageArgs: { imported: r.imported, skipped: r.skipped } });
      refresh();
      close();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const duplicates = check ? check.duplicatesInFile + check.duplicatesExisting : 0;
  return (
    <Dialog open={open} onClose={close} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="qna-import-title">
      <DialogTitle id="qna-import-title">{translate('training.qna.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('training.qna.import.help')}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="qna-import-file"
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
          {translate('training.qna.import.choose')}
        </Button>
        {file && (
          <Typography component="span" variant="body2" sx={{ ml: 1, overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
        {error && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="qna-import-error">
            {translate(error)}
          </Alert>
        )}
        {check && (
          <Box sx={{ mt: 2 }} data-testid="qna-import-check">
            <Alert severity={duplicates ? 'warning' : 'success'} data-testid="qna-import-summary">
              {translate('training.qna.import.summary', { total: check.total, inFile: check.duplicatesInFile, existing: check.duplicatesExisting })}
            </Alert>
            <Box sx={{ overflowY: 'auto', maxHeight: { xs: 'none', sm: 320 }, mt: 1 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('training.qna.fields.question')}</TableCell>
                    <TableCell>{translate('training.qna.fields.answer')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(check.rows ?? []).map((r, i) => (
                    <TableRow key={i} data-testid="qna-import-row" data-duplicate={r.duplicate ?? ''}>
                      <TableCell sx={{ width: '45%', verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                        {r.question}
                        {r.duplicate && (
                          <Box sx={{ mt: 0.5 }}>
                            <Chip size="small" color="warning" label={translate(r.duplicate === 'file' ? 'training.qna.import.duplicateInFile' : 'training.qna.import.duplicateExisting')} />
                          </Box>
                        )}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{r.answer}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        {check && duplicates > 0 && (
          <Button variant="outlined" onClick={() => commit('skip')} disabled={busy} data-testid="qna-import-skip">
            {translate('training.qna.import.skipDuplicates')}
          </Button>
        )}
        {check && (
          <Button variant="contained" onClick={() => commit('import')} disabled={busy || check.total === 0} data-testid="qna-import-all">
            {translate(duplicates ? 'training.qna.import.importAll' : 'training.qna.import.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
