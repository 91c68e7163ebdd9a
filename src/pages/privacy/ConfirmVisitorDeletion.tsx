import { Confirm, useTranslate } from 'react-admin';

/** "Delete this visitor's data?": the one confirmation before a visitor's chats are erased. */
export function ConfirmVisitorDeletion({ open, onConfirm, onClose }: { open: boolean; onConfirm: () => void; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Confirm
      isOpen={open}
      title={translate('privacy.visitor.deleteTitle')}
      content={translate('privacy.visitor.deleteContent')}
      confirm={translate('privacy.visitor.delete')}
      confirmColor="warning"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
