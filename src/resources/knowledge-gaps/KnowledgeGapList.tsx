import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { useMemo } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { List, TopToolbar, useTranslate } from 'react-admin';
import { SortSelect } from '../../pages/training/SortSelect.tsx';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { KnowledgeGapCards } from './KnowledgeGapCards.tsx';
import { KnowledgeGapDialogs } from './KnowledgeGapDialogs.tsx';
import { useKnowledgeGapFilters } from './KnowledgeGapFilters.tsx';
import { KnowledgeGapTable } from './KnowledgeGapTable.tsx';
import { gapExporter } from './exporter.ts';

const SORT_FIELDS = [
  { field: 'count', label: 'knowledgeGaps.fields.count' },
  { field: 'lastAt', label: 'knowledgeGaps.fields.lastAt' },
];

/**
 * /training/knowledge-gaps: the groups of questions the chatbot could not answer well, most asked first; a
 * table on desktop, cards on phones; filters and sort in the URL; CSV export of the filtered list.
 */
export function KnowledgeGapList() {
  const translate = useTranslate();
  const { filter } = useTrainingScope();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const exporter = useMemo(() => gapExporter(translate), [translate]);
  const filters = useKnowledgeGapFilters();
  return (
    <List
      resource="knowledge-gaps"
      filter={filter}
      filters={filters}
      sort={{ field: 'count', order: 'DESC' }}
      perPage={25}
      exporter={exporter}
      storeKey="training.knowledge-gaps"
      title={false}
      empty={false}
      actions={
        <TopToolbar sx={{ alignItems: 'center' }}>
          {phone && <SortSelect fields={SORT_FIELDS} testId="gap-sort" />}
          <NamedExportButton data-testid="gap-export" />
        </TopToolbar>
      }
      sx={{ '& .RaList-main': { minWidth: 0 } }}
    >
      <KnowledgeGapDialogs>{phone ? <KnowledgeGapCards /> : <KnowledgeGapTable />}</KnowledgeGapDialogs>
    </List>
  );
}
