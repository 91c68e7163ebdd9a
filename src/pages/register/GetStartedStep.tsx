import { Box, Button, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import PreviewIcon from '@mui/icons-material/ChatBubbleOutline';
import CodeIcon from '@mui/icons-material/Code';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslate } from 'react-admin';
import { stepHref } from './wizardSteps.ts';

const NEXT: { key: string; to: string; icon: ComponentType }[] = [
  { key: 'preview', to: '/preview', icon: PreviewIcon },
  { key: 'implementation', to: '/implementation', icon: CodeIcon },
  { key: 'training', to: '/training', icon: SchoolIcon },
];

/** Step "get started": where to go next. */
export function GetStartedStep() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box data-testid="register-start">
      <Typography gutterBottom>{translate('register.start.intro')}</Typography>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {NEXT.map(({ key, to, icon: Icon }) => (
          <Grid key={key} size={{ xs: 12, sm: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={to} sx={{ height: '100%' }} data-testid={`register-start-${key}`}>
                <CardContent>
                  <Box sx={{ color: 'primary.main', mb: 1 }}>
                    <Icon />
                  </Box>
                  <Typography variant="subtitle1" component="h2" fontWeight={600}>
                    {translate(`register.start.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`register.start.${key}.text`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <Button onClick={() => navigate(stepHref('website', true))} data-testid="register-back">
          {translate('register.back')}
        </Button>
        <Button variant="contained" component={Link} to="/dashboard" data-testid="register-finish">
          {translate('register.start.dashboard')}
        </Button>
      </Box>
    </Box>
  );
}
