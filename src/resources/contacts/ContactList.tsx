import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ListBase, useListContext, useTranslate } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { ContactCreate } from './ContactCreate.tsx';
import { ContactEdit } from './ContactEdit.tsx';
import { ContactItem } from './ContactItem.tsx';
import type { Contact } from './types.ts';

/** /training/contacts: the people the chatbot hands visitors to, with one default and department overrides. */
export function ContactList() {
  const { filter } = useTrainingScope();
  return (
    <ListBase resource="contacts" filter={filter} sort={{ field: 'name', order: 'ASC' }} perPage={200} disableSyncWithLocation>
      <ContactListView />
    </ListBase>
  );
}

function ContactListView() {
  const translate = useTranslate();
  const { data = [], isPending, isFetching } = useListContext<Contact>();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const byId = new Map(data.map((c) => [c.id, c]));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Typography color="text.secondary">{translate('training.contacts.intro')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="contact-add" sx={{ flexShrink: 0 }}>
          {translate('training.contacts.add')}
        </Button>
      </Stack>
      {isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {!isPending && data.length === 0 && <Alert severity="info">{translate('training.contacts.empty')}</Alert>}
      <Stack spacing={1} data-testid="contact-list">
        {data.map((c) => (
          <ContactItem key={c.id} contact={c} replaces={c.overridesId ? byId.get(c.overridesId) : undefined} onEdit={() => setEditing(c.id)} />
        ))}
      </Stack>
      <ContactCreate open={adding} onClose={() => setAdding(false)} first={!isPending && data.length === 0} />
      <ContactEdit id={editing} onClose={() => setEditing(null)} />
    </Box>
  );
}
