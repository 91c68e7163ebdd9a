import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { guardRouteOf, type GuardRoute } from '../providers/guard.ts';
import { runGuard } from '../providers/guardRunner.ts';
import { browserGuardDeps } from '../providers/session.ts';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { LocaleSync } from './LocaleSync.tsx';
import { usePageTitle } from './usePageTitle.ts';

interface Props {
  flags: Partial<GuardRoute>;
  title?: string;
  /** Layout routes also show the title in the app bar. */
  withAppBarTitle?: boolean;
  children: ReactNode;
}

/** Runs the route guard before showing a page; the loading overlay covers the screen meanwhile. */
export function GuardedPage({ flags, title, withAppBarTitle, children }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [state, setState] = useState<'checking' | 'ready' | 'failed'>('checking');
  usePageTitle(title);
  const { loginRequired, registrationRequired, onLoggedIn, onLoggedOut, operatorOnly } = flags;

  useEffect(() => {
    let cancelled = false;
    setState('checking');
    runGuard(guardRouteOf({ loginRequired, registrationRequired, onLoggedIn, onLoggedOut, operatorOnly }), browserGuardDeps)
      .then((outcome) => {
        if (cancelled) return;
        if (outcome.type === 'continue') setState('ready');
        else if (outcome.type === 'redirect') navigate(outcome.to, { replace: true });
        // 'leaving': the browser is on its way to the identity provider; keep the overlay.
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [location.pathname, navigate, loginRequired, registrationRequired, onLoggedIn, onLoggedOut, operatorOnly]);

  if (state === 'failed')
    return (
      <Stack role="alert" alignItems="center" justifyContent="center" spacing={2} sx={{ minHeight: '60vh', p: 3 }}>
        <Typography>{translate('errors.Unknown')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {translate('ra.action.refresh')}
        </Button>
      </Stack>
    );
  if (state === 'checking')
    return (
      <>
        <LocaleSync />
        <LoadingOverlay />
      </>
    );
  return (
    <>
      <LocaleSync />
      {withAppBarTitle && title && <Title title={translate(title)} />}
      <Suspense fallback={<LoadingOverlay />}>{children}</Suspense>
    </>
  );
}
