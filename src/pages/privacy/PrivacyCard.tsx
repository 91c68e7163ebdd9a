import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A card of the privacy page: a heading, what it does (i18n keys), then its controls. */
export function PrivacyCard({ title, help, children, after }: { title: string; help: string; children: ReactNode; after?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(help)}
        </Typography>
        {children}
      </CardContent>
      {after}
    </Card>
  );
}
