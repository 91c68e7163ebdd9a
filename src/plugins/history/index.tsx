import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/ForumOutlined';
import type { AppPlugin } from '../types.ts';

const HistoryPage = lazy(() => import('../../pages/history/HistoryPage.tsx'));

export const historyPlugin: AppPlugin = {
  name: 'history',
  routes: [{ path: '/history', element: <HistoryPage />, title: 'history.title' }],
  menu: [{ to: '/history', label: 'history.title', icon: HistoryIcon }],
};
