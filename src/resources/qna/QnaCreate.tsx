import { Button, Dialog, DialogTitle } from '@mui/material';
import { CreateBase, useNotify, useTranslate } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { QnaForm } from './QnaForm.tsx';

export function QnaCreate({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filter } = useTrainingScope();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="qna-create-title">
      <DialogTitle id="qna-create-title">{translate('training.qna.add')}</DialogTitle>
      <CreateBase
        resource="qna"
        redirect={false}
        record={{ ...filter, active: true }}
        mutationOptions={{
          onSuccess: () => {
            notify('training.qna.created', { type: 'success' });
            onClose();
          },
        }}
      >
        <QnaForm actions={<Button onClick={onClose}>{translate('ra.action.cancel')}</Button>} />
      </CreateBase>
    </Dialog>
  );
}
