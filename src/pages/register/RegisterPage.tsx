import { Box, Button, Card, CardContent, Divider, Step, StepLabel, Stepper, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLocation, useParams } from 'react-router';
import { useLogout, useTranslate } from 'react-admin';
import { useUserLookup } from '../../providers/userStore.ts';
import { currentAdminParams } from '../../providers/adminSession.ts';
import { isRegistered } from '../../providers/guard.ts';
import { STEP_LABELS, profileComplete, resolveStep, stepIndex } from './wizardSteps.ts';
import { rememberCampaign } from './campaign.ts';
import { PersonalDataStep } from './PersonalDataStep.tsx';
import { WebsiteStep } from './WebsiteStep.tsx';
import { TrainWebsiteStep } from './TrainWebsiteStep.tsx';
import { GetStartedStep } from './GetStartedStep.tsx';
import { LocaleSwitcher } from '../../layout/LocaleSwitcher.tsx';

/** Registration wizard (spec section 2): login data, personal data, train website, get started. */
export default function RegisterPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const lookup = useUserLookup();
  const { step: pathStep } = useParams();
  const { search } = useLocation();
  const campaign = rememberCampaign(search);
  const registered = isRegistered(!!currentAdminParams().adminToken, lookup);
  const requested = pathStep ?? new URLSearchParams(search).get('step');
  const step = resolveStep({ registered, requested, profileComplete: profileComplete(lookup?.user) });

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center', alignItems: { sm: 'center' }, p: { xs: 1, sm: 3 } }}>
      <Card sx={{ width: '100%', maxWidth: 760 }} data-testid="register-page" data-step={step}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography variant="h5" component="h1">
              {translate('register.title')}
            </Typography>
            <Box sx={{ color: 'primary.main' }}>
              <LocaleSwitcher />
            </Box>
          </Box>
          <Stepper activeStep={stepIndex(step)} alternativeLabel sx={{ my: 3, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}>
            {STEP_LABELS.map((s) => (
              <Step key={s}>
                <StepLabel>{translate(`register.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {lookup?.user && step === 'personal' && (
            <PersonalDataStep user={lookup.user} registered={registered} campaign={campaign} />
          )}
          {step === 'website' && !registered && <WebsiteStep lookup={lookup ?? null} />}
          {step === 'website' && registered && lookup?.chatbot && <TrainWebsiteStep chatbot={lookup.chatbot} />}
          {step === 'start' && <GetStartedStep />}
          <Divider sx={{ mt: 4, mb: 2 }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {lookup?.user ? translate('register.signedInAs', { email: lookup.user.email }) : ''}
            </Typography>
            <Button startIcon={<LogoutIcon />} onClick={() => logout()} data-testid="register-logout">
              {translate('auth.logout')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
