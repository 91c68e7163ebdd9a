import { lazy } from 'react';
import PersonIcon from '@mui/icons-material/PersonOutline';
import type { AppPlugin } from '../types.ts';

const ProfilePage = lazy(() => import('../../pages/profile/ProfilePage.tsx'));

export const profilePlugin: AppPlugin = {
  name: 'profile',
  routes: [{ path: '/profile', element: <ProfilePage />, title: 'profile.title' }],
  menu: [{ to: '/profile', label: 'profile.title', icon: PersonIcon }],
};
