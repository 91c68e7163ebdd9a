import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { KnowledgeGap } from './types.ts';

/** Why the group is a gap, and its status when it is not simply open. */
export function KnowledgeGapChips({ gap }: { gap: KnowledgeGap }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-testid="gap-reasons">
      {gap.reasons.map((r) => (
        <Chip key={r} size="small" variant="outlined" label={translate(`knowledgeGaps.reasons.${r}`)} />
      ))}
      {gap.status !== 'open' && (
        <Chip size="small" color={gap.status === 'answered' ? 'success' : 'warning'} label={translate(`knowledgeGaps.status.${gap.status}`)} data-testid="gap-status" />
      )}
    </Stack>
  );
}
