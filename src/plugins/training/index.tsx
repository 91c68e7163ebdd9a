import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import type { AppPlugin, AppRoute } from '../types.ts';
import { TRAINING_TABS } from '../../pages/training/trainingTabs.ts';
import { websitesResource } from '../../resources/websites/resource.ts';
import { webpagesResource } from '../../resources/webpages/resource.ts';

const TrainingPage = lazy(() => import('../../pages/training/TrainingPage.tsx'));

/**
 * The training sources are react-admin resources (ra-data-simple-rest, scoped to the active chatbot and
 * language by the data provider). Their screens live under /training/<tab>, so the resources are
 * registered without views of their own: that gives references and record names, not extra routes.
 */
export const trainingPlugin: AppPlugin = {
  name: 'training',
  resources: [
    websitesResource,
    webpagesResource,
    { name: 'documents', icon: DescriptionIcon, recordRepresentation: 'name' },
    { name: 'qna', icon: QuizIcon, recordRepresentation: 'question' },
    { name: 'contacts', icon: ContactPhoneIcon, recordRepresentation: 'name' },
  ],
  routes: [
    { path: '/training', redirectTo: '/training/website' },
    ...TRAINING_TABS.map<AppRoute>(({ path, tab }) => ({
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
      children: [
        ...TRAINING_TABS.map(({ path, tab }) => ({ to: `/training/${path}`, label: `training.tabs.${tab}` })),
        // The knowledge gaps' screen (plugins/knowledgeGaps) is part of training in the sidebar.
        { to: '/training/knowledge-gaps', label: 'knowledgeGaps.title' },
        { to: '/test-questions', label: 'testQuestions.menu' },
      ],
    },
  ],
};
