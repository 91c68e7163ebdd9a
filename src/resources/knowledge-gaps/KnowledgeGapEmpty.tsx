import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** No group in the filtered period. */
export function KnowledgeGapEmpty() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ m: 1 }} data-testid="gap-empty">
      {translate('knowledgeGaps.empty')}
    </Alert>
  );
}
