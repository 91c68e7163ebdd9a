import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';
import { KnowledgeGapProof } from './KnowledgeGapProof.tsx';
import type { KnowledgeGap, ReaskResult } from './types.ts';

/** The proof: the group's questions asked again through the answer engine, old answer beside new. */
export function KnowledgeGapProofDialog({ gap, onClose }: { gap: KnowledgeGap; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const proof = useQuery({
    queryKey: ['knowledge-gaps', 'reask', gap.id],
    queryFn: () => dataProvider.request<ReaskResult>('POST', `knowledge-gaps/${encodeURIComponent(gap.id)}/reask`),
    // Asked once per opening: a re-ask is work for the answer engine, not a view to keep fresh.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="gap-proof-title">
      <DialogTitle id="gap-proof-title">{translate('knowledgeGaps.proof.title')}</DialogTitle>
      <DialogContent>
        {proof.isPending && (
          <Box role="status">
            <LinearProgress aria-label={translate('knowledgeGaps.proof.checking')} sx={{ mb: 1 }} />
            {translate('knowledgeGaps.proof.checking')}
          </Box>
        )}
        {proof.isError && <Alert severity="error">{errorMessage(proof.error)}</Alert>}
        {proof.data && <KnowledgeGapProof result={proof.data} />}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="gap-proof-close">
          {translate('knowledgeGaps.proof.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
