import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { WebpageList } from './WebpageList.tsx';

/** Pages of a website; shown inside the website training screen (websites resource). */
export default {
  list: WebpageList,
  create: undefined,
  edit: undefined,
  show: undefined,
  icon: ArticleIcon,
  recordRepresentation: 'path',
};
