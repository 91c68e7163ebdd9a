import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Stands in for a screen another issue builds: shows its title and says so, never fake data. */
export function PlaceholderPage({ title, subtitle }: { title: string; subtitle?: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="placeholder-page">
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(title)}
          {subtitle ? ` – ${translate(subtitle)}` : ''}
        </Typography>
        <Typography color="text.secondary">{translate('app.comingSoon')}</Typography>
      </CardContent>
    </Card>
  );
}
