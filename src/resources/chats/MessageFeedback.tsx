import { Box, Stack, Typography } from '@mui/material';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useTranslate } from 'react-admin';
import type { ApiMessage } from './types.ts';

/** The visitor's thumbs up / down on an answer, with the comment a thumbs-down may carry. */
export function MessageFeedback({ message }: { message: Pick<ApiMessage, 'feedbackRating' | 'feedbackComment'> }) {
  const translate = useTranslate();
  const rating = message.feedbackRating;
  if (!rating) return null;
  const Icon = rating === 'up' ? ThumbUpIcon : ThumbDownIcon;
  return (
    <Box data-testid="message-feedback" data-rating={rating} sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={0.75} alignItems="center">
        <Icon fontSize="small" color={rating === 'up' ? 'success' : 'error'} aria-hidden />
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {translate(`feedback.rating.${rating}`)}
        </Typography>
      </Stack>
      {message.feedbackComment && (
        <Typography variant="body2" component="blockquote" sx={{ m: 0, mt: 0.5, pl: 1, borderLeft: 3, borderColor: 'error.main', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="feedback-comment">
          <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
            {translate('feedback.comment')}
          </Typography>
          {message.feedbackComment}
        </Typography>
      )}
    </Box>
  );
}
