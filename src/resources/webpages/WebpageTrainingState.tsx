import { Chip, CircularProgress, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Webpage } from './types.ts';

/** "Being trained" while a job works on the page, else when it was last trained (or never). */
export function WebpageTrainingState({ page }: { page: Webpage }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (page.beingTrained)
    return (
      <Chip
        size="small"
        color="info"
        icon={<CircularProgress size={12} color="inherit" aria-hidden />}
        label={translate('training.website.beingTrained')}
        data-testid="page-being-trained"
      />
    );
  return (
    <Typography variant="caption" color="text.secondary" data-testid="page-last-trained">
      {page.lastTrained
        ? translate('training.website.lastTrained', {
            date: new Date(page.lastTrained).toLocaleString(locale === 'de' ? 'de-DE' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }),
          })
        : translate('training.website.neverTrained')}
    </Typography>
  );
}
