import { lazy } from 'react';
import TroubleshootIcon from '@mui/icons-material/TroubleshootOutlined';
import type { AppPlugin } from '../types.ts';

// The screen's code loads when it is opened, not with the app.
const KnowledgeGapsPage = lazy(() => import('../../pages/knowledge-gaps/KnowledgeGapsPage.tsx'));

/**
 * Knowledge gaps (issue 15): its screen lives under /training (its menu entry is a child of Training's), so the
 * resource is registered without views of its own, like the training sources.
 */
export const knowledgeGapsPlugin: AppPlugin = {
  name: 'knowledgeGaps',
  resources: [{ name: 'knowledge-gaps', icon: TroubleshootIcon, recordRepresentation: 'question' }],
  routes: [{ path: '/training/knowledge-gaps', element: <KnowledgeGapsPage />, title: 'knowledgeGaps.title' }],
};
