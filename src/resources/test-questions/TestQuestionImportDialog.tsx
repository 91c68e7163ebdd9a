import { useRef, useState } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';
import type { TestImportResult } from './types.ts';

/**
 * xlsx/CSV import in the Q&A import's steps: the server reads the file (the Q&A import's sheet reader), lists its
 * rows with duplicates flagged, and the user imports all or skips the duplicates. Bad rows refuse the file.
 */
export function TestQuestionImportDialog({ open, onClose, scope, onImported }: { open: boolean; onClose: () => void; scope: Record<string, string>; onImported: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<TestImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const send = (f: File, mode: 'check' | 'import' | 'skip') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(scope)) form.append(k, v);
    form.append('mode', mode);
    form.append('file', f, f.name);
    return dataProvider.upload<TestImportResult>('test-questions/import', form);
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
      notify('testQuestions.import.done', { type: 'success', messageArgs: { imported: r.imported, skipped: r.skipped } });
      refresh();
      onImported();
      close();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const duplicates = check ? check.duplicatesInFile + check.duplicatesExisting : 0;
  return (
    <Dialog open={open} onClose={close} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="test-import-title">
      <DialogTitle id="test-import-title">{translate('testQuestions.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('testQuestions.import.help')}</Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="test-import-file"
          aria-label={translate('testQuestions.import.choose')}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>{translate('testQuestions.import.choose')}</Button>
        {file && <Typography component="span" variant="body2" sx={{ ml: 1, overflowWrap: 'anywhere' }}>{file.name}</Typography>}
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={translate('testQuestions.import.title')} />}
        {error && <Alert severity="warning" sx={{ mt: 2 }} data-testid="test-import-error">{translate(error)}</Alert>}
        {check && (
          <Box sx={{ mt: 2 }}>
            <Alert severity={duplicates ? 'warning' : 'success'} data-testid="test-import-summary">
              {translate('testQuestions.import.summary', { total: check.total, inFile: check.duplicatesInFile, existing: check.duplicatesExisting })}
            </Alert>
            <Box sx={{ overflowY: 'auto', maxHeight: { xs: 'none', sm: 320 }, mt: 1 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('testQuestions.fields.question')}</TableCell>
                    <TableCell>{translate('testQuestions.fields.expectedUrl')}</TableCell>
                    <TableCell>{translate('testQuestions.fields.expectedFacts')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(check.rows ?? []).map((r) => (
                    <TableRow key={r.row} data-testid="test-import-row" data-duplicate={r.duplicate ?? ''}>
                      <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                        {r.question} <Typography component="span" variant="caption" color="text.secondary">({r.lang})</Typography>
                        {r.duplicate && (
                          <Box sx={{ mt: 0.5 }}>
                            <Chip size="small" color="warning" label={translate(r.duplicate === 'file' ? 'testQuestions.import.duplicateInFile' : 'testQuestions.import.duplicateExisting')} />
                          </Box>
                        )}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{r.expectedUrl ?? ''}</TableCell>
                      <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{r.expectedFacts.join('; ')}</TableCell>
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
          <Button variant="outlined" onClick={() => commit('skip')} disabled={busy} data-testid="test-import-skip">{translate('testQuestions.import.skipDuplicates')}</Button>
        )}
        {check && (
          <Button variant="contained" onClick={() => commit('import')} disabled={busy || check.total === 0} data-testid="test-import-all">
            {translate(duplicates ? 'testQuestions.import.importAll' : 'testQuestions.import.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
