import { Alert, AlertTitle, Box, Button, Collapse } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Pages whose content scripts fill in but that the crawl could not render in a browser (no
 * Chromium on the server, rendering switched off, or its per-crawl cap): only their static text is
 * trained, so answers from them may miss what the visitor sees.
 */
export function MaybeIncompletePages({ urls }: { urls: string[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!urls.length) return null;
  return (
    <Alert severity="info" data-testid="job-maybe-incomplete">
      <AlertTitle>{translate('training.jobs.incomplete.title')}</AlertTitle>
      {translate('training.jobs.incomplete.text', { smart_count: urls.length })}
      <Box>
        <Button size="small" color="inherit" onClick={() => setOpen(!open)} sx={{ px: 0 }}>
          {translate(open ? 'training.jobs.incomplete.hideList' : 'training.jobs.incomplete.showList')}
        </Button>
        <Collapse in={open}>
          <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 200, overflow: 'auto', overflowWrap: 'anywhere' }}>
            {urls.slice(0, 200).map((u) => (
              <li key={u}>{u}</li>
            ))}
          </Box>
        </Collapse>
      </Box>
    </Alert>
  );
}
