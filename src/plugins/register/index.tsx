import { lazy } from 'react';
import type { AppPlugin } from '../types.ts';

const RegisterPage = lazy(() => import('../../pages/register/RegisterPage.tsx'));

export const registerPlugin: AppPlugin = {
  name: 'register',
  routes: [
    {
      path: '/register',
      element: <RegisterPage />,
      title: 'register.title',
      noLayout: true,
      registrationRequired: false,
      // A visitor who is not signed in gets the identity provider's sign-up screen.
      onLoggedOut: 'signUp',
    },
  ],
};
