import { useState } from 'react';
import { Button, Divider, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import DeleteForeverIcon from '@mui/icons-material/DeleteForeverOutlined';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { PrivacyCard } from './PrivacyCard.tsx';

/** The whole account: export everything as JSON, or delete it. */
export function AccountDataCard({ email }: { email: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const exportAll = async () => {
    setExporting(true);
    try {
      await dataProvider.exportAccount();
      notify('privacy.account.exported', { type: 'info' });
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <PrivacyCard
      title="privacy.account.title"
      help="privacy.account.exportHelp"
      after={<DeleteAccountDialog open={deleting} email={email} onClose={() => setDeleting(false)} />}
    >
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportAll()} disabled={exporting}>
        {translate('privacy.account.export')}
      </Button>
      <Divider sx={{ my: 2 }} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('privacy.account.deleteHelp')}
      </Typography>
      <Button color="error" variant="contained" startIcon={<DeleteForeverIcon />} onClick={() => setDeleting(true)} data-testid="delete-account">
        {translate('privacy.account.delete')}
      </Button>
    </PrivacyCard>
  );
}
