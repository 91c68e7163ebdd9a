import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { activeChatbotId } from '../../providers/scope.ts';
import { useUserLookup } from '../../providers/userStore.ts';
import { useAppConfig } from '../profile/useAppConfig.ts';
import { CopySnippet } from './CopySnippet.tsx';
import { ShopConverter } from './ShopConverter.tsx';
import { StepList } from './StepList.tsx';
import { widgetSnippet } from './snippet.ts';

const GENERIC_STEPS = [1, 2, 3, 4].map((n) => `implementation.steps.${n}`);

/** /implementation/default: the widget's <script> for the site's <head>, generic steps and the shop variant. */
export default function ImplementationPage() {
  const translate = useTranslate();
  useUserLookup();
  const chatbotId = activeChatbotId();
  const appConfig = useAppConfig();
  return (
    <Box sx={{ py: 2 }} data-testid="implementation-page">
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('implementation.title')}
      </Typography>
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('implementation.snippetTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('implementation.snippetIntro')}
            </Typography>
            {appConfig.error && <Alert severity="error">{translate('errors.Unknown')}</Alert>}
            {appConfig.data && chatbotId ? (
              <CopySnippet code={widgetSnippet(appConfig.data.publicUrl, chatbotId)} />
            ) : (
              !appConfig.error && <Skeleton variant="rectangular" height={72} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('implementation.default')}
            </Typography>
            <StepList steps={GENERIC_STEPS} testId="implementation-steps" />
          </CardContent>
        </Card>
        <Card id="shopify">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('implementation.shopify')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('implementation.shop.intro')}
            </Typography>
            <ShopConverter />
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
