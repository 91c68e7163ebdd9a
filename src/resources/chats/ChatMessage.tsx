import { useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatTime } from './formatDate.ts';
import { MessageFeedback } from './MessageFeedback.tsx';
import { MessageSources } from './MessageSources.tsx';
import { OptimizeAnswerDialog } from './OptimizeAnswerDialog.tsx';
import { TranslateMessageButton } from './TranslateMessageButton.tsx';
import type { ApiMessage } from './types.ts';
import { KeepAsTestButton } from '../test-questions/KeepAsTestButton.tsx';

/** One turn: the visitor's message (with its translation) and the chatbot's answer (with sources and the optimized answer). */
export function ChatMessage({ message, onChange }: { message: ApiMessage; onChange: (m: ApiMessage) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [optimizing, setOptimizing] = useState(false);
  const time = formatTime(message.createdAt, locale);
  return (
    <Box data-testid="chat-message" data-message-id={message.id} sx={{ mb: 2.5 }}>
      <Stack alignItems="flex-end">
        <Paper elevation={0} sx={{ p: 1.25, maxWidth: '85%', bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2, borderBottomRightRadius: 4 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="visitor-text">
            {message.question}
          </Typography>
          {message.translatedText && (
            <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'rgba(255,255,255,0.4)' }} data-testid="translated-text">
              <Typography variant="caption" sx={{ opacity: 0.85 }}>
                {translate('history.message.translated', { lang: message.translatedLang ?? '' })}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{message.translatedText}</Typography>
            </Box>
          )}
        </Paper>
        <Stack direction="row" spacing={1} alignItems="center">
          <TranslateMessageButton message={message} onTranslated={onChange} />
          <Typography variant="caption" color="text.secondary">
            {translate('history.chat.visitor')} · {time}
          </Typography>
        </Stack>
      </Stack>
      <Stack alignItems="flex-start" sx={{ mt: 0.5 }}>
        <Paper variant="outlined" sx={{ p: 1.25, maxWidth: '85%', borderRadius: 2, borderBottomLeftRadius: 4 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', ...(message.optimizedAnswer ? { color: 'text.secondary' } : {}) }} data-testid="bot-answer">
            {message.answer ?? translate('history.chat.noAnswer')}
          </Typography>
          <MessageSources sources={message.sources} />
          <MessageFeedback message={message} />
          {message.optimizedAnswer && (
            <Box sx={{ mt: 1, p: 1, borderRadius: 1, bgcolor: 'success.light', color: 'success.contrastText' }} data-testid="optimized-answer">
              <Typography variant="caption" sx={{ fontWeight: 600 }}>{translate('history.message.optimized')}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{message.optimizedAnswer}</Typography>
            </Box>
          )}
        </Paper>
        <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} alignItems="center">
          <Typography variant="caption" color="text.secondary">
            {translate('history.chat.bot')} · {time}
            {message.answeredBy ? ` · ${translate(`history.message.answeredBy.${message.answeredBy}`)}` : ''}
          </Typography>
          <Button size="small" startIcon={<AutoFixHighIcon fontSize="small" />} onClick={() => setOptimizing(true)} data-testid="optimize-button">
            {translate('history.optimize.button')}
          </Button>
          {message.answer !== null && <KeepAsTestButton chatId={message.chatId} messageId={message.id} />}
        </Stack>
      </Stack>
      {optimizing && <OptimizeAnswerDialog message={message} open onClose={() => setOptimizing(false)} onSaved={onChange} />}
    </Box>
  );
}
