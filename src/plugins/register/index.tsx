import { lazy } from 'react';
import type { AppPlugin } from '../types.ts';

const RegisterPage = lazy(() => import('../../pages/register/RegisterPage.tsx'));

export const registerPlugin: AppPlugin = {
  name: 'register',
  routes: [
    {
      // Before the chatbot exists (personal data, website address): /register?step=…
      path: '/register',
      element: <RegisterPage />,
      title: 'register.title',
      noLayout: true,
      registrationRequired: false,
      // A visitor who is not signed in gets the identity provider's sign-up screen.
      onLoggedOut: 'signUp',
    },
    {
      // After the chatbot exists (training, get started): the user is registered, so these require it.
      path: '/register/:step',
      element: <RegisterPage />,
      title: 'register.title',
      noLayout: true,
    },
  ],
};
