import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { TEST_QUESTION_ORIGINS, TEST_STATUSES } from '../../../contract/testQuestions.ts';

/** The list's filters (kept in the URL by react-admin's List): text, result of the latest run, how a question was added. */
export function useTestQuestionFilters() {
  const translate = useTranslate();
  const search = translate('testQuestions.search');
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={search} slotProps={{ htmlInput: { 'aria-label': search } }} />,
    <SelectInput key="status" source="status" label="testQuestions.fields.status" alwaysOn emptyText="testQuestions.filterAll"
      choices={TEST_STATUSES.map((s) => ({ id: s, name: `testQuestions.status.${s}` }))} />,
    <SelectInput key="origin" source="origin" label="testQuestions.fields.origin" emptyText="testQuestions.filterAll"
      choices={TEST_QUESTION_ORIGINS.map((o) => ({ id: o, name: `testQuestions.origin.${o}` }))} />,
  ];
}
