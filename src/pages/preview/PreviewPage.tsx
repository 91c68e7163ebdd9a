import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { useUserLookup } from '../../providers/userStore.ts';
import { useActiveLanguage } from '../../hooks/useActiveLanguage.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

/** /preview: the customer's own chatbot, opened, over a screenshot of their website. */
export default function PreviewPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const lookup = useUserLookup();
  const { active: lang, chatbotId } = useActiveLanguage();
  const siteUrl = lookup?.chatbot?.url ?? null;
  const screenshot = useQuery({
    queryKey: ['screenshot', siteUrl],
    queryFn: () => dataProvider.screenshot(siteUrl!),
    enabled: !!siteUrl,
    staleTime: 10 * 60_000,
    retry: false,
  });

  return (
    <Box sx={{ py: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, contain: 'inline-size' }} data-testid="preview-page">
      <Typography variant="h5" component="h1">
        {translate('preview.title')}
      </Typography>
      <Typography color="text.secondary">{translate('preview.intro', { url: siteUrl ?? '' })}</Typography>
      {screenshot.isError && (
        <Alert severity="info" data-testid="preview-no-screenshot">
          {translate('preview.noScreenshot')}
        </Alert>
      )}
      {chatbotId ? (
        <WidgetFrame
          chatbotId={chatbotId}
          lang={lang}
          open
          background={screenshot.data?.image ?? null}
          title={translate('preview.frameTitle')}
          testId="preview-frame"
          sx={{ height: { xs: 640, md: 'calc(100vh - 250px)' }, minHeight: 520 }}
        />
      ) : (
        <Alert severity="warning">{translate('errors.NoLanguageSelected')}</Alert>
      )}
    </Box>
  );
}
