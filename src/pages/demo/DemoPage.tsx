import { Box, Container, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useTranslate } from 'react-admin';

/** Public demo of a chatbot (no sign-in). The widget itself is mounted here by the widget issue. */
export default function DemoPage() {
  const translate = useTranslate();
  const { chatbotId } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: 4 }} data-testid="demo-page" data-chatbot-id={chatbotId ?? ''}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('demo.title')}
      </Typography>
      {!chatbotId && (
        <Box role="alert">
          <Typography color="error">{translate('errors.demo.invalidLink')}</Typography>
        </Box>
      )}
    </Container>
  );
}
