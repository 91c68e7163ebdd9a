import { IconButton, Tooltip } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Webpage } from './types.ts';

/** Marks or unmarks a page as favorite (favorites can be trained together). */
export function WebpageFavoriteButton({ page }: { page: Webpage }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Webpage>();
  const label = translate(page.favorite ? 'training.website.unfavorite' : 'training.website.favorite');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={page.favorite}
        disabled={isPending}
        data-testid="page-favorite"
        onClick={() =>
          update('webpages', { id: page.id, data: { favorite: !page.favorite }, previousData: page }, {
            mutationMode: 'pessimistic',
            onError: (e: any) => notify(e?.message || 'errors.Unknown', { type: 'error' }),
          })
        }
      >
        {page.favorite ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}
