import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';

/**
 * Deleting the account: the user types the account's e-mail address again; then the server blocks the
 * account and the dashboard signs out.
 */
export function DeleteAccountDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    try {
      await dataProvider.deleteAccount(typed.trim());
      notify('privacy.account.deleted', { type: 'info' });
      await logout();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" fullWidth maxWidth="sm">
      <DialogTitle id="delete-account-title">{translate('privacy.account.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('privacy.account.deleteHelp')}</DialogContentText>
        <DialogContentText sx={{ mb: 2 }}>{translate('privacy.account.deleteContent', { email })}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          type="email"
          label={translate('privacy.account.confirmEmail')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={!!typed && !matches}
          helperText={typed && !matches ? translate('privacy.account.confirmMismatch') : ' '}
          slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'delete-account-email' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={!matches || pending} data-testid="delete-account-confirm">
          {translate('privacy.account.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
