import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useTranslate } from 'react-admin';

const isHttpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

/** Loads a document from a web address; the server fetches it and checks it like an upload. */
export function DocumentUrlForm({ onUrl }: { onUrl: (url: string) => void }) {
  const translate = useTranslate();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = url.trim();
    if (!isHttpUrl(v)) return setError('errors.url.invalid');
    setError(null);
    onUrl(v);
    setUrl('');
  };
  return (
    <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }} noValidate>
      <TextField
        size="small"
        fullWidth
        label={translate('training.documents.url')}
        placeholder="https://…/datei.pdf"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={!!error}
        helperText={error ? translate(error) : ' '}
        slotProps={{ htmlInput: { 'data-testid': 'document-url' } }}
      />
      <Button type="submit" variant="outlined" startIcon={<LinkIcon />} sx={{ flexShrink: 0 }} data-testid="document-url-submit">
        {translate('training.documents.loadUrl')}
      </Button>
    </Stack>
  );
}
