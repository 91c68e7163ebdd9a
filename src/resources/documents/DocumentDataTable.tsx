import type { ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { BulkDeleteButton, DataTable, DateField, DeleteWithConfirmButton, useTranslate } from 'react-admin';
import { formatSize } from './formatSize.ts';
import type { TrainingDocument } from './types.ts';

/** The documents on desktop: sortable columns, selection with bulk delete (undoable). */
export function DocumentDataTable({ locale, empty }: { locale: string; empty: ReactNode }) {
  const translate = useTranslate();
  const numbers = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US');
  return (
    <DataTable<TrainingDocument>
      resource="documents"
      rowClick={false}
      empty={empty}
      size="small"
      bulkActionButtons={<BulkDeleteButton mutationMode="undoable" data-testid="document-bulk-delete" />}
    >
      <DataTable.Col<TrainingDocument> source="type" render={(d) => <Chip size="small" label={d.type.toUpperCase()} sx={{ fontWeight: 600, minWidth: 52 }} />} />
      <DataTable.Col<TrainingDocument>
        source="name"
        render={(d) => (
          <Box data-testid="document-item" data-name={d.name}>
            <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
              {d.name}
            </Typography>
            {d.sourceUrl && (
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {d.sourceUrl}
              </Typography>
            )}
          </Box>
        )}
      />
      <DataTable.Col<TrainingDocument>
        source="size"
        align="right"
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(d) => <span data-testid="document-size">{formatSize(d.size, locale)}</span>}
      />
      <DataTable.Col<TrainingDocument>
        source="characters"
        align="right"
        render={(d) => <span data-testid="document-characters">{translate('training.documents.characters', { count: numbers.format(d.characters) })}</span>}
      />
      <DataTable.Col<TrainingDocument> source="createdAt" field={DateField} />
      <DataTable.Col<TrainingDocument>
        label={<Box component="span" sx={visuallyHidden}>{translate('training.actions')}</Box>}
        cellSx={() => ({ textAlign: 'right', width: 56 })}
        render={(d) => (
          <DeleteWithConfirmButton
            record={d}
            resource="documents"
            label=""
            aria-label={translate('ra.action.delete')}
            mutationMode="pessimistic"
            redirect={false}
            data-testid="document-delete"
            sx={{ minWidth: 36 }}
          />
        )}
      />
    </DataTable>
  );
}
