import { lazy } from 'react';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import type { Qna } from './types.ts';

/**
 * Question-answer pairs, the react-admin resource `qna`. Its list is drawn at /training/question-answer (the
 * spec's path); add and edit are dialogs over that list, so the resource has no create or edit route.
 */
export default {
  // Loaded with the page that draws it: the first screen carries no list code.
  list: lazy(() => import('./QnaList.tsx').then((m) => ({ default: m.QnaList }))),
  create: undefined,
  edit: undefined,
  show: undefined,
  icon: QuizIcon,
  recordRepresentation: (record: Qna) => (record.question.length > 80 ? `${record.question.slice(0, 79)}…` : record.question),
};
