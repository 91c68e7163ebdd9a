import { lazy } from 'react';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type { AppPlugin, AppRoute } from '../types.ts';
import type { UiConfigTab } from '../../pages/uiconfig/UiConfigPage.tsx';

const UiConfigPage = lazy(() => import('../../pages/uiconfig/UiConfigPage.tsx'));

const TABS: { path: string; tab: UiConfigTab }[] = [
  { path: 'text-and-messages', tab: 'textAndMessages' },
  { path: 'styling-and-colors', tab: 'stylingAndColors' },
  { path: 'contacts', tab: 'contacts' },
];

export const uiconfigPlugin: AppPlugin = {
  name: 'uiconfig',
  routes: [
    { path: '/uiconfig', redirectTo: '/uiconfig/text-and-messages' },
    ...TABS.map<AppRoute>(({ path, tab }) => ({
      path: `/uiconfig/${path}`,
      element: <UiConfigPage tab={tab} />,
      title: 'uiconfig.title',
    })),
  ],
  menu: [
    {
      to: '/uiconfig',
      label: 'uiconfig.title',
      icon: TuneIcon,
      children: TABS.map(({ path, tab }) => ({ to: `/uiconfig/${path}`, label: `uiconfig.${tab}` })),
    },
  ],
};
