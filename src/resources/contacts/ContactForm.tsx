import type { ReactNode } from 'react';
import { Box, DialogActions, DialogContent } from '@mui/material';
import { BooleanInput, Form, SaveButton, SelectInput, TextInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { contactValidation } from './contactValidation.ts';
import type { Contact } from './types.ts';

/** The fields of a handover contact, shared by the add and edit dialogs. */
export function ContactForm({ actions }: { actions: ReactNode }) {
  const translate = useTranslate();
  const record = useRecordContext<Contact>();
  const { filter } = useTrainingScope();
  const { data: others = [] } = useGetList<Contact>('contacts', { filter, pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const choices = others.filter((c) => c.id !== record?.id).map((c) => ({ id: c.id, name: `${c.name} (${c.department})` }));
  return (
    <Form mode="onBlur" reValidateMode="onChange" sanitizeEmptyValues>
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextInput source="name" label="training.contacts.fields.name" validate={contactValidation.name} autoFocus />
          <TextInput source="department" label="training.contacts.fields.department" validate={contactValidation.department} />
          <TextInput source="email" type="email" label="training.contacts.fields.email" validate={contactValidation.email} />
          <TextInput source="phone" type="tel" label="training.contacts.fields.phone" validate={contactValidation.phone} />
        </Box>
        <BooleanInput source="isDefault" label="training.contacts.fields.isDefault" helperText="training.contacts.help.isDefault" />
        <SelectInput
          source="overridesId"
          label="training.contacts.fields.overridesId"
          helperText="training.contacts.help.overridesId"
          choices={choices}
          emptyText={translate('training.contacts.noOverride')}
          // No choice is stored as null: the contact replaces nobody.
          parse={(v) => (v === '' ? null : v)}
          format={(v) => v ?? ''}
        />
      </DialogContent>
      <DialogActions>
        {actions}
        <SaveButton data-testid="contact-save" alwaysEnable />
      </DialogActions>
    </Form>
  );
}
