import { Card, CardContent, Stack, Typography } from '@mui/material';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useTranslate } from 'react-admin';
import type { Statistics } from './useStatistics.ts';

/** How visitors rated the answers in the widget: thumbs up and thumbs down. */
export function FeedbackCard({ feedback }: { feedback: Statistics['feedback'] }) {
  const translate = useTranslate();
  const items = [
    ['up', feedback.up, <ThumbUpIcon key="up" fontSize="small" color="success" aria-hidden />],
    ['down', feedback.down, <ThumbDownIcon key="down" fontSize="small" color="error" aria-hidden />],
  ] as const;
  return (
    <Card sx={{ height: '100%' }} data-testid="dashboard-feedback">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('dashboard.feedback.title')}
        </Typography>
        {items.map(([key, value, icon]) => (
          <Stack key={key} direction="row" spacing={1} alignItems="center" sx={{ py: 0.5 }}>
            {icon}
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              {translate(`dashboard.feedback.${key}`)}
            </Typography>
            <Typography data-testid={`feedback-${key}`}>{value}</Typography>
          </Stack>
        ))}
        <Typography variant="caption" color="text.secondary">
          {translate('dashboard.feedback.hint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
