import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import LanguageIcon from '@mui/icons-material/LanguageOutlined';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import type { AppPlugin, AppRoute } from '../types.ts';
import { TRAINING_TABS } from '../../pages/training/trainingTabs.ts';

const TrainingPage = lazy(() => import('../../pages/training/TrainingPage.tsx'));

/**
 * The training sources are react-admin resources (ra-data-simple-rest, scoped to the active chatbot and
 * language by the data provider). Their screens live under /training/<tab>, so the resources are
 * registered without views of their own: that gives references and record names, not extra routes.
 */
export const trainingPlugin: AppPlugin = {
  name: 'training',
  resources: [
    { name: 'websites', icon: LanguageIcon, recordRepresentation: 'domain' },
    { name: 'webpages', icon: ArticleIcon, recordRepresentation: 'url' },
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
