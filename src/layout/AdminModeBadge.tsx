import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { currentAdminParams } from '../providers/adminSession.ts';
import { useUserLookup } from '../providers/userStore.ts';

/** Tells an admin whose account they are looking at. */
export function AdminModeBadge() {
  const translate = useTranslate();
  const lookup = useUserLookup();
  if (!currentAdminParams().adminToken) return null;
  const who = lookup?.user ? lookup.user.email : currentAdminParams().userId;
  return (
    <Chip
      data-testid="admin-mode"
      size="small"
      color="warning"
      label={`${translate('app.adminMode')}${who ? `: ${who}` : ''}`}
      sx={{ mx: 1, maxWidth: { xs: 120, sm: 360 } }}
    />
  );
}
