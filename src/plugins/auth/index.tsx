import { lazy } from 'react';
import type { AppPlugin } from '../types.ts';

const AuthCallbackPage = lazy(() => import('../../pages/auth/AuthCallbackPage.tsx'));

/** Sign-in plumbing and the routes table's plain redirects. /auth/silent-renew is answered in main.tsx. */
export const authPlugin: AppPlugin = {
  name: 'auth',
  routes: [
    { path: '/auth/callback', element: <AuthCallbackPage />, noLayout: true, guarded: false, title: 'auth.signingIn' },
    { path: '/login', redirectTo: '/dashboard' },
    { path: '/admin', redirectTo: '/dashboard' },
  ],
};
