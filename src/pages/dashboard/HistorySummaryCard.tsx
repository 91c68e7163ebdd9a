import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import type { Statistics } from './useStatistics.ts';

/** The chat history at a glance, with the way to it. */
export function HistorySummaryCard({ history }: { history: Statistics['history'] }) {
  const translate = useTranslate();
  const items = [
    ['unread', history.unread],
    ['contact', history.contact],
    ['hr', history.hr],
    ['favorites', history.favorites],
  ] as const;
  return (
    <Card sx={{ height: '100%' }} data-testid="dashboard-history">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('dashboard.history.title')}
        </Typography>
        {items.map(([key, value]) => (
          <Stack key={key} direction="row" justifyContent="space-between" sx={{ py: 0.5 }}>
            <Typography color="text.secondary">{translate(`dashboard.history.${key}`)}</Typography>
            <Typography data-testid={`history-${key}`}>{value}</Typography>
          </Stack>
        ))}
        <Button component={Link} to="/history" sx={{ mt: 1 }}>
          {translate('dashboard.history.open')}
        </Button>
      </CardContent>
    </Card>
  );
}
