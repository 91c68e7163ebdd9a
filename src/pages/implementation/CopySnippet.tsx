import { Box, Button, Paper } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/** The snippet in a code box with a copy button; a copy shows a success notice (spec section 8). */
export function CopySnippet({ code }: { code: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      notify('app.copied', { type: 'success' });
    } catch {
      notify('implementation.copyFailed', { type: 'error' });
    }
  }
  return (
    <Box>
      <Paper
        variant="outlined"
        component="pre"
        data-testid="implementation-snippet"
        sx={{ m: 0, p: 2, bgcolor: 'grey.900', color: 'grey.100', fontFamily: 'monospace', fontSize: 14, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        <code>{code}</code>
      </Paper>
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ mt: 1 }} data-testid="implementation-copy">
        {translate('implementation.copy')}
      </Button>
    </Box>
  );
}
