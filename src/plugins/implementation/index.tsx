import { lazy } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import type { AppPlugin } from '../types.ts';

const ImplementationPage = lazy(() => import('../../pages/implementation/ImplementationPage.tsx'));

export const implementationPlugin: AppPlugin = {
  name: 'implementation',
  routes: [
    { path: '/implementation', redirectTo: '/implementation/default' },
    { path: '/implementation/default', element: <ImplementationPage />, title: 'implementation.title' },
    // The shop variant is reached from the default page; its own address leads there too (spec section 2).
    { path: '/implementation/shopify', redirectTo: '/implementation/default' },
  ],
  menu: [{ to: '/implementation', label: 'implementation.title', icon: CodeIcon }],
};
