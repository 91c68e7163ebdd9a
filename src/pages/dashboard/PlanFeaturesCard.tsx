import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import { UpgradePrompt, usePlanLimits, type PlanFeature } from '../../components/UpgradePrompt.tsx';

const FEATURES: { feature: PlanFeature; to: string }[] = [
  { feature: 'stylingAllowed', to: '/uiconfig/styling-and-colors' },
  { feature: 'contactCollectionAllowed', to: '/uiconfig/contacts' },
  { feature: 'brandingRemovalAllowed', to: '/uiconfig/styling-and-colors' },
];

/** What the plan includes: included features link to their screen, the others show the upgrade prompt. */
export function PlanFeaturesCard() {
  const translate = useTranslate();
  const { planName, limits, allows } = usePlanLimits();
  if (!limits) return null;
  return (
    <Card data-testid="dashboard-plan">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('dashboard.plan.title', { plan: planName ?? '' })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('dashboard.plan.limits', {
            languages: limits.maxLanguages,
            webpages: limits.maxWebpages,
            cycles: limits.monthlyTrainingCycles,
            messages: limits.monthlyMessages,
          })}
        </Typography>
        <Stack spacing={1}>
          {FEATURES.map(({ feature, to }) =>
            allows(feature) ? (
              <Stack key={feature} direction="row" spacing={1} alignItems="center" data-testid={`plan-feature-${feature}`}>
                <CheckIcon color="success" fontSize="small" />
                <Button component={Link} to={to} size="small" sx={{ textTransform: 'none', p: 0, minWidth: 0 }}>
                  {translate(`dashboard.plan.features.${feature}`)}
                </Button>
              </Stack>
            ) : (
              <UpgradePrompt key={feature} reason={feature} compact />
            ),
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
