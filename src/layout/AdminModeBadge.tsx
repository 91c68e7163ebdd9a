import { Suspense, lazy } from 'react';
import { useTranslate } from 'react-admin';
import { currentAdminParams } from '../providers/adminSession.ts';
import { useUserLookup } from '../providers/userStore.ts';

/** Only admins see the badge, so its chip and button are not part of a customer's first screen. */
const AdminModeChip = lazy(() => import('./AdminModeChip.tsx'));

/** Tells an admin whose account they are looking at, with the way back to the customer list. */
export function AdminModeBadge() {
  const translate = useTranslate();
  const lookup = useUserLookup();
  if (!currentAdminParams().adminToken) return null;
  const who = lookup?.user ? lookup.user.email : currentAdminParams().userId;
  return (
    <Suspense fallback={null}>
      <AdminModeChip
        label={`${translate('app.adminMode')}${who ? `: ${who}` : ''}`}
        backText={translate('app.adminModeBack')}
        backLabel={translate('app.adminModeBackLabel')}
      />
    </Suspense>
  );
}
