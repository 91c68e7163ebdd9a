import { Box, Button, Card, CardContent, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';

const STEPS = ['login', 'personal', 'website', 'start'] as const;

/** Registration wizard (spec section 2). The signed-in user has finished "login data"; the rest is built later. */
export default function RegisterPage() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 720 }} data-testid="register-page">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('register.title')}
          </Typography>
          <Stepper activeStep={1} alternativeLabel sx={{ my: 3 }}>
            {STEPS.map((s) => (
              <Step key={s}>
                <StepLabel>{translate(`register.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography color="text.secondary" gutterBottom>
            {translate('app.comingSoon')}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={() => logout()}>{translate('auth.logout')}</Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
