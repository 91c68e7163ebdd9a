import { lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import type { AppPlugin } from '../types.ts';
import languages from '../../resources/languages/index.ts';

const LanguagePage = lazy(() => import('../../pages/language/LanguagePage.tsx'));

/** The languages resource is registered for its record name and icon; its list is the /language screen. */
export const languagePlugin: AppPlugin = {
  name: 'language',
  resources: [{ name: languages.name, icon: languages.icon, recordRepresentation: languages.recordRepresentation, options: { label: 'language.title' } }],
  routes: [{ path: '/language', element: <LanguagePage />, title: 'language.title' }],
  menu: [{ to: '/language', label: 'language.title', icon: TranslateIcon }],
};
