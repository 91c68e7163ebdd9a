import { useRef, useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider.ts';
import { errorMessage } from '../providers/http.ts';

/** What an import's check and commit answer: counts, and (after the check) the rows with duplicates flagged. */
export interface SheetImportResult<Row> {
  total: number;
  duplicatesInFile: number;
  duplicatesExisting: number;
  imported: number;
  skipped: number;
  rows?: (Row & { question: string; duplicate: 'file' | 'existing' | null })[];
}

export interface SheetImportProps<Row> {
  open: boolean;
  onClose: () => void;
  /** Form fields naming where the rows go (chatbotId, lang). */
  scope: Record<string, string>;
  /** The upload's API path, e.g. `qna/import`. */
  path: string;
  /** The texts' key prefix (title, help, choose, summary, duplicateInFile, duplicateExisting, skipDuplicates, importAll, import, done). */
  texts: string;
  /** The elements' test ids start with this. */
  testId: string;
  /** The file chooser's accepted types. */
  accept: string;
  /** The columns after the question: their header's text key and each row's cell. */
  columns: { label: string; cell: (row: Row) => ReactNode }[];
  questionLabel: string;
  onImported?: () => void;
}

/**
 * A sheet import in two steps (Q&A pairs, test questions): the server reads the file (so the dashboard never
 * bundles a spreadsheet library) and lists its rows with duplicates flagged (within the file, already stored);
 * the user then imports all or skips the duplicates. A file the server refuses shows its reason.
 */
export function SheetImportDialog<Row>({ open, onClose, scope, path, texts, testId, accept, columns, questionLabel, onImported }: SheetImportProps<Row>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<SheetImportResult<Row> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const send = (f: File, mode: 'check' | 'import' | 'skip') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(scope)) form.append(k, v);
    form.append('mode', mode);
    form.append('file', f, f.name);
    return dataProvider.upload<SheetImportResult<Row>>(path, form);
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
      notify(`${texts}.done`, { type: 'success', messageArgs: { imported: r.imported, skipped: r.skipped } });
      refresh();
      onImported?.();
      close();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const duplicates = check ? check.duplicatesInFile + check.duplicatesExisting : 0;
  return (
    <Dialog open={open} onClose={close} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby={`${testId}-title`}>
      <DialogTitle id={`${testId}-title`}>{translate(`${texts}.title`)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${texts}.help`)}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid={`${testId}-file`}
          aria-label={translate(`${texts}.choose`)}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
          {translate(`${texts}.choose`)}
        </Button>
        {file && (
          <Typography component="span" variant="body2" sx={{ ml: 1, overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
        {error && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid={`${testId}-error`}>
            {translate(error)}
          </Alert>
        )}
        {check && (
          <Box sx={{ mt: 2 }} data-testid={`${testId}-check`}>
            <Alert severity={duplicates ? 'warning' : 'success'} data-testid={`${testId}-summary`}>
              {translate(`${texts}.summary`, { total: check.total, inFile: check.duplicatesInFile, existing: check.duplicatesExisting })}
            </Alert>
            <Box sx={{ overflowY: 'auto', maxHeight: { xs: 'none', sm: 320 }, mt: 1 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(questionLabel)}</TableCell>
                    {columns.map((c) => (
                      <TableCell key={c.label}>{translate(c.label)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(check.rows ?? []).map((r, i) => (
                    <TableRow key={i} data-testid={`${testId}-row`} data-duplicate={r.duplicate ?? ''}>
                      <TableCell sx={{ width: '45%', verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                        {r.question}
                        {r.duplicate && (
                          <Box sx={{ mt: 0.5 }}>
                            <Chip size="small" color="warning" label={translate(r.duplicate === 'file' ? `${texts}.duplicateInFile` : `${texts}.duplicateExisting`)} />
                          </Box>
                        )}
                      </TableCell>
                      {columns.map((c) => (
                        <TableCell key={c.label} sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                          {c.cell(r)}
                        </TableCell>
                      ))}
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
          <Button variant="outlined" onClick={() => commit('skip')} disabled={busy} data-testid={`${testId}-skip`}>
            {translate(`${texts}.skipDuplicates`)}
          </Button>
        )}
        {check && (
          <Button variant="contained" onClick={() => commit('import')} disabled={busy || check.total === 0} data-testid={`${testId}-all`}>
            {translate(duplicates ? `${texts}.importAll` : `${texts}.import`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
