import { SearchInput, SelectInput } from 'react-admin';
import { TEST_QUESTION_ORIGINS, TEST_STATUSES } from '../../../contract/api/testQuestions.ts';

/** The list's filters (kept in the URL by react-admin's List): text, result of the latest run, how a question was added. */
export const testQuestionFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="testQuestions.search" aria-label="testQuestions.search" />,
  <SelectInput key="status" source="status" label="testQuestions.fields.status" alwaysOn emptyText="testQuestions.filterAll"
    choices={TEST_STATUSES.map((s) => ({ id: s, name: `testQuestions.status.${s}` }))} />,
  <SelectInput key="origin" source="origin" label="testQuestions.fields.origin" emptyText="testQuestions.filterAll"
    choices={TEST_QUESTION_ORIGINS.map((o) => ({ id: o, name: `testQuestions.origin.${o}` }))} />,
];
