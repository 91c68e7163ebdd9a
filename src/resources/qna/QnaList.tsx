import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';
import { SortSelect } from '../../pages/training/SortSelect.tsx';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { QnaCreate } from './QnaCreate.tsx';
import { QnaDataTable } from './QnaDataTable.tsx';
import { QnaEdit } from './QnaEdit.tsx';
import { QnaExportButton } from './QnaExportButton.tsx';
import { QnaFilters } from './QnaFilters.tsx';
import { QnaImportDialog } from './QnaImportDialog.tsx';
import { QnaItem } from './QnaItem.tsx';
import type { Qna } from './types.ts';

/** Phones have no column headers to sort by. */
const SORTS = ['createdAt', 'question', 'answer', 'active'].map((field) => ({ field, label: `resources.qna.fields.${field}` }));

/**
 * /training/question-answer: the pairs as react-admin's list of the qna resource (sort, filters and page in
 * the URL, bulk delete with undo, export), a dense table on desktop and cards on phones; add and edit open
 * as dialogs, xlsx import and export.
 */
export function QnaList() {
  const { filter } = useTrainingScope();
  return (
    <ListBase resource="qna" filter={filter} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} storeKey="training.qna">
      <QnaListView scope={filter} />
    </ListBase>
  );
}

function QnaListView({ scope }: { scope: Record<string, string> }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data = [], isPending, isFetching, total } = useListContext<Qna>();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const empty = <Alert severity="info">{translate('training.qna.empty')}</Alert>;
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="qna-add">
          {translate('training.qna.add')}
        </Button>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImporting(true)} data-testid="qna-import">
          {translate('training.qna.import.action')}
        </Button>
        <QnaExportButton />
      </Stack>
      <QnaFilters />
      {phone && <SortSelect fields={SORTS} testId="qna-sort" />}
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}</Box>
      {phone ? (
        <>
          {!isPending && data.length === 0 && empty}
          <Stack spacing={1} data-testid="qna-list">
            {data.map((q) => (
              <QnaItem key={q.id} qna={q} onEdit={() => setEditing(q.id)} />
            ))}
          </Stack>
        </>
      ) : (
        <Box data-testid="qna-list">
          <QnaDataTable onEdit={setEditing} empty={empty} />
        </Box>
      )}
      {(total ?? 0) > 25 && <Pagination rowsPerPageOptions={[25, 50, 100]} />}
      <QnaCreate open={adding} onClose={() => setAdding(false)} />
      <QnaEdit id={editing} onClose={() => setEditing(null)} />
      <QnaImportDialog open={importing} onClose={() => setImporting(false)} scope={scope} />
    </Box>
  );
}
