import { Alert, Box, Button, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ApiChatbot, InitialSetupStatus } from '../../../contract/api/account.ts';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import { stepHref } from './wizardSteps.ts';

const POLL_MS = 1500;
/** Spec section 4: the initial scrape is in progress while pending or running; the default is completed. */
export const inProgress = (s: InitialSetupStatus | undefined) => s === 'pending' || s === 'running';

const STATUS_COLOR: Record<InitialSetupStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

/** Step "train website", second half: the site's screenshot and the initial training, polled until done. */
export function TrainWebsiteStep({ chatbot }: { chatbot: ApiChatbot }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const screenshot = useQuery({
    queryKey: ['register', 'screenshot', chatbot.url],
    queryFn: () => dataProvider.screenshot(chatbot.url),
    staleTime: Infinity,
    retry: false,
  });
  const verify = useQuery({
    queryKey: ['register', 'verify', chatbot.id],
    queryFn: () => dataProvider.verifyChatbot(chatbot.id, { url: chatbot.url, lang: chatbot.lang }),
    refetchInterval: (q) => (q.state.error || !inProgress(q.state.data?.initialSetup) ? false : POLL_MS),
    retry: false,
  });
  const status: InitialSetupStatus | undefined = verify.data?.initialSetup;
  const progress = verify.data?.progress ?? {};
  const found = progress.pagesFound ?? 0;
  const trained = progress.pagesTrained ?? 0;
  // Spec section 8: a 403 means the subscription expired; any other failure means the check is invalid.
  const verifyError = verify.error ? (verify.error instanceof ApiError && verify.error.status === 403 ? 'expired' : 'invalid') : null;

  return (
    <Box data-testid="register-training">
      <Typography gutterBottom>{translate('register.training.intro')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 2 }} data-testid="register-chatbot-url">
        {chatbot.url}
      </Typography>
      <Box
        sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 10', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.100', mb: 2 }}
      >
        {screenshot.data ? (
          <Box component="img" src={screenshot.data.image} alt={translate('register.training.screenshotAlt', { url: chatbot.url })} data-testid="register-screenshot" sx={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top', display: 'block' }} />
        ) : screenshot.isPending ? (
          <Skeleton variant="rectangular" width="100%" height="100%" />
        ) : (
          <Stack alignItems="center" justifyContent="center" sx={{ height: '100%', p: 2, textAlign: 'center' }}>
            <Typography color="text.secondary" data-testid="register-screenshot-missing">
              {translate('register.training.noScreenshot')}
            </Typography>
          </Stack>
        )}
      </Box>
      <Stack spacing={1} data-testid="register-setup-status" data-status={status ?? ''}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography>{translate('register.training.status')}</Typography>
          {status && <Chip size="small" color={STATUS_COLOR[status]} label={translate(`register.training.states.${status}`)} />}
        </Stack>
        {(verify.isPending || inProgress(status)) && (
          <LinearProgress aria-label={translate('register.training.status')} variant={found > 0 ? 'determinate' : 'indeterminate'} value={found > 0 ? Math.min(100, (trained / found) * 100) : undefined} />
        )}
        {(found > 0 || trained > 0) && (
          <Typography variant="body2" color="text.secondary" data-testid="register-setup-progress">
            {translate('register.training.progress', { trained, found })}
          </Typography>
        )}
        {status === 'completed' && <Alert severity="success">{translate('register.training.completed')}</Alert>}
        {status === 'failed' && <Alert severity="warning">{translate('register.training.failed')}</Alert>}
        {inProgress(status) && <Typography variant="body2" color="text.secondary">{translate('register.training.background')}</Typography>}
        {verifyError && <Alert severity="error">{translate(`register.training.verify.${verifyError}`)}</Alert>}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <Button onClick={() => navigate(stepHref('personal', true))} data-testid="register-back">
          {translate('register.back')}
        </Button>
        <Button variant="contained" onClick={() => navigate(stepHref('start', true))} data-testid="register-next">
          {translate('register.next')}
        </Button>
      </Box>
    </Box>
  );
}
