import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { completeSignIn } from '../../providers/authProvider.ts';
import { LoadingOverlay } from '../../layout/LoadingOverlay.tsx';

// The code in the address bar can be redeemed once: a second mount must wait for the first attempt.
let attempt: Promise<string> | null = null;

/** /auth/callback: finishes sign-in, then goes back where the user was; a failure goes to the start page. */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    attempt ??= completeSignIn().catch(() => '/');
    void attempt.then((to) => {
      attempt = null;
      navigate(to, { replace: true });
    });
  }, [navigate]);
  return <LoadingOverlay />;
}
