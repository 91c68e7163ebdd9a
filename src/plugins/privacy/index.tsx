import { lazy } from 'react';
import PrivacyIcon from '@mui/icons-material/PrivacyTipOutlined';
import type { AppPlugin } from '../types.ts';

const PrivacyPage = lazy(() => import('../../pages/privacy/PrivacyPage.tsx'));

export const privacyPlugin: AppPlugin = {
  name: 'privacy',
  routes: [{ path: '/privacy', element: <PrivacyPage />, title: 'privacy.title' }],
  menu: [{ to: '/privacy', label: 'privacy.title', icon: PrivacyIcon }],
};
