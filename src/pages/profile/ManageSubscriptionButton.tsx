import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { ApiError } from '../../providers/http.ts';
import { ContactSalesButton } from './ContactSalesButton.tsx';

/**
 * Opens Stripe's customer portal (POST stripe/portal-session). Without billing on the server (501
 * FeatureNotConfigured) or without a billing account the button explains that it is not available;
 * any other failure gives Unknown (spec section 8).
 */
export function ManageSubscriptionButton({ customerId }: { customerId: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  const [unavailable, setUnavailable] = useState<null | 'notConfigured' | 'noCustomer'>(null);

  async function open() {
    if (!customerId) return setUnavailable('noCustomer');
    setBusy(true);
    try {
      const { url } = await dataProvider.createPortalSession(customerId);
      window.location.assign(url);
    } catch (err) {
      if (err instanceof ApiError && err.serverKey === 'FeatureNotConfigured') setUnavailable('notConfigured');
      else notify('errors.Unknown', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" endIcon={<OpenInNewIcon />} onClick={open} disabled={busy} data-testid="profile-manage-subscription">
        {translate('profile.manageSubscription')}
      </Button>
      {unavailable && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="profile-billing-unavailable" action={<ContactSalesButton />}>
          {translate(`profile.billingUnavailable.${unavailable}`)}
        </Alert>
      )}
    </>
  );
}
