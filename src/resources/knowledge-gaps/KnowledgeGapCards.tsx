import { Paper, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { KnowledgeGapActions } from './KnowledgeGapActions.tsx';
import { KnowledgeGapChips } from './KnowledgeGapChips.tsx';
import { KnowledgeGapEmpty } from './KnowledgeGapEmpty.tsx';
import { KnowledgeGapQuestion } from './KnowledgeGapQuestion.tsx';
import { formatDateTime } from './formatDate.ts';
import type { KnowledgeGap } from './types.ts';

/** Phones: one card per group (the sort is chosen in the toolbar). */
export function KnowledgeGapCards() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data = [], isPending } = useListContext<KnowledgeGap>();
  if (!isPending && !data.length) return <KnowledgeGapEmpty />;
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="gap-cards">
      {data.map((g) => (
        <RecordContextProvider key={g.id} value={g}>
          <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="gap-card">
            <KnowledgeGapQuestion gap={g} />
            <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
              {translate('knowledgeGaps.asked', { smart_count: g.count })} · {formatDateTime(g.lastAt, locale)}
            </Typography>
            <KnowledgeGapChips gap={g} />
            <Stack sx={{ mt: 1 }}>
              <KnowledgeGapActions gap={g} />
            </Stack>
          </Paper>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
