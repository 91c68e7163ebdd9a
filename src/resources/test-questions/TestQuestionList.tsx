import { useEffect, useRef, useState } from 'react';
import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import {
  CreateButton, DataTable, DateField, List, SimpleList, TopToolbar, useRefresh, useTranslate, type RaRecord,
} from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { ExpectedSourceField } from './ExpectedSourceField.tsx';
import { RunTestsButton } from './RunTestsButton.tsx';
import { SuggestTestsButton } from './SuggestTestsButton.tsx';
import { useTestQuestionFilters } from './TestQuestionFilters.tsx';
import { TestQuestionImportDialog } from './TestQuestionImportDialog.tsx';
import { TestScoreCard } from './TestScoreCard.tsx';
import { TestStatusField } from './TestStatusField.tsx';
import type { TestQuestion } from './types.ts';
import { useTestRuns } from './useTestRuns.ts';

/**
 * /test-questions: the quality score with its trend per training run, and the test questions (a table on
 * desktops, cards on phones) with filters and sort in the URL, add, edit, import, suggestions and run now.
 */
export function TestQuestionList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { chatbotId, filter } = useTrainingScope();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [waitFrom, setWaitFrom] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const runs = useTestRuns(chatbotId, waitFrom !== null);
  const filters = useTestQuestionFilters();
  const completed = (runs.data ?? []).filter((r) => r.status === 'completed');
  const lastId = completed[completed.length - 1]?.id;
  // A new run has ended: the questions' results are new too. Waiting ends with it.
  const seen = useRef(lastId);
  useEffect(() => {
    if (lastId === seen.current) return;
    seen.current = lastId;
    refresh();
    setWaitFrom(null);
  }, [lastId, refresh]);
  const startWaiting = () => setWaitFrom(completed.length);

  return (
    <Box sx={{ py: 2 }} data-testid="test-questions-page">
      <Typography variant="h5" component="h1">{translate('testQuestions.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 900 }}>{translate('testQuestions.intro')}</Typography>
      <TestScoreCard runs={runs.data} running={waitFrom !== null} action={<RunTestsButton chatbotId={chatbotId} onQueued={startWaiting} />} />
      <List
        resource="test-questions"
        filter={filter}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        title="testQuestions.title"
        disableAuthentication
        empty={false}
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            <SuggestTestsButton chatbotId={chatbotId} onAdded={startWaiting} />
            <Button size="small" startIcon={<UploadIcon />} onClick={() => setImporting(true)} data-testid="test-import">
              {translate('testQuestions.import.action')}
            </Button>
            <CreateButton label="testQuestions.add" data-testid="test-add" />
          </TopToolbar>
        }
        sx={{ mt: 2 }}
      >
        {phone ? (
          <SimpleList<TestQuestion>
            primaryText={(r) => r.question}
            secondaryText={() => <ExpectedSourceField />}
            tertiaryText={() => <TestStatusField detail={false} />}
            linkType="edit"
            rowSx={(r) => (r.status === 'failed' ? { borderLeft: 4, borderColor: 'error.main' } : {})}
            empty={<Typography sx={{ p: 2 }} color="text.secondary">{translate('testQuestions.empty')}</Typography>}
          />
        ) : (
          <DataTable
            rowClick="edit"
            bulkActionButtons={false}
            rowSx={(r: RaRecord) => (r.status === 'failed' && r.lastResult?.cause ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : {})}
            empty={<Typography sx={{ p: 2 }} color="text.secondary">{translate('testQuestions.empty')}</Typography>}
          >
            <DataTable.Col source="question" label="testQuestions.fields.question" sx={{ maxWidth: 420, overflowWrap: 'anywhere' }} />
            <DataTable.Col source="status" label="testQuestions.fields.status">
              <TestStatusField />
            </DataTable.Col>
            <DataTable.Col source="expectedUrl" label="testQuestions.fields.expectedSource" disableSort>
              <ExpectedSourceField />
            </DataTable.Col>
            <DataTable.Col source="origin" label="testQuestions.fields.origin" render={(r: TestQuestion) => translate(`testQuestions.origin.${r.origin}`)} />
            <DataTable.Col source="createdAt" label="testQuestions.fields.createdAt">
              <DateField source="createdAt" />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      <Stack>
        <TestQuestionImportDialog open={importing} onClose={() => setImporting(false)} scope={filter} onImported={startWaiting} />
      </Stack>
    </Box>
  );
}
