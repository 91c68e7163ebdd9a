import { lazy } from 'react';
import type { AppPlugin } from '../types.ts';

const DemoPage = lazy(() => import('../../pages/demo/DemoPage.tsx'));

const demoRoute = {
  element: <DemoPage />,
  title: 'demo.title',
  noLayout: true,
  // Public: no login or registration needed; a signed-in user simply continues.
  loginRequired: false,
  registrationRequired: false,
  onLoggedIn: 'continue' as const,
};

export const demoPlugin: AppPlugin = {
  name: 'demo',
  routes: [
    { path: '/demo', ...demoRoute },
    { path: '/demo/:chatbotId', ...demoRoute },
  ],
};
