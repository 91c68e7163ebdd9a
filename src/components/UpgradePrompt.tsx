import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import { usePlanLimits, type PlanFeature } from './UpgradePromptLimits.tsx';

export { usePlanLimits, type PlanFeature } from './UpgradePromptLimits.tsx';

type Reason = PlanFeature | 'maxLanguages' | 'maxWebpages' | 'monthlyTrainingCycles' | 'monthlyMessages';

interface Props {
  /** What the plan lacks: a feature, or a numeric limit that is reached. */
  reason: Reason;
  /** The limit's number, for texts such as "your plan allows 2 languages". */
  max?: number;
  /** Optional: render the locked content dimmed and inert below the prompt. */
  children?: ReactNode;
  compact?: boolean;
}

/**
 * Tells the customer that their plan does not include something and how to get it (profile → manage
 * subscription). Reused by every screen that a plan can lock (styling, contact collection, languages…).
 */
export function UpgradePrompt({ reason, max, children, compact }: Props) {
  const translate = useTranslate();
  const { planName } = usePlanLimits();
  return (
    <Box data-testid={`upgrade-prompt-${reason}`}>
      <Alert
        severity="info"
        icon={<LockIcon fontSize="inherit" />}
        action={
          <Button component={Link} to="/profile" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {translate('profile.upgrade.action')}
          </Button>
        }
        sx={{ alignItems: 'center' }}
      >
        {!compact && <AlertTitle>{translate('profile.upgrade.title')}</AlertTitle>}
        {translate(`profile.upgrade.reasons.${reason}`, { max: max ?? '', plan: planName ?? '' })}
      </Alert>
      {children && (
        <Box aria-disabled sx={{ mt: 2, opacity: 0.45, pointerEvents: 'none', userSelect: 'none' }} inert>
          {children}
        </Box>
      )}
    </Box>
  );
}
