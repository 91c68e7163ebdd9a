import { createRoot } from 'react-dom/client';

/**
 * /auth/silent-renew runs in the identity provider's hidden frame: it only hands the response back to the
 * parent page, so it loads the sign-in code and nothing of the dashboard.
 */
if (window.location.pathname === '/auth/silent-renew') {
  void import('./providers/authProvider.ts').then((m) => m.completeSilentRenew()).catch(() => undefined);
} else {
  void import('./App.tsx').then(({ App }) => {
    createRoot(document.getElementById('root')!).render(<App />);
  });
}
