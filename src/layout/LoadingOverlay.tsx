import { useEffect, useState } from 'react';
import { Backdrop, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** Spec section 2: the wait text appears only after 2 s of loading. */
export const LOADING_TEXT_DELAY_MS = 2000;

/** Full-screen overlay shown while the route guard runs (and while a page's code loads). */
export function LoadingOverlay() {
  const translate = useTranslate();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOADING_TEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Backdrop
      open
      data-testid="loading-overlay"
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, bgcolor: 'background.default', flexDirection: 'column', gap: 2 }}
    >
      <CircularProgress size={32} aria-label={translate('app.loading')} />
      <Box aria-live="polite" sx={{ minHeight: 24 }}>
        {slow && <Typography color="text.secondary">{translate('app.loadingWait')}</Typography>}
      </Box>
    </Backdrop>
  );
}
