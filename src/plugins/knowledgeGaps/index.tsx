import { lazy } from 'react';
import knowledgeGaps from '../../resources/knowledge-gaps/index.ts';
import type { AppPlugin } from '../types.ts';

const KnowledgeGapsPage = lazy(() => import('../../pages/knowledge-gaps/KnowledgeGapsPage.tsx'));

/**
 * Knowledge gaps (issue 15): its screen lives under /training (its menu entry is a child of Training's), so the
 * resource is registered without views of its own, like the training sources.
 */
export const knowledgeGapsPlugin: AppPlugin = {
  name: 'knowledgeGaps',
  resources: [{ name: 'knowledge-gaps', icon: knowledgeGaps.icon, recordRepresentation: knowledgeGaps.recordRepresentation }],
  routes: [{ path: '/training/knowledge-gaps', element: <KnowledgeGapsPage />, title: 'knowledgeGaps.title' }],
};

