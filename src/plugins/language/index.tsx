import { lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import type { AppPlugin } from '../types.ts';

const LanguagePage = lazy(() => import('../../pages/language/LanguagePage.tsx'));

export const languagePlugin: AppPlugin = {
  name: 'language',
  routes: [{ path: '/language', element: <LanguagePage />, title: 'language.title' }],
  menu: [{ to: '/language', label: 'language.title', icon: TranslateIcon }],
};
