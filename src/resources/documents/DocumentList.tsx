import { Alert, Box, Divider, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { ListBase, Pagination, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { useAppConfig } from '../../pages/profile/useAppConfig.ts';
import { SortSelect } from '../../pages/training/SortSelect.tsx';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { DocumentDropzone } from './DocumentDropzone.tsx';
import { DocumentItem } from './DocumentItem.tsx';
import { DocumentUrlForm } from './DocumentUrlForm.tsx';
import { UploadQueue } from './UploadQueue.tsx';
import { useUploadQueue } from './useUploadQueue.ts';
import type { TrainingDocument } from './types.ts';

const SORTS = [
  { field: 'name', label: 'training.documents.fields.name' },
  { field: 'type', label: 'training.documents.fields.type' },
  { field: 'size', label: 'training.documents.fields.size' },
  { field: 'createdAt', label: 'training.documents.fields.createdAt' },
];

/** /training/documents: upload (drop, choose, URL) with a queue, and the trained documents. */
export function DocumentList() {
  const { filter } = useTrainingScope();
  return (
    <ListBase resource="documents" filter={filter} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} disableSyncWithLocation storeKey="training.documents">
      <DocumentListView scope={filter} />
    </ListBase>
  );
}

function DocumentListView({ scope }: { scope: Record<string, string> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const maxBytes = useAppConfig().data?.maxUploadBytes;
  const queue = useUploadQueue(scope, maxBytes);
  const { data = [], isPending, isFetching, total, error } = useListContext<TrainingDocument>();
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <DocumentDropzone onFiles={queue.addFiles} maxBytes={maxBytes} locale={locale} />
        <Divider sx={{ my: 2 }}>{translate('training.documents.or')}</Divider>
        <DocumentUrlForm onUrl={queue.addUrl} />
        <UploadQueue items={queue.items} locale={locale} onClear={queue.clearDone} />
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={1} sx={{ mt: 3, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {/* Without an answer (offline, an error) there is no count to tell: never "0 documents". */}
          {error || total == null ? translate('training.tabs.documents') : translate('training.documents.listTitle', { smart_count: total })}
        </Typography>
        <SortSelect fields={SORTS} testId="document-sort" />
      </Stack>
      {isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {error && (
        <Alert severity="error" data-testid="document-list-error">
          {translate(error.message || 'errors.Unknown')}
        </Alert>
      )}
      {!isPending && !error && data.length === 0 && <Alert severity="info">{translate('training.documents.empty')}</Alert>}
      <Stack spacing={1} data-testid="document-list">
        {data.map((d) => (
          <DocumentItem key={d.id} doc={d} locale={locale} />
        ))}
      </Stack>
      {(total ?? 0) > 50 && <Pagination rowsPerPageOptions={[50, 100]} />}
    </Box>
  );
}
