import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { TestQuestionCreate } from './TestQuestionCreate.tsx';
import { TestQuestionEdit } from './TestQuestionEdit.tsx';
import { TestQuestionList } from './TestQuestionList.tsx';

/** Test questions and the quality score (/test-questions, menu entry under Training). */
export default {
  list: TestQuestionList,
  create: TestQuestionCreate,
  edit: TestQuestionEdit,
  show: undefined,
  icon: FactCheckIcon,
  recordRepresentation: 'question',
};
