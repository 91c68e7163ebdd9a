import { Button, Dialog, DialogTitle } from '@mui/material';
import { EditBase, useNotify, useTranslate } from 'react-admin';
import { ContactForm } from './ContactForm.tsx';

/** Edits a contact in a dialog; saving waits for the server so a refused phone number stays in the form. */
export function ContactEdit({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={!!id} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-edit-title">
      <DialogTitle id="contact-edit-title">{translate('training.contacts.edit')}</DialogTitle>
      {id && (
        <EditBase
          resource="contacts"
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{
            onSuccess: () => {
              notify('training.contacts.saved', { type: 'success' });
              onClose();
            },
          }}
        >
          <ContactForm actions={<Button onClick={onClose}>{translate('ra.action.cancel')}</Button>} />
        </EditBase>
      )}
    </Dialog>
  );
}
