import { lazy } from 'react';
import PreviewIcon from '@mui/icons-material/ChatBubbleOutline';
import type { AppPlugin } from '../types.ts';

const PreviewPage = lazy(() => import('../../pages/preview/PreviewPage.tsx'));

export const previewPlugin: AppPlugin = {
  name: 'preview',
  routes: [{ path: '/preview', element: <PreviewPage />, title: 'preview.title' }],
  menu: [{ to: '/preview', label: 'preview.title', icon: PreviewIcon }],
};
