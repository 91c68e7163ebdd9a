import { lazy } from 'react';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import type { Webpage } from './types.ts';

/**
 * The pages of a website, declared once. Their list is drawn inside the website training screen
 * (/training/website, websites resource) for the chosen website; it loads with that screen.
 */
export default {
  name: 'webpages',
  list: lazy(() => import('./WebpageList.tsx').then((m) => ({ default: m.WebpageList }))),
  icon: ArticleIcon,
  /** A page is named by its address: unique across the chatbot's websites and languages. */
  recordRepresentation: (record: Webpage) => record.url,
};
