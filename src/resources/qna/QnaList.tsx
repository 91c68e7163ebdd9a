import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { QnaCreate } from './QnaCreate.tsx';
import { QnaEdit } from './QnaEdit.tsx';
import { QnaExportButton } from './QnaExportButton.tsx';
import { QnaFilters } from './QnaFilters.tsx';
import { QnaImportDialog } from './QnaImportDialog.tsx';
import { QnaItem } from './QnaItem.tsx';
import type { Qna } from './types.ts';

/** /training/question-answer: pairs with filters, add/edit/delete, activation, xlsx import and export. */
export function QnaList() {
  const { filter } = useTrainingScope();
  return (
    <ListBase resource="qna" filter={filter} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} disableSyncWithLocation storeKey="training.qna">
      <QnaListView scope={filter} />
    </ListBase>
  );
}

function QnaListView({ scope }: { scope: Record<string, string> }) {
  const translate = useTranslate();
  const { data = [], isPending, isFetching, total } = useListContext<Qna>();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="qna-add">
          {translate('training.qna.add')}
        </Button>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImporting(true)} data-testid="qna-import">
          {translate('training.qna.import.action')}
        </Button>
        <QnaExportButton scope={scope} />
      </Stack>
      <QnaFilters />
      {isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {!isPending && data.length === 0 && <Alert severity="info">{translate('training.qna.empty')}</Alert>}
      <Stack spacing={1} data-testid="qna-list">
        {data.map((q) => (
          <QnaItem key={q.id} qna={q} onEdit={() => setEditing(q.id)} />
        ))}
      </Stack>
      {(total ?? 0) > 25 && <Pagination rowsPerPageOptions={[25, 50, 100]} />}
      <QnaCreate open={adding} onClose={() => setAdding(false)} />
      <QnaEdit id={editing} onClose={() => setEditing(null)} />
      <QnaImportDialog open={importing} onClose={() => setImporting(false)} scope={scope} />
    </Box>
  );
}
