import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FilterLiveSearch, ListBase, Pagination, useListContext, useTranslate } from 'react-admin';
import { SortSelect } from '../../pages/training/SortSelect.tsx';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { ContactCreate } from './ContactCreate.tsx';
import { ContactDataTable } from './ContactDataTable.tsx';
import { ContactEdit } from './ContactEdit.tsx';
import { ContactExportButton } from './ContactExportButton.tsx';
import { ContactItem } from './ContactItem.tsx';
import { useAllContacts } from './useAllContacts.ts';
import type { Contact } from './types.ts';

/** Phones have no column headers to sort by. */
const SORTS = ['name', 'department', 'email', 'phone'].map((field) => ({ field, label: `resources.contacts.fields.${field}` }));

/**
 * /training/contacts: the people the chatbot hands visitors to, with one default and department overrides;
 * react-admin's list of the contacts resource (sort, search and page in the URL, bulk delete with undo, CSV export).
 */
export function ContactList() {
  const { filter } = useTrainingScope();
  return (
    <ListBase resource="contacts" filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={25} storeKey="training.contacts">
      <ContactListView />
    </ListBase>
  );
}

function ContactListView() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data = [], isPending, isFetching, total, filterValues } = useListContext<Contact>();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  // Who a contact replaces may be on another page: all contacts of the chatbot (a few) name them.
  const byId = useAllContacts();
  const filtered = Object.keys(filterValues).length > 0;
  const empty = <Alert severity="info">{translate(filtered ? 'ra.navigation.no_results' : 'training.contacts.empty', { name: translate('resources.contacts.name', { smart_count: 2 }) })}</Alert>;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography color="text.secondary">{translate('training.contacts.intro')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="contact-add" sx={{ flexShrink: 0 }}>
          {translate('training.contacts.add')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
        <FilterLiveSearch source="q" label={translate('training.contacts.search')} sx={{ width: { xs: '100%', sm: 300 } }} data-testid="contact-search" />
        {phone && <SortSelect fields={SORTS} testId="contact-sort" />}
        <ContactExportButton byId={byId} />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}</Box>
      {phone ? (
        <>
          {!isPending && data.length === 0 && empty}
          <Stack spacing={1} data-testid="contact-list">
            {data.map((c) => (
              <ContactItem key={c.id} contact={c} replaces={c.overridesId ? byId.get(c.overridesId) : undefined} onEdit={() => setEditing(c.id)} />
            ))}
          </Stack>
        </>
      ) : (
        <Box data-testid="contact-list">
          <ContactDataTable byId={byId} onEdit={setEditing} empty={empty} />
        </Box>
      )}
      {(total ?? 0) > 25 && <Pagination rowsPerPageOptions={[25, 50, 100]} />}
      <ContactCreate open={adding} onClose={() => setAdding(false)} first={!isPending && !filtered && data.length === 0} />
      <ContactEdit id={editing} onClose={() => setEditing(null)} />
    </Box>
  );
}
