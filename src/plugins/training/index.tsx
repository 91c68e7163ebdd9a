import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import type { AppPlugin, AppResource, AppRoute } from '../types.ts';
import { TRAINING_TABS } from '../../pages/training/trainingTabs.ts';
import { RedirectKeepingQuery } from '../../layout/RedirectKeepingQuery.tsx';
import { websitesResource } from '../../resources/websites/resource.ts';
import { webpagesResource } from '../../resources/webpages/resource.ts';
import documents from '../../resources/documents/index.ts';
import qna from '../../resources/qna/index.ts';
import contacts from '../../resources/contacts/index.ts';

const TrainingPage = lazy(() => import('../../pages/training/TrainingPage.tsx'));

/**
 * A resource declared in src/resources/<name>/index.ts whose list is drawn on a page of the spec: the
 * resource's own list route (/qna, react-admin's links to the list) leads there, filters and sort included.
 */
function listedAt(name: string, resource: Omit<AppResource, 'name'>, path: string): AppResource {
  return { ...resource, name, list: () => <RedirectKeepingQuery to={path} /> };
}

/**
 * The training sources are react-admin resources (ra-data-simple-rest, scoped to the active chatbot and
 * language by the data provider). Their screens live under /training/<tab> (the spec's paths), which draw
 * the lists of src/resources/<name>; documents, qna and contacts are registered from those declarations.
 */
export const trainingPlugin: AppPlugin = {
  name: 'training',
  resources: [
    websitesResource,
    webpagesResource,
    listedAt('documents', documents, '/training/documents'),
    listedAt('qna', qna, '/training/question-answer'),
    listedAt('contacts', contacts, '/training/contacts'),
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
