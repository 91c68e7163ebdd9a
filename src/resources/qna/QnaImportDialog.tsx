import { SheetImportDialog } from '../../components/SheetImportDialog.tsx';
import type { QnaImportResult } from './types.ts';

type Row = NonNullable<QnaImportResult['rows']>[number];

/** xlsx import of question-answer pairs. A sheet whose rows do not have 2 columns is refused with the spec's warning. */
export function QnaImportDialog({ open, onClose, scope }: { open: boolean; onClose: () => void; scope: Record<string, string> }) {
  return (
    <SheetImportDialog<Row>
      open={open}
      onClose={onClose}
      scope={scope}
      path="qna/import"
      texts="training.qna.import"
      testId="qna-import"
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      questionLabel="training.qna.fields.question"
      columns={[{ label: 'training.qna.fields.answer', cell: (r) => r.answer }]}
    />
  );
}
