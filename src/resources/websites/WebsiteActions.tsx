import { Button, Stack } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StarIcon from '@mui/icons-material/Star';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import type { Website } from './types.ts';

interface Props {
  website: Website;
  scope: Record<string, string>;
  run: (call: () => Promise<unknown>, success: string) => Promise<boolean>;
  busy: boolean;
  running: boolean;
  onSchedule: () => void;
}

/** Whole-website actions: train all, train favorites, retrain the website, collect new subpages, schedule. */
export function WebsiteActions({ website, scope, run, busy, running, onSchedule }: Props) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const id = website.id;
  const disabled = busy || running;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="website-actions" sx={{ '& .MuiButton-root': { flex: { xs: '1 1 160px', sm: '0 0 auto' } } }}>
      <Button size="small" variant="contained" startIcon={<PlayArrowIcon />} disabled={disabled || !website.pages} data-testid="website-train-all"
        onClick={() => run(() => dataProvider.request('POST', 'webpages/train', { ...scope, websiteId: id, all: true }), 'training.website.started.all')}>
        {translate('training.website.trainAll')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<StarIcon />} disabled={disabled || !website.pages} data-testid="website-train-favorites"
        onClick={() => run(() => dataProvider.request('POST', `websites/${id}/train-favorites`), 'training.website.started.favorites')}>
        {translate('training.website.trainFavorites')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<RefreshIcon />} disabled={disabled} data-testid="website-retrain"
        onClick={() => run(() => dataProvider.request('POST', `websites/${id}/retrain`), 'training.website.started.retrain')}>
        {translate('training.website.retrain')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<TravelExploreIcon />} disabled={disabled} data-testid="website-collect"
        onClick={() => run(() => dataProvider.request('POST', `websites/${id}/collect`), 'training.website.started.collect')}>
        {translate('training.website.collect')}
      </Button>
      <Button size="small" variant="outlined" startIcon={<EventRepeatIcon />} onClick={onSchedule} data-testid="website-schedule">
        {translate('training.schedule.action')}
      </Button>
    </Stack>
  );
}
