import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UrlListToggle } from './UrlListToggle.tsx';

/**
 * Pages whose content scripts fill in but that the crawl could not render in a browser (no
 * Chromium on the server, rendering switched off, or its per-crawl cap): only their static text is
 * trained, so answers from them may miss what the visitor sees.
 */
export function MaybeIncompletePages({ urls }: { urls: string[] }) {
  const translate = useTranslate();
  if (!urls.length) return null;
  return (
    <Alert severity="info" data-testid="job-maybe-incomplete">
      <AlertTitle>{translate('training.jobs.incomplete.title')}</AlertTitle>
      {translate('training.jobs.incomplete.text', { smart_count: urls.length })}
      <UrlListToggle urls={urls} showLabel="training.jobs.incomplete.showList" hideLabel="training.jobs.incomplete.hideList" />
    </Alert>
  );
}
