import { useSyncExternalStore } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const online = () => navigator.onLine !== false;

/** The spec's "no internet connection" while the browser is offline, above every screen until it is back. */
export function OfflineNotice() {
  const translate = useTranslate();
  const isOnline = useSyncExternalStore(subscribe, online, () => true);
  if (isOnline) return null;
  return (
    <Alert severity="warning" role="alert" data-testid="offline-notice" sx={{ mb: 2 }}>
      {translate('errors.NoInternetConnection')}
    </Alert>
  );
}
