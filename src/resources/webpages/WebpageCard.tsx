import { Box, Checkbox, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/EventRepeatOutlined';
import { useTranslate } from 'react-admin';
import { WebpageFavoriteButton } from './WebpageFavoriteButton.tsx';
import { WebpageTrainingState } from './WebpageTrainingState.tsx';
import type { Webpage } from './types.ts';

interface Props {
  page: Webpage;
  editing: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onSchedule: (page: Webpage) => void;
}

/** A page in the grid view. */
export function WebpageCard({ page, editing, selected, onToggle, onSchedule }: Props) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      data-testid="page-item"
      data-path={page.path}
      data-being-trained={page.beingTrained}
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, borderColor: selected ? 'primary.main' : undefined }}
    >
      <Stack direction="row" alignItems="center" spacing={0.5}>
        {editing && <Checkbox size="small" checked={selected} onChange={() => onToggle(page.id)} inputProps={{ 'aria-label': page.path }} data-testid="page-select" />}
        <WebpageFavoriteButton page={page} />
        <Box sx={{ flex: 1 }} />
        <Tooltip title={translate('training.schedule.forPage')}>
          <IconButton size="small" onClick={() => onSchedule(page)} aria-label={translate('training.schedule.forPage')}>
            <ScheduleIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }} title={page.url}>
        {page.path}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {page.title || ' '}
      </Typography>
      <WebpageTrainingState page={page} />
    </Paper>
  );
}
