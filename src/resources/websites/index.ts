import { lazy } from 'react';
import LanguageIcon from '@mui/icons-material/LanguageOutlined';

/** Websites (domains per language) and their pages (/training/website), declared once; views load with the screen. */
export default {
  name: 'websites',
  list: lazy(() => import('./WebsiteTraining.tsx').then((m) => ({ default: m.WebsiteTraining }))),
  create: lazy(() => import('./AddWebsiteDialog.tsx').then((m) => ({ default: m.AddWebsiteDialog }))),
  icon: LanguageIcon,
  recordRepresentation: 'domain',
};
