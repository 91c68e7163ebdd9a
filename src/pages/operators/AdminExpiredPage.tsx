import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clearAdminParams } from '../../providers/adminSession.ts';
import { userStore } from '../../providers/userStore.ts';
import { usePageTitle } from '../../layout/usePageTitle.ts';

/**
 * Where the admin view ends when the server no longer accepts the admin token: says so, and leads back to
 * the customer list (where the operator's own session is renewed, or sign-in asked for).
 */
export default function AdminExpiredPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  usePageTitle('operators.expired.title');
  useEffect(() => {
    // The refused token is of no use any more; the customer's data must not stay loaded either.
    clearAdminParams();
    userStore.set(undefined);
  }, []);
  return (
    <Stack component="main" alignItems="center" justifyContent="center" sx={{ minHeight: '100vh', p: 2 }}>
      <Card role="alert" data-testid="admin-expired" sx={{ maxWidth: 480 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('operators.expired.title')}
          </Typography>
          <Typography>{translate('operators.expired.message')}</Typography>
        </CardContent>
        <CardActions>
          <Button variant="contained" onClick={() => navigate('/customers', { replace: true })}>
            {translate('operators.expired.back')}
          </Button>
        </CardActions>
      </Card>
    </Stack>
  );
}
