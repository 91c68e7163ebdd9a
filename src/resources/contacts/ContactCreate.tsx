import { Button, Dialog, DialogTitle } from '@mui/material';
import { CreateBase, useNotify, useTranslate } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { ContactForm } from './ContactForm.tsx';

/** Adds a handover contact in a dialog; the first contact of a chatbot becomes its default. */
export function ContactCreate({ open, onClose, first = false }: { open: boolean; onClose: () => void; first?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filter } = useTrainingScope();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-create-title">
      <DialogTitle id="contact-create-title">{translate('training.contacts.add')}</DialogTitle>
      <CreateBase
        resource="contacts"
        redirect={false}
        record={{ chatbotId: filter.chatbotId, isDefault: first, overridesId: null }}
        mutationOptions={{
          onSuccess: () => {
            notify('training.contacts.created', { type: 'success' });
            onClose();
          },
        }}
      >
        <ContactForm actions={<Button onClick={onClose}>{translate('ra.action.cancel')}</Button>} />
      </CreateBase>
    </Dialog>
  );
}
