import LanguageIcon from '@mui/icons-material/LanguageOutlined';
import { AddWebsiteDialog } from './AddWebsiteDialog.tsx';
import { WebsiteTraining } from './WebsiteTraining.tsx';

/** Websites (domains per language) and their pages (/training/website). */
export default {
  list: WebsiteTraining,
  create: AddWebsiteDialog,
  edit: undefined,
  show: undefined,
  icon: LanguageIcon,
  recordRepresentation: 'domain',
};
