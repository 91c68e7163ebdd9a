import { lazy } from 'react';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import type { AppPlugin } from '../types.ts';

const DashboardPage = lazy(() => import('../../pages/dashboard/DashboardPage.tsx'));

export const dashboardPlugin: AppPlugin = {
  name: 'dashboard',
  routes: [{ path: '/dashboard', element: <DashboardPage />, title: 'dashboard.title', firstScreen: true }],
  menu: [{ to: '/dashboard', label: 'dashboard.title', icon: DashboardIcon }],
};
