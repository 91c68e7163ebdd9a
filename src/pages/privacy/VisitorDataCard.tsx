import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { LEAD_EMAIL_RE } from '../../../contract/lead.ts';
import { ConfirmVisitorDeletion } from './ConfirmVisitorDeletion.tsx';
import { PrivacyCard } from './PrivacyCard.tsx';
import { useVisitorData } from './useVisitorData.ts';

/** A visitor's data by e-mail address (a visitor asked by mail): export it or delete it. */
export function VisitorDataCard({ chatbotId }: { chatbotId: string | null }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const visitor = useVisitorData({ onNotFound: () => setProblem('privacy.visitor.notFound') });
  const trimmed = email.trim();
  const valid = LEAD_EMAIL_RE.test(trimmed);

  const act = (action: 'export' | 'delete') => {
    if (!chatbotId) return;
    if (!valid) return setProblem('privacy.visitor.invalidEmail');
    setProblem(null);
    if (action === 'delete') return setConfirming(true);
    void visitor.exportData({ chatbotId, email: trimmed });
  };
  const remove = async () => {
    setConfirming(false);
    if (chatbotId && (await visitor.deleteData({ chatbotId, email: trimmed }))) setEmail('');
  };

  return (
    <PrivacyCard
      title="privacy.visitor.title"
      help="privacy.visitor.help"
      after={<ConfirmVisitorDeletion open={confirming} onConfirm={() => void remove()} onClose={() => setConfirming(false)} />}
    >
      <Stack spacing={2}>
        <TextField
          size="small"
          type="email"
          label={translate('privacy.visitor.email')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setProblem(null);
          }}
          error={!!problem}
          helperText={problem ? translate(problem) : ' '}
          disabled={!chatbotId}
          slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'visitor-email' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap flexWrap="wrap">
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => act('export')} disabled={!chatbotId || visitor.pending}>
            {translate('privacy.visitor.export')}
          </Button>
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => act('delete')} disabled={!chatbotId || visitor.pending}>
            {translate('privacy.visitor.delete')}
          </Button>
        </Stack>
      </Stack>
    </PrivacyCard>
  );
}
