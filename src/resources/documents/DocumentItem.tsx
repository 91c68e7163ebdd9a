import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { DeleteWithConfirmButton, RecordContextProvider, useTranslate } from 'react-admin';
import { formatSize } from './formatSize.ts';
import type { TrainingDocument } from './types.ts';

/** One trained document: name, type, size, when it was added and how many characters it consumed. */
export function DocumentItem({ doc, locale }: { doc: TrainingDocument; locale: string }) {
  const translate = useTranslate();
  const tag = locale === 'de' ? 'de-DE' : 'en-US';
  return (
    <RecordContextProvider value={doc}>
      <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1 }} data-testid="document-item" data-name={doc.name}>
        <Chip size="small" label={doc.type.toUpperCase()} sx={{ fontWeight: 600, minWidth: 52 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }} fontWeight={500}>
            {doc.name}
          </Typography>
          <Stack direction="row" useFlexGap flexWrap="wrap" sx={{ color: "text.secondary", columnGap: 1.5 }}>
            <Typography variant="body2" data-testid="document-size">{formatSize(doc.size, locale)}</Typography>
            <Typography variant="body2">{translate('training.documents.added', { date: new Date(doc.createdAt).toLocaleDateString(tag) })}</Typography>
            <Typography variant="body2" data-testid="document-characters">
              {translate('training.documents.characters', { count: new Intl.NumberFormat(tag).format(doc.characters) })}
            </Typography>
          </Stack>
        </Box>
        <DeleteWithConfirmButton resource="documents" label="" aria-label={translate('ra.action.delete')} mutationMode="pessimistic" redirect={false} data-testid="document-delete" sx={{ minWidth: 40 }} />
      </Paper>
    </RecordContextProvider>
  );
}
