import { Alert, AlertTitle, Button } from '@mui/material';
import { Link } from 'react-router';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ApiSubscription } from '../../../contract/api/account.ts';
import { subscriptionState } from '../profile/subscriptionState.ts';
import { formatDate } from '../profile/format.ts';
import { planLabel } from '../../lib/planName.ts';

/** Subscription status at the top of the dashboard: expired, or trialing with the days left. */
export function SubscriptionStatusCard({ subscription }: { subscription: ApiSubscription | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = subscriptionState(subscription);
  if (state.headline === 'expired') {
    const expiredOn = state.lines.find((l) => l.key === 'expiredOn');
    return (
      <Alert
        severity="error"
        data-testid="dashboard-subscription"
        data-state="expired"
        action={
          <Button component={Link} to="/profile" color="inherit" size="small">
            {translate('profile.manageSubscription')}
          </Button>
        }
      >
        <AlertTitle>{translate('dashboard.subscription.expired')}</AlertTitle>
        {expiredOn && 'date' in expiredOn ? translate('profile.lines.expiredOn', { date: formatDate(expiredOn.date, locale) }) : null}
        {' '}
        {translate('dashboard.subscription.expiredText')}
      </Alert>
    );
  }
  if (state.headline === 'trialing') {
    return (
      <Alert severity="info" data-testid="dashboard-subscription" data-state="trialing">
        <AlertTitle>{translate('dashboard.subscription.trialing')}</AlertTitle>
        {state.daysLeft !== null ? translate('profile.daysLeft', { smart_count: state.daysLeft }) : null}
      </Alert>
    );
  }
  if (state.headline === 'none') return null;
  return (
    <Alert severity="success" data-testid="dashboard-subscription" data-state={state.headline}>
      {translate('dashboard.subscription.plan', { plan: planLabel(translate, subscription!), state: translate(`profile.states.${state.headline}`) })}
    </Alert>
  );
}
