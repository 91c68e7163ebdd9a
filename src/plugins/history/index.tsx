import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/ForumOutlined';
import type { AppPlugin } from '../types.ts';
import { chatsResource } from '../../resources/chats/resource.ts';

const HistoryPage = lazy(() => import('../../pages/history/HistoryPage.tsx'));

/** The chats resource is registered for its record name and icon; its list is the /history screen. */
export const historyPlugin: AppPlugin = {
  name: 'history',
  resources: [{ ...chatsResource, options: { label: 'history.title' } }],
  routes: [{ path: '/history', element: <HistoryPage />, title: 'history.title' }],
  menu: [{ to: '/history', label: 'history.title', icon: HistoryIcon }],
};
