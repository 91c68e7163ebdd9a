import { List, ListItem, ListItemIcon, ListItemText, Avatar } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Numbered instructions; each item is an i18n key. */
export function StepList({ steps, testId }: { steps: string[]; testId?: string }) {
  const translate = useTranslate();
  return (
    <List dense data-testid={testId}>
      {steps.map((key, i) => (
        <ListItem key={key} alignItems="flex-start" disableGutters>
          <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
            <Avatar sx={{ width: 26, height: 26, fontSize: 14, bgcolor: 'primary.main' }}>{i + 1}</Avatar>
          </ListItemIcon>
          <ListItemText primary={translate(key)} />
        </ListItem>
      ))}
    </List>
  );
}
