import TroubleshootIcon from '@mui/icons-material/TroubleshootOutlined';
import { KnowledgeGapList } from './KnowledgeGapList.tsx';

/** Knowledge gaps (/training/knowledge-gaps): groups of questions the chatbot could not answer well; no edit or create views. */
export default {
  list: KnowledgeGapList,
  edit: undefined,
  create: undefined,
  show: undefined,
  icon: TroubleshootIcon,
  recordRepresentation: 'question',
};
