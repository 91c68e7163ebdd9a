import { Alert, Box, Divider, LinearProgress, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ListBase, Pagination, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { useAppConfig } from '../../pages/profile/useAppConfig.ts';
import { SortSelect } from '../../pages/training/SortSelect.tsx';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { DocumentDataTable } from './DocumentDataTable.tsx';
import { DocumentDropzone } from './DocumentDropzone.tsx';
import { DocumentExportButton } from './DocumentExportButton.tsx';
import { DocumentFilters } from './DocumentFilters.tsx';
import { DocumentItem } from './DocumentItem.tsx';
import { DocumentUrlForm } from './DocumentUrlForm.tsx';
import { UploadQueue } from './UploadQueue.tsx';
import { useUploadQueue } from './useUploadQueue.ts';
import type { TrainingDocument } from './types.ts';

/** Phones have no column headers to sort by. */
const SORTS = ['createdAt', 'name', 'type', 'size', 'characters'].map((field) => ({ field, label: `resources.documents.fields.${field}` }));

/**
 * /training/documents: upload (drop, choose, URL) with a queue, and react-admin's list of the documents
 * resource (sort, filters and page in the URL, bulk delete with undo, CSV export).
 */
export function DocumentList() {
  const { filter } = useTrainingScope();
  return (
    <ListBase resource="documents" filter={filter} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} storeKey="training.documents">
      <DocumentListView scope={filter} />
    </ListBase>
  );
}

function DocumentListView({ scope }: { scope: Record<string, string> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const maxBytes = useAppConfig().data?.maxUploadBytes;
  const queue = useUploadQueue(scope, maxBytes);
  const { data = [], isPending, isFetching, total, filterValues, error } = useListContext<TrainingDocument>();
  const filtered = Object.keys(filterValues).length > 0;
  const empty = (
    <Alert severity="info">{translate(filtered ? 'ra.navigation.no_results' : 'training.documents.empty', { name: translate('resources.documents.name', { smart_count: 2 }) })}</Alert>
  );
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <DocumentDropzone onFiles={queue.addFiles} maxBytes={maxBytes} locale={locale} />
        <Divider sx={{ my: 2 }}>{translate('training.documents.or')}</Divider>
        <DocumentUrlForm onUrl={queue.addUrl} />
        <UploadQueue items={queue.items} locale={locale} onClear={queue.clearDone} />
      </Paper>
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mt: 3, mb: 1 }}>
        <Typography variant="h6" component="h2" data-testid="document-count">
          {/* Without an answer (offline, an error) there is no count to tell: never "0 documents". */}
          {error || total == null ? translate('training.tabs.documents') : translate('training.documents.listTitle', { smart_count: total })}
        </Typography>
        <DocumentExportButton />
      </Stack>
      <DocumentFilters />
      {phone && <SortSelect fields={SORTS} testId="document-sort" />}
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}</Box>
      {error && (
        <Alert severity="error" data-testid="document-list-error">
          {translate(error.message || 'errors.Unknown')}
        </Alert>
      )}
      {phone ? (
        <>
          {!isPending && !error && data.length === 0 && empty}
          <Stack spacing={1} data-testid="document-list">
            {data.map((d) => (
              <DocumentItem key={d.id} doc={d} locale={locale} />
            ))}
          </Stack>
        </>
      ) : (
        <Box data-testid="document-list">
          {!error && <DocumentDataTable locale={locale} empty={empty} />}
        </Box>
      )}
      {(total ?? 0) > 25 && <Pagination rowsPerPageOptions={[25, 50, 100]} />}
    </Box>
  );
}
