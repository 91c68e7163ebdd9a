import QuizIcon from '@mui/icons-material/QuizOutlined';
import { QnaCreate } from './QnaCreate.tsx';
import { QnaEdit } from './QnaEdit.tsx';
import { QnaList } from './QnaList.tsx';

/** Question-answer pairs (/training/question-answer); add and edit open as dialogs over the list. */
export default {
  list: QnaList,
  create: QnaCreate,
  edit: QnaEdit,
  show: undefined,
  icon: QuizIcon,
  recordRepresentation: 'question',
};
