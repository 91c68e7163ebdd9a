import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { KnowledgeGap } from './types.ts';

/** The group's question, with how many wordings it has (all of them in the tooltip-free caption below). */
export function KnowledgeGapQuestion({ gap }: { gap: KnowledgeGap }) {
  const translate = useTranslate();
  const others = gap.questions.filter((q) => q !== gap.question);
  return (
    <>
      <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }} data-testid="gap-question">
        {gap.question}
      </Typography>
      {others.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {translate('knowledgeGaps.variants', { smart_count: gap.questions.length })}: {others.slice(0, 3).join(' · ')}
        </Typography>
      )}
    </>
  );
}
