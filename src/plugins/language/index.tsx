import { lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import type { AppPlugin } from '../types.ts';
import { languagesResource } from '../../resources/languages/resource.ts';

const LanguagePage = lazy(() => import('../../pages/language/LanguagePage.tsx'));

/** The languages resource is registered for its record name and icon; its list is the /language screen. */
export const languagePlugin: AppPlugin = {
  name: 'language',
  resources: [{ ...languagesResource, options: { label: 'language.title' } }],
  routes: [{ path: '/language', element: <LanguagePage />, title: 'language.title' }],
  menu: [{ to: '/language', label: 'language.title', icon: TranslateIcon }],
};
