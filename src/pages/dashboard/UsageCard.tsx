import { Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { UpgradePrompt } from '../../components/UpgradePrompt.tsx';

/** Messages used this month against the plan's monthly messages (demo messages count). */
export function UsageCard({ used, max }: { used: number; max: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const n = (x: number) => x.toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB');
  const ratio = max > 0 ? Math.min(100, (used / max) * 100) : 100;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('dashboard.usedMessages')}
        </Typography>
        <Typography variant="h4" component="p" data-testid="stat-used-messages" sx={{ fontWeight: 500 }}>
          {n(used)} <Typography component="span" color="text.secondary">/ {n(max)}</Typography>
        </Typography>
        <LinearProgress aria-label={translate('dashboard.usedMessages')} variant="determinate" value={ratio} color={ratio >= 90 ? 'error' : 'primary'} sx={{ my: 1, height: 8, borderRadius: 4 }} />
        {used >= max && <UpgradePrompt reason="monthlyMessages" max={max} compact />}
      </CardContent>
    </Card>
  );
}
