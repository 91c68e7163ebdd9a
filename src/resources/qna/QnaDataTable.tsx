import type { ReactNode } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import LinkIcon from '@mui/icons-material/Link';
import { visuallyHidden } from '@mui/utils';
import EditIcon from '@mui/icons-material/EditOutlined';
import { BulkDeleteButton, DataTable, DateField, DeleteWithConfirmButton, useTranslate } from 'react-admin';
import { QnaActiveSwitch } from './QnaActiveSwitch.tsx';
import { QnaBulkActiveButtons } from './QnaBulkActiveButtons.tsx';
import type { Qna } from './types.ts';

/** Two lines of a long text, the rest behind an ellipsis: 25 pairs fit in about two screens. */
const clamp = (lines: number) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }) as const;

/** The pairs on desktop: sortable columns, selection with bulk activation and bulk delete (undoable). */
export function QnaDataTable({ onEdit, empty }: { onEdit: (id: string) => void; empty: ReactNode }) {
  const translate = useTranslate();
  return (
    <DataTable<Qna>
      resource="qna"
      rowClick={false}
      empty={empty}
      size="small"
      bulkActionButtons={
        <>
          <QnaBulkActiveButtons />
          <BulkDeleteButton mutationMode="undoable" data-testid="qna-bulk-delete" />
        </>
      }
    >
      <DataTable.Col<Qna>
        source="question"
        cellSx={() => ({ width: '32%' })}
        render={(q) => (
          <Stack direction="row" spacing={0.5} alignItems="flex-start" sx={{ minWidth: 200 }}>
            <Typography variant="body2" fontWeight={600} sx={{ ...clamp(2), flex: 1 }} data-testid="qna-question" title={q.question}>
              {q.question}
            </Typography>
            {/* Marks instead of chips: a row stays two lines high. */}
            {q.fromChatHistory && <HistoryIcon fontSize="small" color="action" titleAccess={translate('training.qna.fromChatHistory')} />}
            {q.hasLink && <LinkIcon fontSize="small" color="action" titleAccess={translate('training.qna.hasLink')} />}
          </Stack>
        )}
      />
      <DataTable.Col<Qna>
        source="answer"
        render={(q) => (
          <Typography variant="body2" color="text.secondary" sx={{ ...clamp(2), minWidth: 200 }} data-testid="qna-answer" title={q.answer}>
            {q.answer}
          </Typography>
        )}
      />
      <DataTable.Col<Qna> source="active" render={(q) => <QnaActiveSwitch qna={q} />} />
      <DataTable.Col<Qna> source="createdAt" field={DateField} />
      <DataTable.Col<Qna>
        label={<Box component="span" sx={visuallyHidden}>{translate('training.actions')}</Box>}
        cellSx={() => ({ whiteSpace: 'nowrap', textAlign: 'right', width: 96 })}
        render={(q) => (
          <>
            <Tooltip title={translate('ra.action.edit')}>
              <IconButton size="small" onClick={() => onEdit(q.id)} aria-label={translate('ra.action.edit')} data-testid="qna-edit">
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <DeleteWithConfirmButton
              record={q}
              resource="qna"
              label=""
              aria-label={translate('ra.action.delete')}
              mutationMode="pessimistic"
              redirect={false}
              data-testid="qna-delete"
              sx={{ minWidth: 36 }}
            />
          </>
        )}
      />
    </DataTable>
  );
}
