import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import WarningIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';
import type { ReaskResult } from './types.ts';

/** Old answer → new answer per question, side by side (stacked on phones), and whether the group is closed. */
export function KnowledgeGapProof({ result }: { result: ReaskResult }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} data-testid="gap-proof" data-closed={result.closed}>
      <Alert severity={result.closed ? 'success' : 'warning'} data-testid="gap-proof-outcome">
        {translate(result.closed ? 'knowledgeGaps.proof.closed' : 'knowledgeGaps.proof.notClosed')}
      </Alert>
      {result.results.map((r, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2 }} data-testid="gap-proof-row">
          <Typography fontWeight={600} component="h3" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {r.question}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <Box>
              <Typography variant="overline" color="text.secondary" component="h4">{translate('knowledgeGaps.proof.before')}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="gap-proof-before">
                {r.before.answer}
              </Typography>
            </Box>
            <Box>
              <Typography variant="overline" color="text.secondary" component="h4">{translate('knowledgeGaps.proof.after')}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="gap-proof-after">
                {r.after.answer}
              </Typography>
              <Chip
                size="small"
                sx={{ mt: 1 }}
                color={r.usesNew ? 'success' : 'warning'}
                icon={r.usesNew ? <CheckIcon /> : <WarningIcon />}
                label={translate(r.usesNew ? 'knowledgeGaps.proof.usesNew' : 'knowledgeGaps.proof.notNew')}
              />
            </Box>
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
