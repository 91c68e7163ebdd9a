import { lazy } from 'react';
import type { AppPlugin } from '../types.ts';

const AuthCallbackPage = lazy(() => import('../../pages/auth/AuthCallbackPage.tsx'));

/** Sign-in plumbing and the routes table's plain redirects. /auth/silent-renew is answered in main.tsx. */
export const authPlugin: AppPlugin = {
  name: 'auth',
  routes: [
    { path: '/auth/callback', element: <AuthCallbackPage />, noLayout: true, guarded: false, title: 'auth.signingIn' },
    // The start page is not in the routes table, so it is "any other path": registration (which sends a
    // registered user on to the dashboard and a visitor to sign-up).
    { path: '/', redirectTo: '/register' },
    { path: '/login', redirectTo: '/dashboard' },
    // The operator console for admins; the guard sends everybody else on to the dashboard (spec: /admin → dashboard).
    { path: '/admin', redirectTo: '/customers' },
  ],
};
