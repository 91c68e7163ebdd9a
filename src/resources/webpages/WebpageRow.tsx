import { Box, Checkbox, IconButton, ListItem, Tooltip, Typography } from '@mui/material';
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

/** A page in the list view: path, title, favorite flag and training state on one line. */
export function WebpageRow({ page, editing, selected, onToggle, onSchedule }: Props) {
  const translate = useTranslate();
  return (
    <ListItem divider data-testid="page-item" data-path={page.path} data-being-trained={page.beingTrained} sx={{ gap: 1, py: 0.5, px: { xs: 1, sm: 2 } }}>
      {editing && <Checkbox size="small" checked={selected} onChange={() => onToggle(page.id)} inputProps={{ 'aria-label': page.path }} data-testid="page-select" />}
      <WebpageFavoriteButton page={page} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" fontWeight={500} noWrap title={page.url}>
          {page.path}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {page.title || ' '}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0, textAlign: 'right', maxWidth: { xs: 120, sm: 'none' } }}>
        <WebpageTrainingState page={page} />
      </Box>
      <Tooltip title={translate('training.schedule.forPage')}>
        <IconButton size="small" onClick={() => onSchedule(page)} aria-label={translate('training.schedule.forPage')} data-testid="page-schedule">
          <ScheduleIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </ListItem>
  );
}
