import type { ReactNode } from 'react';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import EditIcon from '@mui/icons-material/EditOutlined';
import { BulkDeleteButton, DataTable, DeleteWithConfirmButton, useTranslate } from 'react-admin';
import type { Contact } from './types.ts';

/** The contacts on desktop: sortable columns, who a contact replaces, selection with bulk delete (undoable). */
export function ContactDataTable({ byId, onEdit, empty }: { byId: Map<string, Contact>; onEdit: (id: string) => void; empty: ReactNode }) {
  const translate = useTranslate();
  return (
    <DataTable<Contact> resource="contacts" rowClick={false} empty={empty} size="small" bulkActionButtons={<BulkDeleteButton mutationMode="undoable" data-testid="contact-bulk-delete" />}>
      <DataTable.Col<Contact>
        source="name"
        render={(c) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Typography>
            {c.isDefault && <Chip size="small" color="primary" label={translate('training.contacts.default')} data-testid="contact-default" />}
          </Box>
        )}
      />
      <DataTable.Col<Contact> source="department" />
      <DataTable.Col<Contact> source="email" cellSx={() => ({ overflowWrap: 'anywhere' })} />
      <DataTable.Col<Contact> source="phone" cellSx={() => ({ whiteSpace: 'nowrap' })} />
      <DataTable.Col<Contact>
        source="overridesId"
        disableSort
        render={(c) => {
          const replaced = c.overridesId ? byId.get(c.overridesId) : undefined;
          return replaced ? (
            <Typography variant="body2" color="text.secondary">
              {translate('training.contacts.replaces', { name: replaced.name, department: c.department })}
            </Typography>
          ) : null;
        }}
      />
      <DataTable.Col<Contact>
        label={<Box component="span" sx={visuallyHidden}>{translate('training.actions')}</Box>}
        cellSx={() => ({ whiteSpace: 'nowrap', textAlign: 'right', width: 96 })}
        render={(c) => (
          <>
            <Tooltip title={translate('ra.action.edit')}>
              <IconButton size="small" onClick={() => onEdit(c.id)} aria-label={translate('ra.action.edit')} data-testid="contact-edit">
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <DeleteWithConfirmButton
              record={c}
              resource="contacts"
              label=""
              aria-label={translate('ra.action.delete')}
              mutationMode="pessimistic"
              redirect={false}
              data-testid="contact-delete"
              sx={{ minWidth: 36 }}
            />
          </>
        )}
      />
    </DataTable>
  );
}
