import { useMemo } from 'react';
import { BooleanInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { GAP_PERIODS, GAP_REASONS } from './types.ts';

/** The list's filters (kept in the URL by react-admin): text, period, reason, every language of the chatbot. */
export function useKnowledgeGapFilters() {
  const translate = useTranslate();
  const search = translate('knowledgeGaps.filters.search');
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={search} slotProps={{ htmlInput: { 'aria-label': search } }} />,
      <SelectInput
        key="period"
        source="period"
        alwaysOn
        label="knowledgeGaps.filters.period"
        choices={GAP_PERIODS.filter((p) => p !== 'all').map((p) => ({ id: p, name: `knowledgeGaps.periods.${p}` }))}
        emptyText="knowledgeGaps.periods.all"
        helperText={false}
      />,
      <SelectInput
        key="reason"
        source="reason"
        alwaysOn
        label="knowledgeGaps.filters.reason"
        choices={GAP_REASONS.map((r) => ({ id: r, name: `knowledgeGaps.reasons.${r}` }))}
        emptyText="knowledgeGaps.filters.allReasons"
        helperText={false}
      />,
      <BooleanInput key="allLanguages" source="allLanguages" alwaysOn label="knowledgeGaps.filters.allLanguages" helperText={false} />,
    ],
    [search],
  );
}
