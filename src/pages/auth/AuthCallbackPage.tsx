import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLocaleState } from 'react-admin';
import { completeSignIn } from '../../providers/authProvider.ts';
import { persistLocale, type Locale } from '../../lib/locale.ts';
import { LoadingOverlay } from '../../layout/LoadingOverlay.tsx';

// The code in the address bar can be redeemed once per page load (the identity provider's redirect is always a
// fresh load), so every mount shares one attempt.
let attempt: Promise<{ to: string; locale: Locale | null }> | null = null;

/**
 * /auth/callback: finishes sign-in, switches to the profile's preferred language (the one picked on the sign-up
 * page, or set in the profile since), then goes back where the user was; a failure goes to the start page.
 */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const [locale, setLocale] = useLocaleState();
  const navigated = useRef(false);
  useEffect(() => {
    attempt ??= completeSignIn().catch(() => ({ to: '/', locale: null }));
    void attempt.then(({ to, locale: preferred }) => {
      if (navigated.current) return;
      navigated.current = true;
      if (preferred) {
        persistLocale(preferred);
        if (preferred !== locale) setLocale(preferred);
      }
      navigate(to, { replace: true });
    });
  }, [navigate, locale, setLocale]);
  return <LoadingOverlay />;
}
