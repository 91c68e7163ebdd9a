import { lazy } from 'react';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import type { AppPlugin } from '../types.ts';

// The screens load when opened: recharts and the list's code stay out of the first screen.
const TestQuestionList = lazy(() => import('../../resources/test-questions/TestQuestionList.tsx').then((m) => ({ default: m.TestQuestionList })));
const TestQuestionCreate = lazy(() => import('../../resources/test-questions/TestQuestionCreate.tsx').then((m) => ({ default: m.TestQuestionCreate })));
const TestQuestionEdit = lazy(() => import('../../resources/test-questions/TestQuestionEdit.tsx').then((m) => ({ default: m.TestQuestionEdit })));

/** Test questions and the quality score (issue 15 items 4 and 5); its menu entry sits under Training. */
export const testQuestionsPlugin: AppPlugin = {
  name: 'testQuestions',
  resources: [
    {
      name: 'test-questions',
      list: TestQuestionList,
      create: TestQuestionCreate,
      edit: TestQuestionEdit,
      icon: FactCheckIcon,
      recordRepresentation: 'question',
      options: { label: 'testQuestions.title' },
    },
  ],
};
