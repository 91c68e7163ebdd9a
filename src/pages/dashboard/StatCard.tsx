import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** One figure with its label. */
export function StatCard({ label, value, testId, hint }: { label: string; value: ReactNode; testId: string; hint?: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId} sx={{ fontWeight: 500 }}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
