import { lazy, Suspense } from 'react';
import { Alert, Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { activeChatbotId } from '../../providers/scope.ts';
import { useUserLookup } from '../../providers/userStore.ts';
import { HistorySummaryCard } from './HistorySummaryCard.tsx';
import { PlanFeaturesCard } from './PlanFeaturesCard.tsx';
import { StatCard } from './StatCard.tsx';
import { SubscriptionStatusCard } from './SubscriptionStatusCard.tsx';
import { UsageCard } from './UsageCard.tsx';
import { useStatistics } from './useStatistics.ts';

const MessagesChart = lazy(() => import('./MessagesChart.tsx'));
// Cards below the first view load after it (the first screen's JavaScript budget, tests/bundle).
const FeedbackCard = lazy(() => import('./FeedbackCard.tsx').then((m) => ({ default: m.FeedbackCard })));
const TestScoreDashboardCard = lazy(() => import('../../resources/test-questions/TestScoreDashboardCard.tsx').then((m) => ({ default: m.TestScoreDashboardCard })));

/** /dashboard: subscription status, messages, totals, usage, history summary, plan and the 30-day chart. */
export default function DashboardPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useUserLookup();
  const chatbotId = activeChatbotId();
  const stats = useStatistics(chatbotId);
  const tag = locale === 'de' ? 'de-DE' : 'en-GB';
  const n = (x: number, digits = 0) => x.toLocaleString(tag, { maximumFractionDigits: digits, minimumFractionDigits: digits });

  if (stats.error) return <Alert severity="error" sx={{ mt: 2 }}>{translate(stats.error.message, { _: translate('errors.Unknown') })}</Alert>;
  const s = stats.data;
  const figures = s
    ? [
        ['messagesToday', n(s.messagesToday)],
        ['messagesThisMonth', n(s.messagesThisMonth)],
        ['chats', n(s.totals.chats)],
        ['messages', n(s.totals.messages)],
        ['avgMessagesPerChat', n(s.totals.avgMessagesPerChat, 1)],
        ['avgLeadsPerChat', n(s.totals.avgLeadsPerChat, 2)],
        ['contactsCollected', n(s.totals.contactsCollected)],
      ]
    : [];

  return (
    <Box sx={{ py: 2 }} data-testid="dashboard-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('dashboard.title')}
      </Typography>
      {!s ? (
        <Grid container spacing={2}>
          {Array.from({ length: 8 }, (_, i) => (
            <Grid key={i} size={{ xs: 6, md: 3 }}>
              <Skeleton variant="rounded" height={110} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <Stack spacing={2}>
          <SubscriptionStatusCard subscription={s.subscription} />
          <Grid container spacing={2}>
            {figures.map(([key, value]) => (
              <Grid key={key} size={{ xs: 6, md: 3 }}>
                <StatCard label={translate(`dashboard.stats.${key}`)} value={value} testId={`stat-${key}`} />
              </Grid>
            ))}
            <Grid size={{ xs: 12, md: 3 }}>
              <UsageCard used={s.usage.usedMessages} max={s.usage.monthlyMessages} />
            </Grid>
          </Grid>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('dashboard.chart.title')}
              </Typography>
              <Box data-testid="dashboard-chart" sx={{ minHeight: 260 }}>
                <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
                  <MessagesChart data={s.messagesPerDay} />
                </Suspense>
              </Box>
            </CardContent>
          </Card>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <HistorySummaryCard history={s.history} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PlanFeaturesCard />
            </Grid>
            {s.feedback && (
              <Grid size={{ xs: 12, md: 6 }}>
                <Suspense fallback={null}>
                  <FeedbackCard feedback={s.feedback} />
                </Suspense>
              </Grid>
            )}
            <Grid size={{ xs: 12, md: 6 }}>
              <Suspense fallback={null}>
                <TestScoreDashboardCard chatbotId={chatbotId} />
              </Suspense>
            </Grid>
          </Grid>
        </Stack>
      )}
    </Box>
  );
}
