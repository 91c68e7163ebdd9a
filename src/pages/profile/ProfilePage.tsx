import { Box, Button, Card, CardContent, Grid, Stack, Tooltip, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/EventOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'react-admin';
import { useUserLookup } from '../../providers/userStore.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { ContactSalesButton } from './ContactSalesButton.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { useAppConfig } from './useAppConfig.ts';

/** /profile: names and company, plan and subscription, manage subscription, book a meeting, logout. */
export default function ProfilePage() {
  const translate = useTranslate();
  const logout = useLogout();
  const lookup = useUserLookup();
  const appConfig = useAppConfig();
  const meetingUrl = appConfig.data?.meetingUrl ?? null;
  if (!lookup) return null;
  return (
    <Box sx={{ py: 2 }} data-testid="profile-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('profile.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileForm key={lookup.user.id} user={lookup.user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <SubscriptionCard subscription={lookup.subscription} customerId={lookup.user.organization.customerId} />
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate('profile.help')}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }} id="profile-meeting-text">
                  {translate(meetingUrl ? 'profile.meetingText' : 'profile.meetingUnavailable')}
                </Typography>
                <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                  {/* Disabled without a booking page: the tooltip (and the text above) say why. */}
                  <Tooltip title={meetingUrl ? '' : translate('profile.meetingUnavailable')}>
                    <span>
                      <Button
                        variant="outlined"
                        startIcon={<EventIcon />}
                        href={meetingUrl ?? ''}
                        target="_blank"
                        rel="noopener noreferrer"
                        disabled={!meetingUrl}
                        aria-describedby="profile-meeting-text"
                        data-testid="profile-book-meeting"
                      >
                        {translate('profile.bookMeeting')}
                      </Button>
                    </span>
                  </Tooltip>
                  {!meetingUrl && <ContactSalesButton size="medium" />}
                  <Button color="error" startIcon={<LogoutIcon />} onClick={() => logout()} data-testid="profile-logout">
                    {translate('auth.logout')}
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
