import { Box, Grid, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { activeChatbotId } from '../../providers/scope.ts';
import { useUserLookup } from '../../providers/userStore.ts';
import { AccountDataCard } from './AccountDataCard.tsx';
import { RetentionCard } from './RetentionCard.tsx';
import { VisitorDataCard } from './VisitorDataCard.tsx';

/** /privacy: the retention period, one visitor's data by e-mail address, the account's export and deletion. */
export default function PrivacyPage() {
  const translate = useTranslate();
  const lookup = useUserLookup();
  const chatbotId = activeChatbotId();
  if (!lookup) return null;
  return (
    <Box sx={{ py: 2 }} data-testid="privacy-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('privacy.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('privacy.intro')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <RetentionCard chatbotId={chatbotId} />
            <VisitorDataCard chatbotId={chatbotId} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountDataCard email={lookup.user.email} />
        </Grid>
      </Grid>
    </Box>
  );
}
