import { Box, Button, Chip, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatSize } from './formatSize.ts';
import type { QueueItem } from './types.ts';

const COLOR = { uploading: 'default', success: 'success', error: 'error', oversize: 'warning', incorrectType: 'warning' } as const;

/** The files and URLs of this visit with their state: uploading, success, error, oversize, incorrectType. */
export function UploadQueue({ items, locale, onClear }: { items: QueueItem[]; locale: string; onClear: () => void }) {
  const translate = useTranslate();
  if (!items.length) return null;
  return (
    <Paper variant="outlined" sx={{ mt: 2 }} data-testid="upload-queue">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, pt: 1 }}>
        <Typography variant="subtitle2">{translate('training.documents.queue')}</Typography>
        <Button size="small" onClick={onClear}>
          {translate('training.documents.clearQueue')}
        </Button>
      </Stack>
      <List dense>
        {items.map((i) => (
          <ListItem key={i.key} data-testid="upload-item" data-status={i.status} sx={{ gap: 1, alignItems: 'flex-start' }}>
            <ListItemText
              primary={i.name}
              secondary={[i.size !== null ? formatSize(i.size, locale) : null, i.message ? translate(i.message) : null].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
            <Box sx={{ flexShrink: 0, pt: 0.5 }}>
              {i.status === 'uploading' && <CircularProgress size={16} sx={{ mr: 1, verticalAlign: 'middle' }} aria-label={translate('training.documents.status.uploading')} />}
              <Chip size="small" color={COLOR[i.status]} label={translate(`training.documents.status.${i.status}`)} />
            </Box>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
