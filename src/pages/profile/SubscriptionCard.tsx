import { Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ApiSubscription } from '../../../contract/api/account.ts';
import { formatDate, formatPrice } from './format.ts';
import { subscriptionState, type SubscriptionHeadline } from './subscriptionState.ts';
import { ManageSubscriptionButton } from './ManageSubscriptionButton.tsx';
import { planLabel } from '../../lib/planName.ts';

const HEADLINE_COLOR: Record<SubscriptionHeadline, 'success' | 'info' | 'error' | 'default' | 'secondary'> = {
  active: 'success',
  trialing: 'info',
  expired: 'error',
  demo: 'secondary',
  none: 'default',
};

/** Plan, price, period, dates and the subscription's states (spec section 4), with manage subscription. */
export function SubscriptionCard({ subscription, customerId }: { subscription: ApiSubscription | null; customerId: string | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = subscriptionState(subscription);
  const row = (label: string, value: string, testId?: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }} data-testid={testId}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right' }}>{value}</Typography>
    </Box>
  );
  return (
    <Card data-testid="profile-subscription">
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }} flexWrap="wrap" useFlexGap spacing={1}>
          <Typography variant="h6" component="h2">
            {translate('profile.subscription')}
          </Typography>
          <Chip color={HEADLINE_COLOR[state.headline]} label={translate(`profile.states.${state.headline}`)} data-testid="profile-subscription-state" />
        </Stack>
        {subscription ? (
          <>
            {row(translate('profile.plan'), planLabel(translate, subscription), 'profile-plan')}
            {row(translate('profile.price'), formatPrice(subscription.priceCents, subscription.currency, locale))}
            {row(translate('profile.period'), translate(`profile.periods.${subscription.period}`))}
            {row(translate('profile.startedAt'), formatDate(subscription.startedAt, locale))}
            <Divider sx={{ my: 1 }} />
            {state.lines.map((line) => (
              <Typography key={line.key} sx={{ py: 0.5 }} data-testid={`profile-state-${line.key}`}>
                {translate(`profile.lines.${line.key}`, { date: 'date' in line && line.date ? formatDate(line.date, locale) : '', days: state.daysLeft ?? '' })}
              </Typography>
            ))}
            {state.headline === 'trialing' && state.daysLeft !== null && (
              <Typography color="text.secondary">{translate('profile.daysLeft', { smart_count: state.daysLeft })}</Typography>
            )}
          </>
        ) : (
          <Typography color="text.secondary">{translate('profile.noSubscription')}</Typography>
        )}
        <Box sx={{ mt: 2 }}>
          <ManageSubscriptionButton customerId={customerId} />
        </Box>
      </CardContent>
    </Card>
  );
}
