import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import LanguageIcon from '@mui/icons-material/LanguageOutlined';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import type { AppPlugin, AppResource, AppRoute } from '../types.ts';
import { TRAINING_TABS } from '../../pages/training/trainingTabs.ts';
import { RedirectKeepingQuery } from '../../layout/RedirectKeepingQuery.tsx';
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
    { name: 'websites', icon: LanguageIcon, recordRepresentation: 'domain' },
    { name: 'webpages', icon: ArticleIcon, recordRepresentation: 'url' },
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
      children: TRAINING_TABS.map(({ path, tab }) => ({ to: `/training/${path}`, label: `training.tabs.${tab}` })),
    },
  ],
};
