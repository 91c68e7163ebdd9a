import TranslateIcon from '@mui/icons-material/Translate';
import type { LanguageRecord } from '../../providers/languagesProvider.ts';

/** What the app registers of the languages resource; its views are added in index.ts (loaded with the screen). */
export const languagesResource = {
  name: 'languages',
  icon: TranslateIcon,
  recordRepresentation: (record: LanguageRecord) => record.alias,
};
