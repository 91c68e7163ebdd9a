import { Typography } from '@mui/material';
import { DataTable, useLocaleState, useTranslate } from 'react-admin';
import { KnowledgeGapActions } from './KnowledgeGapActions.tsx';
import { KnowledgeGapChips } from './KnowledgeGapChips.tsx';
import { KnowledgeGapEmpty } from './KnowledgeGapEmpty.tsx';
import { KnowledgeGapQuestion } from './KnowledgeGapQuestion.tsx';
import { formatDateTime } from './formatDate.ts';
import type { KnowledgeGap } from './types.ts';

/** Desktop: one row per group; count and last date sortable by their headers. */
export function KnowledgeGapTable() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <DataTable<KnowledgeGap> bulkActionButtons={false} rowClick={false} empty={<KnowledgeGapEmpty />} data-testid="gap-table">
      <DataTable.Col source="question" label={translate('knowledgeGaps.fields.question')} disableSort render={(g) => <KnowledgeGapQuestion gap={g as KnowledgeGap} />} />
      <DataTable.NumberCol source="count" label={translate('knowledgeGaps.fields.count')} sortByOrder="DESC" />
      <DataTable.Col
        source="lastAt"
        label={translate('knowledgeGaps.fields.lastAt')}
        sortByOrder="DESC"
        render={(g) => <Typography variant="body2" noWrap>{formatDateTime(g.lastAt, locale)}</Typography>}
      />
      <DataTable.Col source="reasons" label={translate('knowledgeGaps.fields.reasons')} disableSort render={(g) => <KnowledgeGapChips gap={g as KnowledgeGap} />} />
      <DataTable.Col label={translate('knowledgeGaps.fields.actions')} disableSort render={(g) => <KnowledgeGapActions gap={g as KnowledgeGap} wrap={false} />} />
    </DataTable>
  );
}
