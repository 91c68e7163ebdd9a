import { lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import type { LanguageRecord } from '../../providers/languagesProvider.ts';

/**
 * The chatbot's languages (spec: GET/POST/PATCH/DELETE languages/{chatbotId}), declared once. Its list is
 * the /language screen (composed by the language plugin); the view loads with that screen.
 */
export default {
  name: 'languages',
  list: lazy(() => import('./LanguageList.tsx').then((m) => ({ default: m.LanguageList }))),
  icon: TranslateIcon,
  recordRepresentation: (record: LanguageRecord) => record.alias,
};
