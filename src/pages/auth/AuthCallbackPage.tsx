import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { completeSignIn } from '../../providers/authProvider.ts';
import { LoadingOverlay } from '../../layout/LoadingOverlay.tsx';

// The code in the address bar can be redeemed once per page load (the identity provider's redirect is always a
// fresh load), so every mount shares one attempt.
let attempt: Promise<string> | null = null;

/** /auth/callback: finishes sign-in, then goes back where the user was; a failure goes to the start page. */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const navigated = useRef(false);
  useEffect(() => {
    attempt ??= completeSignIn().catch(() => '/');
    void attempt.then((to) => {
      if (navigated.current) return;
      navigated.current = true;
      navigate(to, { replace: true });
    });
  }, [navigate]);
  return <LoadingOverlay />;
}
