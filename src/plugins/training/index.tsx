import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import type { AppPlugin, AppRoute } from '../types.ts';
import type { TrainingTab } from '../../pages/training/TrainingPage.tsx';

const TrainingPage = lazy(() => import('../../pages/training/TrainingPage.tsx'));

const TABS: { path: string; tab: TrainingTab }[] = [
  { path: 'website', tab: 'website' },
  { path: 'contacts', tab: 'contacts' },
  { path: 'documents', tab: 'documents' },
  { path: 'question-answer', tab: 'questionAnswer' },
];

export const trainingPlugin: AppPlugin = {
  name: 'training',
  routes: [
    { path: '/training', redirectTo: '/training/website' },
    ...TABS.map<AppRoute>(({ path, tab }) => ({
      path: `/training/${path}`,
      element: <TrainingPage tab={tab} />,
      title: 'training.title',
    })),
  ],
  menu: [
    {
      to: '/training',
      label: 'training.title',
      icon: SchoolIcon,
      children: TABS.map(({ path, tab }) => ({ to: `/training/${path}`, label: `training.${tab}` })),
    },
  ],
};
