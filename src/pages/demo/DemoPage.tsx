import { Alert, AlertTitle, Box, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useLocaleState, useTranslate } from 'react-admin';
import { WidgetFrame } from '../preview/WidgetFrame.tsx';
import { DEMO_PROBLEM_TEXT, demoProblem, isDemoId } from './demoState.ts';
import { usePublicChatbot } from './usePublicChatbot.ts';

/**
 * /demo/:chatbotId, public: anyone with the link talks to the chatbot (the real widget, opened). Signed in
 * or not, it is the same page. Errors of the link, of the chatbot and of its subscription are named.
 */
export default function DemoPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { chatbotId } = useParams();
  const valid = isDemoId(chatbotId);
  const chatbot = usePublicChatbot(valid ? chatbotId : null, locale);
  const problem = !valid ? 'invalidLink' : chatbot.error ? demoProblem(chatbot.error) : null;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }} data-testid="demo-page" data-chatbot-id={chatbotId ?? ''}>
      <Box component="header" sx={{ px: 2, py: 1.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Typography variant="h6" component="h1" noWrap>
          {translate('app.title')} · {translate('demo.title')}
          {chatbot.data ? `: ${chatbot.data.config.title}` : ''}
        </Typography>
      </Box>
      <Container maxWidth="lg" sx={{ py: 2, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {problem && (
          <Alert severity="error" role="alert" data-testid="demo-error" data-problem={problem}>
            <AlertTitle>{translate(DEMO_PROBLEM_TEXT[problem])}</AlertTitle>
            {translate(`demo.problems.${problem}`)}
          </Alert>
        )}
        {valid && chatbot.isPending && (
          <Stack sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress aria-label={translate('app.loading')} />
          </Stack>
        )}
        {chatbot.data && (
          <>
            <Typography color="text.secondary">{translate('demo.intro')}</Typography>
            {chatbot.data.training && (
              <Alert severity="warning" data-testid="demo-training">
                {translate('demo.training')}
              </Alert>
            )}
            <WidgetFrame
              chatbotId={chatbot.data.chatbotId}
              lang={chatbot.data.lang}
              open
              title={translate('demo.frameTitle')}
              testId="demo-frame"
              sx={{ flex: 1, minHeight: { xs: 560, sm: 640 } }}
            />
          </>
        )}
      </Container>
    </Box>
  );
}
