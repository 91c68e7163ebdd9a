import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { DocumentList } from './DocumentList.tsx';

/** Training documents (/training/documents): uploaded, listed and deleted from one screen. */
export default {
  list: DocumentList,
  create: undefined,
  edit: undefined,
  show: undefined,
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
