import { Typography } from '@mui/material';
import { SheetImportDialog } from '../../components/SheetImportDialog.tsx';
import type { TestImportResult } from './types.ts';

type Row = NonNullable<TestImportResult['rows']>[number];

/** xlsx/CSV import of test questions in the Q&A import's steps (the server reads it with the Q&A import's sheet reader). Bad rows refuse the file. */
export function TestQuestionImportDialog({ open, onClose, scope, onImported }: { open: boolean; onClose: () => void; scope: Record<string, string>; onImported: () => void }) {
  return (
    <SheetImportDialog<Row>
      open={open}
      onClose={onClose}
      scope={scope}
      path="test-questions/import"
      texts="testQuestions.import"
      testId="test-import"
      accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
      questionLabel="testQuestions.fields.question"
      columns={[
        {
          label: 'testQuestions.fields.lang',
          cell: (r) => (
            <Typography component="span" variant="caption" color="text.secondary">
              {r.lang}
            </Typography>
          ),
        },
        { label: 'testQuestions.fields.expectedUrl', cell: (r) => r.expectedUrl ?? '' },
        { label: 'testQuestions.fields.expectedFacts', cell: (r) => r.expectedFacts.join('; ') },
      ]}
      onImported={onImported}
    />
  );
}
