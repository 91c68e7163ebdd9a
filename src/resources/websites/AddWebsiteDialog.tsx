import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import type { Website } from './types.ts';

const CRAWLS = ['spider', 'sitemap', 'single'] as const;

/** Adds a domain in the active language and starts collecting its pages. */
export function AddWebsiteDialog({ open, onClose, scope, onAdded }: { open: boolean; onClose: () => void; scope: Record<string, string>; onAdded: (w: Website) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const [domain, setDomain] = useState('');
  const [crawl, setCrawl] = useState<(typeof CRAWLS)[number]>('spider');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = domain.trim();
    if (!v) return setError('ra.validation.required');
    if (v.includes('#')) return setError('errors.url.hash');
    setBusy(true);
    setError(null);
    try {
      const w = await dataProvider.request<Website>('POST', 'websites', { ...scope, domain: v, crawl });
      setDomain('');
      onAdded(w);
    } catch (err) {
      // Field problems stay at the field; the rest is the screen's error text.
      setError(err instanceof ApiError && err.serverKey === 'ValidationFailed' ? 'errors.url.invalid' : err instanceof Error ? err.message : 'errors.Unknown');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-website-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-website-title">{translate('training.website.addDomain')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('training.website.addDomainHelp')}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label={translate('training.website.domain')}
            placeholder="https://www.example.com"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            error={!!error}
            helperText={error ? translate(error) : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'website-domain' } }}
          />
          <RadioGroup value={crawl} onChange={(e) => setCrawl(e.target.value as typeof crawl)}>
            {CRAWLS.map((c) => (
              <FormControlLabel key={c} value={c} control={<Radio size="small" />} label={translate(`training.website.crawl.${c}`)} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="website-add-submit">
            {translate('training.website.addAndCrawl')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
