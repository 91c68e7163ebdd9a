import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import type { Webpage } from './types.ts';

/** What the app registers of the webpages resource; its views are added in index.ts (loaded with the screen). */
export const webpagesResource = {
  name: 'webpages',
  icon: ArticleIcon,
  /** A page is named by its address: unique across the chatbot's websites and languages. */
  recordRepresentation: (record: Webpage) => record.url,
};
