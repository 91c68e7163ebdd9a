import { Button, Dialog, DialogTitle } from '@mui/material';
import { EditBase, useNotify, useTranslate } from 'react-admin';
import { QnaForm } from './QnaForm.tsx';

export function QnaEdit({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={!!id} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="qna-edit-title">
      <DialogTitle id="qna-edit-title">{translate('training.qna.edit')}</DialogTitle>
      {id && (
        <EditBase
          resource="qna"
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{
            onSuccess: () => {
              notify('training.qna.saved', { type: 'success' });
              onClose();
            },
          }}
        >
          <QnaForm actions={<Button onClick={onClose}>{translate('ra.action.cancel')}</Button>} />
        </EditBase>
      )}
    </Dialog>
  );
}
