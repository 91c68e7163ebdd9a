import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';

export interface EmptyStateAction {
  label: string;
  to: string;
  icon?: ReactNode;
  testId?: string;
}

/** An empty screen that says why it is empty and what to do next, with links to the next steps. */
export function EmptyState({ title, text, actions = [], testId }: { title: string; text: string; actions?: EmptyStateAction[]; testId?: string }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: actions.length ? 2 : 0 }}>
        {text}
      </Typography>
      {actions.length > 0 && (
        // One below the other: the history's list pane is narrow even on a wide window.
        <Stack spacing={1} alignItems="center">
          {actions.map((a, i) => (
            <Button key={a.to} component={Link} to={a.to} variant={i === 0 ? 'contained' : 'outlined'} startIcon={a.icon} data-testid={a.testId}>
              {a.label}
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
}
